/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Convex deployment URL; `npm start` points it at the embedded backend. */
  readonly VITE_CONVEX_URL?: string;
  readonly VITE_CLERK_PUBLISHABLE_KEY?: string;
  /** Public URL of the site, for canonical links. */
  readonly VITE_SITE_URL?: string;
  /** Sentry DSN for error reports; without it the tunnel keeps them as the app's own error records. */
  readonly VITE_SENTRY_DSN?: string;
  /** PostHog project key: pageviews go to PostHog instead of the backend's own analytics endpoint. */
  readonly VITE_POSTHOG_KEY?: string;
  readonly VITE_POSTHOG_HOST?: string;
  /** Set by vite.config.ts: the year the build prerendered its pages in. */
  readonly VITE_BUILD_YEAR?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
