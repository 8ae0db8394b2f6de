/**
 * The words of the intro booking's screens after "Book my free intro", the same for every
 * address: the page never knows, and never says, whether an address has an account.
 */
export const INTRO_TEXTS = {
  checkEmailTitle: "Check your email",
  nextStepsTitle: "What happens next",
  nextSteps: [
    "Open the e-mail and the link in it.",
    "Press Confirm. If this e-mail already has an account with us, you sign in first.",
    "A few short questions help your coach prepare (about two minutes).",
  ],
  noEmail: "Nothing there after a few minutes? Check your spam folder, or book again with the right address.",
  bookAgain: "Book again",
  confirmTitle: "Confirm your free intro session",
  confirm: "Confirm my booking",
  confirming: "Confirming...",
  checking: "Checking your link",
  signInToConfirm: "This email already has an account with us. Please sign in to confirm your booking; you'll come back here.",
  bookedTitle: "Your intro session is booked",
  bookedBody: "It's on your account now, and the confirmation is in your inbox. One more step helps your coach prepare: a few short questions, about two minutes.",
  confirmFailed: "We couldn't confirm that just now. Check your connection and try again.",
} as const;
