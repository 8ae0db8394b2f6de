/**
 * The onboarding pages' texts and timings (SPEC §2, §3, §5, §8, §9). No imports on purpose: the
 * /loading route's title is in the app's first bundle, and must not pull the form rules in.
 */

/** SPEC §9 onboarding constants. */
export const ONBOARDING_TIMING = {
  progressStep: 0.5,
  progressIntervalMs: 300,
  messageRotationMs: 6000,
  promptAfterMs: 10_000,
  promptBelowPercent: 80,
  slowSubmitMs: 8000,
  slowRedirectMs: 5000,
  maxRetries: 3,
  /** /loading-complete moves on to the dashboard after this long, unless the person stays. */
  completeContinueMs: 8000,
} as const;

/** SPEC §2, §5 and §8 texts of the onboarding pages, verbatim where the spec gives them. */
export const ONBOARDING_TEXTS = {
  title: "Building Your Dashboard",
  selectPlaceholder: "Select an option...",
  fillFormNow: "Fill Form Now",
  openInWindow: "Open in a window",
  promptTitle: "While you wait",
  promptBody: "This takes a moment. You can answer a few short questions now, so your coach can prepare.",
  formTitle: "Help your coach prepare",
  formIntro: "A few short questions. Answer what feels useful; you can also finish later.",
  submit: "Send my answers",
  submitting: "Sending...",
  completeLater: "Complete later",
  redirecting: "Taking you to your dashboard...",
  slowSubmit: "Still working on it. Thanks for waiting.",
  slowRedirect: "Almost there...",
  connectionLost: "Connection lost. Please try again.",
  submissionFailed: "Submission failed. Please try again.",
  multipleFailures: "Multiple attempts failed. Please refresh the page or contact support if this continues.",
  tryAgain: "Try Again",
  renderError: "Something Went Wrong",
  renderErrorBody: "This part of the page didn't load. Your booking is safe.",
  leaveTitle: "Leave while your answers are sending?",
  leaveBody: "Your answers are still on their way. If you leave now they may not be saved.",
  stay: "Stay on this page",
  leave: "Leave anyway",
  missingBookingTitle: "We couldn't find your booking",
  missingBookingBody:
    "This page follows a booked intro session, and we couldn't match it to a booking on your account. Your booking is not lost: you can find it under your bookings, or ask us and we'll sort it out.",
  completeTitle: "You're all set",
  completeAnswered: "Thanks for your answers. Your coach will read them before your session.",
  completeDeferred: "No problem. You can tell your coach what you need in the session instead.",
  completeBooked: "Your intro session is booked.",
  continueNow: "Go to my dashboard",
  stayHere: "Stay on this page",
  notAnswered: "Not answered yet",
  completedLater: "Completed later",
} as const;

/** The rotating lines of the loading screen (SPEC §3 loadingMessages); after the last, the form appears. */
export const LOADING_MESSAGES = [
  "Saving your booking...",
  "Setting up your personal dashboard...",
  "Preparing your session space...",
  "Letting your coach know you're coming...",
  "Nearly ready. A few questions will help your coach prepare.",
] as const;
