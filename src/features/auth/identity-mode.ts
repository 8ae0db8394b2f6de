/**
 * Which identity provider this build uses, fixed at build time: Clerk when a publishable key is
 * set, else the local provider of the embedded backend.
 */
export const CLERK_PUBLISHABLE_KEY = import.meta.env.VITE_CLERK_PUBLISHABLE_KEY || undefined;
