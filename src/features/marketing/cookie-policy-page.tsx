import { THEME } from "@/lib/constants";
import { THEME_LABELS, THEME_PREFERENCES } from "@/features/theme/theme";
import { PAGE_COUNTS, SIGN_IN_COOKIE } from "./policies";
import { PolicyPage, type PolicySection } from "./policy-page";

const themeChoices = THEME_PREFERENCES.map((preference) => THEME_LABELS[preference]).join(", ");

interface StoredItem {
  name: string;
  kind: string;
  purpose: string;
  lasts: string;
}

const STORED: StoredItem[] = [
  {
    name: THEME.storageKey,
    kind: "Setting saved in your browser (local storage), never sent to us",
    purpose: `Remembers your theme choice: ${themeChoices}.`,
    lasts: "Until you change it or clear your browser data.",
  },
  {
    name: SIGN_IN_COOKIE.name,
    kind: "First-party cookie, strictly necessary, not readable by scripts",
    purpose: "Keeps you signed in between visits.",
    lasts: `Up to ${SIGN_IN_COOKIE.maxAgeDays} days. Signing out removes it.`,
  },
];

function StoredList() {
  return (
    <div className="space-y-4">
      {STORED.map((item) => (
        <div key={item.name} className="rounded-lg border bg-card p-5 text-card-foreground">
          <h3 className="font-mono text-base font-semibold break-all">{item.name}</h3>
          <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium">Type</dt>
            <dd className="text-muted-foreground">{item.kind}</dd>
            <dt className="font-medium">What it does</dt>
            <dd className="text-muted-foreground">{item.purpose}</dd>
            <dt className="font-medium">How long</dt>
            <dd className="text-muted-foreground">{item.lasts}</dd>
          </dl>
        </div>
      ))}
    </div>
  );
}

const SECTIONS: PolicySection[] = [
  {
    id: "cookies-what",
    title: "What we store",
    content: (
      <>
        <p>LWCC stores exactly two things on your device:</p>
        <StoredList />
      </>
    ),
  },
  {
    id: "cookies-not",
    title: "What we don't use",
    content: (
      <ul>
        <li>No tracking or advertising cookies.</li>
        <li>No third-party analytics cookies.</li>
        <li>No cookies that follow you to other websites.</li>
        <li>{PAGE_COUNTS}</li>
      </ul>
    ),
  },
  {
    id: "cookies-others",
    title: "Other sites we send you to",
    content: (
      <p>
        When you pay, you complete payment on Stripe's secure checkout page. Stripe sets its own cookies there, to
        process the payment and prevent fraud, under its own policy. Where sign-in is run by our identity provider,
        Clerk, it uses its own strictly necessary sign-in cookies in place of {SIGN_IN_COOKIE.name}.
      </p>
    ),
  },
  {
    id: "cookies-control",
    title: "Your control",
    content: (
      <>
        <p>
          Because both items are needed for the site to work as you expect, we don't show a cookie banner. You can
          still remove them at any time:
        </p>
        <ul>
          <li>Sign out to remove the sign-in cookie.</li>
          <li>Clear this site's data in your browser settings to remove both.</li>
          <li>If you block cookies, the site still works, but you will need to sign in on every visit.</li>
        </ul>
      </>
    ),
  },
];

export function CookiePolicyPage() {
  return (
    <PolicyPage
      id="cookies"
      title="Cookie Policy"
      lead="A short list, because we store very little."
      summary={[
        `One setting in your browser: your theme (${themeChoices}).`,
        `One first-party sign-in cookie, ${SIGN_IN_COOKIE.name}, that keeps you signed in.`,
        "No tracking, advertising or analytics cookies.",
      ]}
      sections={SECTIONS}
      contact={{ subject: "privacy", label: "Ask about cookies", title: "Questions about cookies?" }}
    />
  );
}
