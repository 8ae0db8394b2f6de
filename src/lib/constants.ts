/** Interface constants of SPEC §9, defined once. */

export const SITE = {
  title: "LWCC",
  description: "Leading Web Content Company - Premium content and insights",
  language: "en",
} as const;

/** The embedded backend's address, which a build without VITE_CONVEX_URL talks to. */
export const EMBEDDED_BACKEND_URL = "http://127.0.0.1:3210";

export const THEME = {
  storageKey: "theme",
  defaultPreference: "system",
  transitionMs: 200,
  announcementTimeoutMs: 1000,
  announcementDelayMs: 100,
} as const;

export const CART = {
  storageKey: "lwcc_shopping_cart",
  defaultCurrency: "usd",
} as const;

/** Where members reach a person about payments (payment failed page, receipts). */
export const SUPPORT = {
  email: "support@lwcc.example",
} as const;
