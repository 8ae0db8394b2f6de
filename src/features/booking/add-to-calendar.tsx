import { api } from "@convex/_generated/api";
import { useConvex } from "convex/react";
import { CalendarPlusIcon, DownloadIcon } from "lucide-react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";
import type { SessionView } from "./shared";

/** iCalendar's UTC form, which Google's link takes: 20261201T150000Z. */
const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Google Calendar's "add event" link for a session, with the link to join it. */
export function googleCalendarUrl(session: Pick<SessionView, "_id" | "title" | "coachName" | "startsAt" | "endsAt">, origin: string): string {
  const join = `${origin}/session/${session._id}`;
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: session.coachName ? `${session.title} with ${session.coachName}` : session.title,
    dates: `${utcStamp(session.startsAt)}/${utcStamp(session.endsAt)}`,
    details: `Join: ${join}`,
    location: join,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Saves `content` as a file named `filename` through a temporary link. */
function download(filename: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: "text/calendar;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * "Add to calendar" on a booking: Google Calendar's own link, or an .ics file for Apple Calendar,
 * Outlook and the rest. The file is made by the backend, in the viewer's time zone, with the
 * session's lasting UID, so adding it twice does not make two events.
 */
export function AddToCalendar({ session }: { session: SessionView }) {
  const convex = useConvex();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function saveFile() {
    setBusy(true);
    setError(null);
    try {
      const file = await convex.query(api.calendar.sessionFile, { sessionId: session._id });
      download(file.filename, file.content);
    } catch (caught) {
      setError(errorMessage(caught, "The calendar file couldn't be made. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="add-to-calendar-title" className="flex flex-col gap-2">
      <h2 id="add-to-calendar-title" className="text-lg font-semibold">
        Add to calendar
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={googleCalendarUrl(session, window.location.origin)} target="_blank" rel="noopener noreferrer">
            <CalendarPlusIcon aria-hidden />
            Google Calendar
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        <Button variant="outline" onClick={() => void saveFile()} disabled={busy}>
          <DownloadIcon aria-hidden />
          {busy ? "Making the file…" : "Download .ics (Apple, Outlook)"}
        </Button>
      </div>
      <InlineError>{error}</InlineError>
    </section>
  );
}
