import { TIMEZONE_ERROR } from "@convex/model/users";
import { useState } from "react";
import { TimeZoneForm } from "@/features/account/profile-sections";
import { TIMEZONE_SEARCH_DEBOUNCE_MS } from "@/features/account/time-zones";
import { CheckList, PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";
import { afterDemoDelay } from "./demo-delay";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** /demos/timezone-selector: the account settings' time zone form, saving nowhere. */
export function TimezoneSelectorDemo() {
  const [initial] = useState(browserZone);
  const [stored, setStored] = useState(initial);
  return (
    <PageColumn labelledBy="timezone-demo-title">
      <PageHeader
        id="timezone-demo-title"
        eyebrow="Test page"
        title="Time zone selector test"
        lead="The time zone field of the account settings. It starts at your browser's zone; saving here changes nothing on your account."
      />
      <PageSection id="timezone-demo-form" title="Choose a time zone">
        <div className="rounded-xl border bg-card p-6 text-card-foreground">
          <TimeZoneForm
            timezone={initial}
            save={({ timezone }) => {
              setStored(timezone);
              return afterDemoDelay(null);
            }}
          />
        </div>
        <p>
          Last saved: <strong>{stored}</strong>
        </p>
      </PageSection>
      <PageSection id="timezone-demo-checks" title="What to try">
        <CheckList
          items={[
            `Type a city, such as "lon" or "york": the list filters ${TIMEZONE_SEARCH_DEBOUNCE_MS} ms after the last key.`,
            "Arrow keys move through the list, Enter chooses, Escape closes only the list.",
            "Every option and button is at least 44 px high, for fingers as well as pointers.",
            `Type something that is not a zone and save: the field says "${TIMEZONE_ERROR}".`,
          ]}
        />
      </PageSection>
    </PageColumn>
  );
}
