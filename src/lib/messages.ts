import { CART_MESSAGES } from "@convex/model/cartMessages";

/** User-facing texts of SPEC §8 used by the app shell, defined once. */
export const MESSAGES = {
  routeError: {
    title: "Error",
    body: "An error occurred while loading this page.",
  },
  componentError: {
    title: "Something went wrong",
    body: "This component encountered an error and couldn't render properly",
    action: "Try Again",
  },
  /** Beside an error, the code a member can quote to support. */
  supportCode: "Support code:",
  cart: CART_MESSAGES,
  healthCheck: {
    error: "Unable to perform system health check.",
    retry: "Retry Health Check",
  },
} as const;
