import { api } from "@convex/_generated/api";
import { INACTIVITY_MESSAGES } from "@convex/model/inactivity";
import { useMutation, useQuery } from "convex/react";
import { format } from "date-fns";
import { InfoIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * After a day-60 or day-80 inactivity reminder, a calm word on the dashboard: coming back was all
 * it took. Informational, dismissible, and gone by itself once the warning is answered.
 */
export function InactivityNotice() {
  const notice = useQuery(api.inactivity.notice);
  const dismiss = useMutation(api.inactivity.dismissNotice);
  const [hidden, setHidden] = useState(false);
  if (!notice || hidden) return null;
  return (
    <aside aria-labelledby="inactivity-notice-title" className="flex items-start gap-3 rounded-xl border border-primary/30 bg-accent p-4 text-accent-foreground">
      <InfoIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="inactivity-notice-title" className="font-semibold">
          {INACTIVITY_MESSAGES.noticeTitle}
        </h2>
        <p>{INACTIVITY_MESSAGES.notice(notice.level, format(notice.sentAt, "MMMM d"))}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Dismiss this notice"
        onClick={() => {
          setHidden(true);
          dismiss({}).catch(() => setHidden(false));
        }}
      >
        <XIcon aria-hidden />
      </Button>
    </aside>
  );
}
