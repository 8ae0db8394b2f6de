/**
 * The app's components and its environment variables. Declared variables are typed in `env`
 * (convex/_generated/server) and checked by Convex at deploy time; every one is optional, because
 * a missing key selects that service's embedded default (model/adapters.ts).
 */
import aggregate from "@convex-dev/aggregate/convex.config";
import presence from "@convex-dev/presence/convex.config.js";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import resend from "@convex-dev/resend/convex.config";
import stripe from "@convex-dev/stripe/convex.config.js";
import workpool from "@convex-dev/workpool/convex.config";
import { defineApp } from "convex/server";
import { v } from "convex/values";

const optional = v.optional(v.string());

const app = defineApp({
  env: {
    /** Clerk: the "convex" JWT template's issuer, the user webhook's signing secret, and the API key that bans deactivated accounts. */
    CLERK_JWT_ISSUER_DOMAIN: optional,
    CLERK_WEBHOOK_SECRET: optional,
    CLERK_SECRET_KEY: optional,
    /** Stripe: the secret key, the webhook signing secret, and the publishable key the checkout page uses with Elements. */
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    /** Resend: the API key, the sender, and the signing secret of the delivery webhook. */
    RESEND_API_KEY: optional,
    RESEND_FROM_EMAIL: optional,
    RESEND_WEBHOOK_SECRET: optional,
    /** The e-mail provider's daily sending quota (default 100, Resend's free plan) and the vendor API calls budgeted per hour (default 1000), for the system health tab. */
    EMAIL_DAILY_QUOTA: optional,
    VENDOR_API_CALL_BUDGET: optional,
    /** OpenAI: the API key and, optionally, the model for commitment extraction and the agenda's key points. */
    OPENAI_API_KEY: optional,
    OPENAI_MODEL: optional,
    /** Signs account links (reactivation, "Keep my account active"), HS256: at least 32 random characters. */
    ACCOUNT_LINK_SECRET: optional,
    /** The public URL of the web app, for links in e-mails and redirects. */
    SITE_URL: optional,
    /**
     * How many proxies of your own stand in front of the http routes (a static host forwarding the
     * public forms, a CDN), each appending to X-Forwarded-For. Unset or 0: the header is ignored and
     * the connection's own address is used for per-client limits. Set by the embedded set-up to 1 (Vite's proxy).
     */
    TRUSTED_PROXY_HOPS: optional,
    /** Sentry: the project's DSN. With it the error-reporting tunnel forwards that project's reports to Sentry; without it they are kept as error records. */
    SENTRY_DSN: optional,
    /** Video rooms for sessions: each session gets <base>/lwcc-session-<id>. */
    MEETING_BASE_URL: optional,
    /** Set by the embedded backend only: its identity provider's issuer, keys, URL, admin secret and the secret its user webhooks are signed with. */
    LOCAL_AUTH_ISSUER: optional,
    LOCAL_AUTH_JWKS: optional,
    LOCAL_AUTH_URL: optional,
    LOCAL_AUTH_ADMIN_SECRET: optional,
    LOCAL_AUTH_WEBHOOK_SECRET: optional,
    /** Set by the embedded backend only: its default ACCOUNT_LINK_SECRET, kept in the data directory. */
    LOCAL_ACCOUNT_LINK_SECRET: optional,
    /** Set by the embedded backend only: its Stripe stand-in's URL and keys. */
    LOCAL_STRIPE_URL: optional,
    LOCAL_STRIPE_SECRET_KEY: optional,
    LOCAL_STRIPE_WEBHOOK_SECRET: optional,
    LOCAL_STRIPE_PUBLISHABLE_KEY: optional,
  },
});

app.use(rateLimiter);
app.use(resend);
app.use(stripe);
app.use(workpool, { name: "extractionWorkpool" });
// The outbox by status and time, for the health tab's counts over moving windows (model/emailAggregates.ts).
app.use(aggregate, { name: "outboxByStatus" });
// Who is in each focus room now (model/focus.ts): heartbeats, time-outs and leaving.
app.use(presence);

export default app;
