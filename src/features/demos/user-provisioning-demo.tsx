import type { Id } from "@convex/_generated/dataModel";
import { INTRO_SESSION_MINUTES } from "@convex/model/availability";
import { NEW_GUEST, PASSWORD_VISIBLE_MS } from "@convex/model/intro";
import { CheckCircle2Icon, CircleIcon, InfoIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PostBookingWelcome, type PostBooking } from "@/features/intro/post-booking-welcome";
import { PageColumn, PageHeader } from "@/features/marketing/page-parts";

/** Made-up values: this page calls nothing and books nothing. */
const DEMO = {
  name: "Jordan Rivera",
  email: "jordan.rivera@example.com",
  coach: "Cora Reyes",
  when: "Tuesday at 10:00 AM",
  userId: "users:demo_jordan" as Id<"users">,
  bookingId: "sessions:demo_intro" as Id<"sessions">,
  subject: "user_demo_2x7Qk",
  password: "k7mp-x3qf-9hzt-w2rn",
};

const STEPS: { title: string; body: string; data: Record<string, string> }[] = [
  {
    title: "The visitor picks a time and leaves a name and email",
    body: "On /free-intro-session: a coach, one of their open times, then the two fields. No account and no password asked for.",
    data: { name: DEMO.name, email: DEMO.email, coach: DEMO.coach, time: `${DEMO.when} (${INTRO_SESSION_MINUTES} minutes)` },
  },
  {
    title: "The backend checks, holds the time and e-mails a link",
    body: "The fields, the rate limits per email and overall, and that the time is still free. Then the time is held and a one-time link goes to the address. The answer is the same for every address (check your email), so nobody learns who has an account; an address that has one is sent a sign-in link instead, and nothing is booked on it until its owner confirms.",
    data: { slot: "held until the link expires", link: "e-mailed, valid 24 hours, works once", answer: "check your email" },
  },
  {
    title: "The visitor opens the link and presses Confirm",
    body: "On /booking/confirm. Nothing happens on arrival (mail scanners open links too, and the password is shown only once): one press does the rest.",
    data: { link: "valid, not used yet", "existing account": "none" },
  },
  {
    title: "An account is made at the identity provider",
    body: "Clerk in production (createUser), the local provider offline, with a generated password and the role in the account's public metadata. A one-time sign-in ticket is made with it.",
    data: {
      subject: DEMO.subject,
      "publicMetadata.role": NEW_GUEST.role,
      password: "generated: 4 groups of 4",
      ticket: "valid 5 minutes, once",
    },
  },
  {
    title: "The users row and the booking are written together",
    body: "One transaction: the link marked used, the guest's row, the free intro session in the held time (no minutes taken), reminders, and the notifications for both people. If it refuses (the link was used meanwhile, or the address got an account), the identity account is removed again.",
    data: { userId: DEMO.userId, role: NEW_GUEST.role, bookingId: DEMO.bookingId, "minutes debited": "0" },
  },
  {
    title: "The browser signs in with the ticket",
    body: "The visitor lands signed in. The confirmation email has the time and the link, never the password.",
    data: { "signed in": "yes", email: "confirmation queued" },
  },
  {
    title: "The welcome shows the password once",
    body: `The session, the sign-in e-mail and the password, visible for ${PASSWORD_VISIBLE_MS / 1000} seconds with a Copy button, then hidden for good. Continue leads to the onboarding questions, then the dashboard.`,
    data: { next: "/loading, then /loading-complete, then /dashboard" },
  },
];

const WELCOME: PostBooking = {
  bookingId: DEMO.bookingId,
  userId: DEMO.userId,
  password: DEMO.password,
  isNewUser: true,
  dashboardUrl: "/dashboard",
  email: DEMO.email,
  name: DEMO.name,
  signedIn: true,
};

/** /demos/user-provisioning: how a visitor becomes a guest with a booking, step by step, on demo data. */
export function UserProvisioningDemo() {
  const [done, setDone] = useState(0);
  const finished = done === STEPS.length;

  return (
    <PageColumn labelledBy="provisioning-title">
      <PageHeader
        id="provisioning-title"
        eyebrow="Demo"
        title="User provisioning"
        lead="What happens between a visitor pressing Book, the link in their e-mail, and landing signed in on their welcome page."
      >
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <InfoIcon className="size-4 shrink-0" aria-hidden />
          Demo data only: this page calls nothing and books nothing.
        </p>
      </PageHeader>

      <ol className="flex flex-col gap-3" aria-label="Provisioning steps">
        {STEPS.map((step, index) => {
          const complete = index < done;
          return (
            <li key={step.title} className="flex gap-3 rounded-xl border bg-card p-4" aria-current={index === done ? "step" : undefined}>
              {complete ? (
                <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-label="Done" />
              ) : (
                <CircleIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-label="Not yet" />
              )}
              <div className="flex min-w-0 flex-col gap-2">
                <h2 className="font-semibold">
                  {index + 1}. {step.title}
                </h2>
                <p className="text-muted-foreground">{step.body}</p>
                {complete ? (
                  <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                    {Object.entries(step.data).map(([key, value]) => (
                      <div key={key} className="contents">
                        <dt className="text-muted-foreground">{key}</dt>
                        <dd className="font-mono break-all">{value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>

      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setDone(done + 1)} disabled={finished}>
          {done === 0 ? "Start" : "Next step"}
        </Button>
        <Button variant="outline" onClick={() => setDone(STEPS.length)} disabled={finished}>
          Show all steps
        </Button>
        <Button variant="ghost" onClick={() => setDone(0)} disabled={done === 0}>
          Start over
        </Button>
      </div>

      {finished ? <PostBookingWelcome booking={WELCOME} /> : null}
    </PageColumn>
  );
}
