import { Link } from "@tanstack/react-router";
import { CLAIMS } from "./claims";
import { INLINE_LINK_CLASS } from "./links";
import { ACCOUNT_LIFECYCLE, MONEY_BACK_DAYS, TERMS_LAST_UPDATED } from "./policies";
import { PolicyPage, type PolicySection } from "./policy-page";

const SECTIONS: PolicySection[] = [
  {
    id: "terms-agreement",
    title: "Using LWCC",
    content: (
      <>
        <p>
          These terms apply when you use the LWCC website, create an account, book coaching or buy from the
          marketplace. By using LWCC you agree to them. If you don't agree, please don't use the service.
        </p>
        <p>You need to be at least 18 years old to create an account or book coaching.</p>
      </>
    ),
  },
  {
    id: "terms-coaching",
    title: "What coaching is, and what it is not",
    content: (
      <>
        <p>
          Coaching helps you plan, follow through and build systems that suit the way you work. It is not medical,
          psychological, legal or financial advice, and it does not replace therapy or treatment.
        </p>
        <p>
          Our coaches do not diagnose ADHD or any other condition. If you are in crisis, contact your local emergency
          services or a crisis line straight away.
        </p>
      </>
    ),
  },
  {
    id: "terms-account",
    title: "Your account",
    content: (
      <ul>
        <li>Give accurate details and keep your password to yourself.</li>
        <li>You are responsible for what happens in your account. Tell us quickly if you think someone else used it.</li>
        <li>
          Free Foundation accounts that are inactive for {ACCOUNT_LIFECYCLE.inactivityDeactivationDays} days are
          deactivated. You can reactivate with a link that is valid for {ACCOUNT_LIFECYCLE.reactivationLinkHours}{" "}
          hours.
        </li>
      </ul>
    ),
  },
  {
    id: "terms-sessions",
    title: "Sessions and your time balance",
    content: (
      <ul>
        <li>Coaching time is held as a balance in minutes. Booking a session reserves its minutes.</li>
        <li>Cancelling in good time gives the minutes back. Your dashboard always shows how many minutes you have left.</li>
        <li>
          Sessions are recorded and transcribed so you can look back and get your action items. The recordings are
          yours to view and to ask us to delete.
        </li>
        <li>If we have to cancel a session, the minutes always go back to your balance.</li>
      </ul>
    ),
  },
  {
    id: "terms-payments",
    title: "Plans, payments and refunds",
    content: (
      <ul>
        <li>The Foundation tier is free. Paid tiers are billed monthly or quarterly, in US dollars, in advance.</li>
        <li>Prices are shown before you pay. If a price changes, we tell you before your next billing date.</li>
        <li>You can move up, move down or cancel at any time from your billing page. A cancelled plan stays active until the end of the period you paid for.</li>
        <li>
          Paid tiers come with a {MONEY_BACK_DAYS}-day money-back promise: if it isn't right for you, ask within{" "}
          {MONEY_BACK_DAYS} days of your first payment and we refund it.
        </li>
        <li>Marketplace products show their own price and terms at checkout.</li>
      </ul>
    ),
  },
  {
    id: "terms-use",
    title: "Fair use",
    content: (
      <>
        <p>Please don't:</p>
        <ul>
          <li>harass coaches, staff or other members, in sessions or in the community forum;</li>
          <li>share your account, or resell or republish our courses and materials;</li>
          <li>try to break, overload or get around the security of the service.</li>
        </ul>
        <p>If someone does, we may suspend or close their account. We will tell you why, unless the law stops us.</p>
      </>
    ),
  },
  {
    id: "terms-content",
    title: "Content and ownership",
    content: (
      <p>
        What you write and say stays yours. You give us permission to store and process it only to run the service
        for you. Our articles, courses and materials belong to LWCC; you may use them for yourself, not share them
        publicly or sell them.
      </p>
    ),
  },
  {
    id: "terms-liability",
    title: "Our responsibility",
    content: (
      <>
        <p>
          We work hard to keep LWCC available and accurate, but we can't promise it will never be interrupted. Results
          from coaching depend on many things, and we can't guarantee a particular outcome.
        </p>
        <p>
          As far as the law allows, we are not responsible for indirect losses, such as lost profits. Nothing in these
          terms takes away rights you have by law as a consumer.
        </p>
      </>
    ),
  },
  {
    id: "terms-changes",
    title: "Changes to these terms",
    content: (
      <p>
        When we change these terms, we update the date at the top of this page. If a change affects you, we also tell
        you by email before it applies. How we handle personal data is described in our{" "}
        <Link to="/privacy-policy" className={INLINE_LINK_CLASS}>
          privacy policy
        </Link>
        .
      </p>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <PolicyPage
      id="terms"
      title="Terms of Service"
      lead="The agreement between you and LWCC, in plain language."
      updated={TERMS_LAST_UPDATED}
      summary={[
        "Coaching supports you; it is not medical or psychological treatment.",
        "Your time balance is in minutes; cancelling in good time gives minutes back.",
        `Paid plans renew monthly or quarterly, can be cancelled any time, and come with a ${MONEY_BACK_DAYS}-day money-back promise.`,
        `Questions about these terms get an answer within ${CLAIMS.responseHours} hours.`,
      ]}
      sections={SECTIONS}
      contact={{ subject: "legal", label: "Ask about these terms", title: "Questions about these terms?" }}
    />
  );
}
