import { Link } from "@tanstack/react-router";
import { CLAIMS } from "./claims";
import { INLINE_LINK_CLASS } from "./links";
import { ACCOUNT_LIFECYCLE, PAGE_COUNTS } from "./policies";
import { PolicyPage, type PolicySection } from "./policy-page";

const SECTIONS: PolicySection[] = [
  {
    id: "privacy-collect",
    title: "What we collect",
    content: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, password (stored only as a secure hash) and
          plan.
        </li>
        <li>
          <strong>Coaching records:</strong> your bookings, time balance, session recordings, transcripts and the
          action items that come out of them.
        </li>
        <li>
          <strong>Messages:</strong> what you send through the contact form or the community forum.
        </li>
        <li>
          <strong>Newsletter:</strong> your name and email address, if you subscribe.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address and browser details, which every website receives, used to
          deliver pages and to protect sign-in and forms from abuse.
        </li>
        <li>
          <strong>Page counts:</strong> {PAGE_COUNTS}
        </li>
      </ul>
    ),
  },
  {
    id: "privacy-use",
    title: "How we use it",
    content: (
      <ul>
        <li>To run your account, your bookings and your sessions.</li>
        <li>To turn session transcripts into action items and summaries for you and your coach.</li>
        <li>To answer your messages and send the emails you asked for.</li>
        <li>To take payments and keep the records the law requires.</li>
        <li>To keep LWCC secure and working.</li>
      </ul>
    ),
  },
  {
    id: "privacy-never",
    title: "What we never do",
    content: (
      <ul>
        <li>We never sell your data.</li>
        <li>We don't use advertising or tracking cookies.</li>
        <li>Your session recordings and transcripts are for you and your coach. The providers below handle them only to run the service.</li>
      </ul>
    ),
  },
  {
    id: "privacy-providers",
    title: "Who helps us",
    content: (
      <>
        <p>A few service providers process data for us, only to do their part and under contract:</p>
        <ul>
          <li>payments are handled by Stripe; we never see or store your full card number;</li>
          <li>emails are delivered by an email service such as Resend;</li>
          <li>sign-in may be handled by our identity provider, Clerk;</li>
          <li>transcripts may be turned into summaries and action items by an AI service such as OpenAI, only for that purpose.</li>
        </ul>
      </>
    ),
  },
  {
    id: "privacy-keep",
    title: "How long we keep it",
    content: (
      <ul>
        <li>Account and coaching records: while your account is open.</li>
        <li>
          Free Foundation accounts are deactivated after {ACCOUNT_LIFECYCLE.inactivityDeactivationDays} days without
          use and kept for {ACCOUNT_LIFECYCLE.foundationRetentionDays} days, so you can come back to them.
        </li>
        <li>Payment records: as long as tax law requires.</li>
        <li>Contact messages: as long as we need to help you, then deleted.</li>
      </ul>
    ),
  },
  {
    id: "privacy-rights",
    title: "Your choices and rights",
    content: (
      <>
        <p>You can ask us at any time to:</p>
        <ul>
          <li>show you the data we hold about you, or send you a copy;</li>
          <li>correct anything that is wrong;</li>
          <li>delete a recording, a transcript or your whole account;</li>
          <li>stop sending you the newsletter (every newsletter also has an unsubscribe link).</li>
        </ul>
        <p>
          We answer within {CLAIMS.responseHours} hours and finish most requests within a few days. You can also
          complain to your local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: "privacy-cookies",
    title: "Cookies and storage",
    content: (
      <p>
        We use one sign-in cookie and one setting saved in your browser. Our{" "}
        <Link to="/cookie-policy" className={INLINE_LINK_CLASS}>
          cookie policy
        </Link>{" "}
        lists them.
      </p>
    ),
  },
  {
    id: "privacy-security",
    title: "Security",
    content: (
      <p>
        Data travels encrypted, passwords are stored as secure hashes, and only the people who need access to help
        you have it. If something ever goes wrong, we will tell you promptly and plainly.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <PolicyPage
      id="privacy"
      title="Privacy Policy"
      lead="What we collect, why, and what you can ask us to do with it."
      summary={[
        "We collect what we need to run your coaching, and nothing for advertising.",
        "Your recordings and transcripts are for you and your coach.",
        "We never sell your data.",
        "You can see, correct or delete your data at any time.",
      ]}
      sections={SECTIONS}
      contact={{ subject: "privacy", label: "Ask about your privacy", title: "Questions about your data?" }}
    />
  );
}
