/**
 * Sign-up is a splat route shared with the identity provider's own steps, so the marketing pages
 * link to it by plain address, as the header does for sign-in.
 */
export const REGISTER_HREF = "/register";

/** Standalone text links: 44 px high, visible focus, underlined so colour never carries the meaning alone. */
export const TEXT_LINK_CLASS =
  "inline-flex min-h-11 items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-4 hover:decoration-2 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none";

/** Links inside running text (exempt from the target size, never from focus). */
export const INLINE_LINK_CLASS =
  "rounded-sm font-medium text-primary underline underline-offset-4 hover:decoration-2 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none";
