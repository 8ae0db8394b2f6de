/**
 * User-facing texts the backend sends, defined once. The client imports them too, so a page
 * can recognise an error code and show the same words.
 */
import { AUTH_MESSAGES } from "./authMessages";
import { BOUND_MESSAGES } from "./bounds";
import { RATE_LIMIT_MESSAGES, tryAgainIn } from "./rateLimitMessages";

/** BOUND_MESSAGES: what a refused argument says (every function's bounds, model/bounds.ts). */
export { AUTH_MESSAGES, BOUND_MESSAGES, RATE_LIMIT_MESSAGES, tryAgainIn };

/** The profile form's field texts (the `fields` of INVALID_INPUT from users.updateProfile). */
export const PROFILE_MESSAGES = {
  FORUM_NAME_INVALID: "Forum names are 3 to 30 characters: letters, numbers, spaces, dots, dashes or underscores.",
  FORUM_NAME_TAKEN: "Someone already uses that forum name. Please choose another.",
} as const;

/** Time balance texts of SPEC §8. */
export const TIME_BALANCE_MESSAGES = {
  EMPTY: "Your time balance is empty. Top up to book more sessions.",
  LOW: "Running low on time. Consider topping up soon.",
} as const;

/** Booking, cancelling and rescheduling. */
export const BOOKING_MESSAGES = {
  INSUFFICIENT_MINUTES: "You don't have enough minutes for this session. Top up to book more sessions.",
  SLOT_UNAVAILABLE: "That time is no longer free. Please pick another time.",
  MEMBER_BUSY: "You already have a session at that time.",
  SLOT_IN_PAST: "That time has already passed. Please pick a time in the future.",
  DURATION_NOT_ALLOWED: "That session length isn't available on your account.",
  SESSION_NOT_FOUND: "We couldn't find that session.",
  SESSION_NOT_CHANGEABLE: "This session has already started, ended or been cancelled, so it can't be changed.",
  COACH_NOT_FOUND: "We couldn't find that coach.",
  INVALID_AVAILABILITY: "Please check the times: each window needs a start before its end, on the 30-minute grid.",
  RESCHEDULE_TOO_LATE:
    "This session starts soon and this month's one late change is already used, so it can't be moved. You can still cancel it.",
  WAITLIST_WINDOW_INVALID: "Please check the days and times: the first day before the last, the earliest time before the latest, and at least one weekday.",
  OFFER_GONE: "This earlier time is no longer held for you. We'll tell you when another one opens.",
  NUDGE_QUIET_INVALID: "Quiet hours need a start and an end that differ, in whole hours.",
} as const;

/** Admin corrections to a member's time ledger. */
export const LEDGER_MESSAGES = {
  ADJUSTMENT_BELOW_ZERO: "That adjustment would take the balance below zero.",
} as const;

/** Running sessions, recordings and transcripts. */
export const SESSION_MESSAGES = {
  SESSION_NOT_STARTED: "This session hasn't started yet.",
  SESSION_NOT_ENDED: "You can mark a session completed or no-show once its start time has passed.",
  INVALID_TRANSCRIPT: "We couldn't read that transcript. Upload plain text or a WebVTT file with timestamps.",
  INVALID_RECORDING: "Please upload an audio or video file.",
  /** Someone else's file, or one not uploaded through the caller's own upload URL: which, is not said. */
  UPLOAD_NOT_YOURS: "We couldn't find your upload of that file. Please upload it again.",
  RECORDING_NOT_FOUND: "We couldn't find that recording.",
  TRANSCRIPT_NOT_FOUND: "We couldn't find that transcript.",
  NOTIFICATION_NOT_FOUND: "We couldn't find that notification.",
  CHECK_IN_MEMBER_ONLY: "Only the member of this session fills in its check-in.",
  CHECK_IN_CLOSED: "This session is over, so its check-in is closed.",
  AGENDA_NOT_YOURS: "Only the coach and the member of this session can change its agenda.",
  AGENDA_CLOSED: "This session is over: its agenda is now its notes.",
  AGENDA_ITEM_NOT_FOUND: "We couldn't find that agenda item. It may have just been removed.",
  AGENDA_FULL: "This agenda is full. Tick off or remove an item you added before adding another.",
} as const;

/** Focus rooms (model/focus.ts). A room someone may not see or join reads as missing or unavailable: never who blocked whom. */
export const FOCUS_MESSAGES = {
  FOCUS_ROOM_NOT_FOUND: "We couldn't find that focus room. It may have ended.",
  FOCUS_ROOM_FULL: "This room is full. Please choose another room or start your own.",
  FOCUS_ROOM_UNAVAILABLE: "This room isn't available to you. Please choose another room or start your own.",
  FOCUS_ROOM_ENDED: "This focus room has ended.",
  FOCUS_ALREADY_BUSY: "You're already in a focus room at that time.",
  FOCUS_NOT_IN_ROOM: "You're not in this focus room. Join it first.",
  FOCUS_GOAL_REQUIRED: "Say in a few words what you'll work on.",
  FOCUS_LENGTH_NOT_ALLOWED: "A focus room lasts 25 or 50 minutes.",
  FOCUS_START_OUT_OF_RANGE: "Pick a start at least 5 minutes from now and within the next 7 days.",
  FOCUS_CHECK_IN_CLOSED: "You can say how it went once the room has ended or you've left it, for a day after its end.",
  FOCUS_NOT_A_PARTICIPANT: "That person wasn't in this focus room.",
  FOCUS_NOT_HOST: "Only the room's host can do that.",
  FOCUS_BLOCK_NOT_FOUND: "You haven't blocked that person.",
  FOCUS_REPORT_NOT_FOUND: "We couldn't find that report.",
} as const;

/** Action items (SPEC §5): the form's summary and field texts, and a missing item. */
export const ACTION_ITEM_MESSAGES = {
  INVALID_ACTION_ITEM: "Please check the highlighted fields.",
  ACTION_ITEM_NOT_FOUND: "We couldn't find that action item.",
  TITLE_REQUIRED: "Please enter a title.",
  SESSION_REQUIRED: "Please choose a session.",
  RESPONSIBLE_REQUIRED: "Please choose who is responsible.",
  COMMITMENT_TYPE_REQUIRED: "Please choose a commitment type.",
  PRIORITY_REQUIRED: "Please choose a priority.",
  TRANSCRIPT_TIMESTAMP_INVALID: "Use MM:SS, for example 12:05.",
  DUE_DATE_INVALID: "Please enter a valid date.",
  /** A client saving changes to the details of an item their coach owns. */
  ACTION_ITEM_COACH_FIELDS: "Only your coach can change the details of this item. You can update its status, the time you've spent and your notes.",
  /** Beside each such detail in the refusal. */
  COACH_FIELD_LOCKED: "Only your coach can change this.",
  /** The edit dialog's note above those details, shown read-only to the client. */
  COACH_ITEM_NOTE: "This is your coach's item, so its details are theirs to change. You can update the status, the time you've spent and your notes.",
  /** The command palette's quick add, for someone with no session to put the item on. */
  QUICK_ADD_NO_SESSION: "Book a session first: action items belong to a session.",
} as const;

/** Proposals from a transcript, and running an extraction again. */
export const EXTRACTION_MESSAGES = {
  PROPOSAL_NOT_FOUND: "We couldn't find that suggestion.",
  PROPOSAL_DECIDED: "Someone already accepted or dismissed that suggestion.",
  EXTRACTION_NOT_FAILED: "That extraction is still going or has finished, so there is nothing to try again.",
} as const;

/** SPEC §8 payment texts by error code, verbatim. */
export const PAYMENT_MESSAGES = {
  card_declined: "Your card was declined. Please try a different payment method or contact your bank.",
  insufficient_funds: "There are insufficient funds on your card. Please try a different payment method.",
  expired_card: "Your card has expired. Please update your payment information.",
  processing_error: "There was an error processing your payment. Please try again.",
  network_error: "Network connection issue. Please check your internet connection and try again.",
  other: "We encountered an issue processing your payment. Please try again or contact support.",
} as const;

/** Checkout, subscriptions and the billing portal. */
export const BILLING_MESSAGES = {
  PLAN_NOT_FOUND: "That plan and billing choice isn't available. Please pick a plan on the pricing page.",
  CARDHOLDER_REQUIRED: "Please enter the cardholder name.",
  TERMS_REQUIRED: "Please accept the terms to continue.",
  ALREADY_SUBSCRIBED: "You already have this plan. You can change or cancel it from Billing.",
  HAS_SUBSCRIPTION: "You already have a plan. Change it from Billing, and the difference is worked out for you.",
  NO_SUBSCRIPTION: "You don't have a paid plan to change yet.",
  ORDER_NOT_FOUND: "We couldn't find that order.",
  PAYMENTS_UNAVAILABLE: "Payments are not available right now. Nothing was charged; please try again later.",
} as const;

/** The upgrade page's form (SPEC §7): its refusals and what it says on the way to checkout or billing. */
export const UPGRADE_MESSAGES = {
  CURRENT_PLAN: "That's already your current plan, so there's nothing to change.",
  PLAN_NOT_AVAILABLE: "That plan isn't available for your account. Please choose one of the plans shown.",
  TO_CHECKOUT: "Taking you to checkout to finish.",
  PLAN_INCLUDED: "Your plan already includes everything in that one, so there's nothing to change. To change or cancel your plan, go to Billing.",
  FOUNDATION_READY: "Foundation is free, so it's yours now. Your dashboard is ready.",
} as const;

/** The free intro booking of /free-intro-session and the account it makes (SPEC §2 booking flow, §8 post-booking). */
export const INTRO_MESSAGES = {
  INTRO_ALREADY_BOOKED: "This account already has a free intro session. You'll find it under Bookings once you sign in.",
  INTRO_EMAIL_HAS_ACCOUNT: "This email already has an account. Please sign in with it to confirm your booking.",
  INTRO_ACCOUNT_DEACTIVATED: "The account for this email is paused. Reactivate it, then open this link again to confirm your booking.",
  INTRO_LINK_INVALID: "This link isn't valid. You can book a new time on the free intro page.",
  INTRO_LINK_EXPIRED: "This link has expired, so the time is no longer held for you. You can book a new time on the free intro page.",
  INTRO_LINK_USED: "This booking is already confirmed. Sign in to see it under Bookings.",
  INTRO_LINK_REPLACED: "You asked for a newer booking since this e-mail, so this link no longer works. Please use the link in the latest e-mail.",
  INTRO_LINK_OTHER_ACCOUNT: "This link is for another email address. Please sign out, then sign in with the address the e-mail went to.",
  INTRO_SETUP_FAILED: "We couldn't finish setting up your account, so nothing was booked. Please try again in a moment.",
  INTRO_BUSY: "Lots of people are booking right now. Please try again in a few minutes.",
  PASSWORD_HIDDEN: "Password is no longer visible. Please use the copy you saved.",
  COPIED: "Copied!",
} as const;

/** The newsletter's confirmation link (model/newsletter.ts). */
export const NEWSLETTER_MESSAGES = {
  NEWSLETTER_LINK_INVALID:
    "This confirmation link has expired or was already used. If you aren't on the list yet, sign up again and we'll send a new link.",
} as const;

/** The admin e-mail system: templates, campaigns, A/B tests and unsubscribing. */
export const EMAIL_SYSTEM_MESSAGES = {
  INVALID_TEMPLATE: "Please check the highlighted fields.",
  UNKNOWN_TEMPLATE_VARIABLE: "This text uses a {{variable}} we don't know. Use only the variables listed beside the editor.",
  TEMPLATE_NOT_FOUND: "We couldn't find that template.",
  TEMPLATE_ARCHIVED: "That template is archived. Restore it before starting a campaign with it.",
  TEMPLATE_CATEGORY_LOCKED: "This template has been used in a campaign, so its category stays as it is. Make a new template for the other category.",
  INVALID_CAMPAIGN: "Please check the highlighted fields.",
  CAMPAIGN_NOT_FOUND: "We couldn't find that campaign.",
  CAMPAIGN_ALREADY_STARTED: "This campaign has already gone out or been cancelled, so it can't be sent or scheduled again.",
  CAMPAIGN_NOT_CANCELLABLE: "Only a scheduled campaign, or one that is still sending, can be cancelled.",
  SEND_TIME_IN_PAST: "That time has already passed. Please pick a time in the future.",
  EMPTY_AUDIENCE: "Nobody is in this audience yet, so there is no one to send to.",
  UNSUBSCRIBE_LINKS_UNAVAILABLE: "Campaigns can't be sent yet: every e-mail needs a working unsubscribe link, and ACCOUNT_LINK_SECRET isn't set.",
  NOT_AN_AB_TEST: "This campaign isn't an A/B test.",
  AB_TEST_NOT_FINISHED: "An A/B test can be ended once all its e-mails have gone out.",
  AB_TEST_ENDED: "This A/B test has already ended.",
  AB_TEST_NO_RESULT: "At least two versions need an open (or a click, for a content test) before a winner can be named.",
  UNSUBSCRIBE_LINK_INVALID: "This unsubscribe link is invalid or has been changed. Use the link in your latest e-mail, or contact us and we'll unsubscribe you.",
  UNSUBSCRIBE_UNAVAILABLE: "Unsubscribing isn't available right now. Please contact us and we'll unsubscribe you.",
} as const;

/** The template and campaign forms' field texts (the `fields` of INVALID_TEMPLATE, INVALID_CAMPAIGN, UNKNOWN_TEMPLATE_VARIABLE). */
export const EMAIL_FIELD_MESSAGES = {
  required: "Please fill this in.",
  tooLong: BOUND_MESSAGES.tooLong,
  unknownVariables: (names: readonly string[]) => `Unknown ${names.length === 1 ? "variable" : "variables"}: ${names.map((name) => `{{${name}}}`).join(", ")}.`,
  variantCount: (max: number) => `An A/B test has 2 to ${max} versions.`,
  testTypeRequired: "Please choose what the versions differ in: the subject or the content.",
  testTypeWithoutTest: "Only an A/B test (2 or more versions) has a test type.",
} as const;

/** The community forum: its refusals and the form's field texts. */
export const FORUM_MESSAGES = {
  INVALID_FORUM_POST: "Please check the highlighted fields.",
  TITLE_INVALID: "Please give your thread a title of 3 to 120 characters.",
  BODY_EMPTY: "Please write something before posting.",
  BODY_TOO_LONG: "Posts can be up to 10,000 characters. Please shorten it, or split it into two posts.",
  BODY_UNSAFE: "Posts are plain text with Markdown. Please remove HTML tags and script links.",
  REASON_INVALID: "Please give a reason of 3 to 500 characters.",
  FORUM_NOT_JOINED: "Join the forum to post. It only takes a moment.",
  FORUM_NAME_REQUIRED: "Choose a forum name so other members know who is talking.",
  THREAD_LOCKED: "This thread is locked, so it takes no new replies.",
  CATEGORY_NOT_FOUND: "We couldn't find that forum category.",
  THREAD_NOT_FOUND: "We couldn't find that thread.",
  POST_NOT_FOUND: "We couldn't find that post.",
  NOT_YOUR_POST: "You can only change your own posts.",
  EDIT_WINDOW_PASSED: "Posts can be edited for 1 hour after posting. You can still delete it, or add a reply.",
  ALREADY_REPORTED: "You've already reported this post. A moderator will look at it soon.",
  SAME_CATEGORY: "The thread is already in that category.",
  REPORT_NOT_FOUND: "We couldn't find that report, or it has already been handled.",
  RATE_LIMITED: "You're posting faster than the forum allows. Take a short break and try again in a minute.",
} as const;

/** Answers of the error-reporting tunnel and the analytics endpoint (http.ts); read by machines and people debugging them. */
export const OBSERVABILITY_MESSAGES = {
  TOO_LARGE: "That report is larger than this endpoint accepts.",
  MALFORMED_ENVELOPE: "That is not a well-formed Sentry envelope.",
  FOREIGN_DSN: "This tunnel only accepts this site's own error reports.",
  UNSUPPORTED_TYPE: "Send the events as application/json or text/plain.",
  INVALID_EVENTS: "Send 1 to 20 pageview events: { type: \"pageview\", route, loadMs? }.",
  BUSY: "Too many reports right now. Please try again in a minute.",
  SENTRY_UNREACHABLE: "Sentry could not be reached. Please try again later.",
} as const;

/** The admin debug pages' refusals (SPEC §2 complimentary plans). */
export const DEBUG_MESSAGES = {
  ALREADY_COMPLEMENTARY: "This member already has a complimentary plan in force. End it first, then grant another.",
  COMPLEMENTARY_NOT_FOUND: "We couldn't find that complimentary plan, or it has already ended.",
} as const;

export const ERROR_MESSAGES = {
  ...AUTH_MESSAGES,
  ...BOOKING_MESSAGES,
  ...LEDGER_MESSAGES,
  ...SESSION_MESSAGES,
  ...FOCUS_MESSAGES,
  INVALID_ACTION_ITEM: ACTION_ITEM_MESSAGES.INVALID_ACTION_ITEM,
  ACTION_ITEM_NOT_FOUND: ACTION_ITEM_MESSAGES.ACTION_ITEM_NOT_FOUND,
  ACTION_ITEM_COACH_FIELDS: ACTION_ITEM_MESSAGES.ACTION_ITEM_COACH_FIELDS,
  ...EXTRACTION_MESSAGES,
  ...BILLING_MESSAGES,
  CURRENT_PLAN: UPGRADE_MESSAGES.CURRENT_PLAN,
  PLAN_NOT_AVAILABLE: UPGRADE_MESSAGES.PLAN_NOT_AVAILABLE,
  INTRO_ALREADY_BOOKED: INTRO_MESSAGES.INTRO_ALREADY_BOOKED,
  INTRO_EMAIL_HAS_ACCOUNT: INTRO_MESSAGES.INTRO_EMAIL_HAS_ACCOUNT,
  INTRO_ACCOUNT_DEACTIVATED: INTRO_MESSAGES.INTRO_ACCOUNT_DEACTIVATED,
  INTRO_LINK_INVALID: INTRO_MESSAGES.INTRO_LINK_INVALID,
  INTRO_LINK_EXPIRED: INTRO_MESSAGES.INTRO_LINK_EXPIRED,
  INTRO_LINK_USED: INTRO_MESSAGES.INTRO_LINK_USED,
  INTRO_LINK_REPLACED: INTRO_MESSAGES.INTRO_LINK_REPLACED,
  INTRO_LINK_OTHER_ACCOUNT: INTRO_MESSAGES.INTRO_LINK_OTHER_ACCOUNT,
  INTRO_SETUP_FAILED: INTRO_MESSAGES.INTRO_SETUP_FAILED,
  ...EMAIL_SYSTEM_MESSAGES,
  ...NEWSLETTER_MESSAGES,
  INVALID_FORUM_POST: FORUM_MESSAGES.INVALID_FORUM_POST,
  FORUM_NOT_JOINED: FORUM_MESSAGES.FORUM_NOT_JOINED,
  FORUM_NAME_REQUIRED: FORUM_MESSAGES.FORUM_NAME_REQUIRED,
  THREAD_LOCKED: FORUM_MESSAGES.THREAD_LOCKED,
  CATEGORY_NOT_FOUND: FORUM_MESSAGES.CATEGORY_NOT_FOUND,
  THREAD_NOT_FOUND: FORUM_MESSAGES.THREAD_NOT_FOUND,
  POST_NOT_FOUND: FORUM_MESSAGES.POST_NOT_FOUND,
  NOT_YOUR_POST: FORUM_MESSAGES.NOT_YOUR_POST,
  EDIT_WINDOW_PASSED: FORUM_MESSAGES.EDIT_WINDOW_PASSED,
  ALREADY_REPORTED: FORUM_MESSAGES.ALREADY_REPORTED,
  SAME_CATEGORY: FORUM_MESSAGES.SAME_CATEGORY,
  REPORT_NOT_FOUND: FORUM_MESSAGES.REPORT_NOT_FOUND,
  ...DEBUG_MESSAGES,
} as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The shape of every ConvexError the backend throws for a person to read (ARCHITECTURE §4). */
export type UserError = {
  code: string;
  message: string;
  fields?: Record<string, string>;
};

/**
 * The server's own error records (SPEC §3 structured error record), by code, for the admins'
 * errors tab, and the reasons a health check fails. The reasons carry no counts or times, so each
 * failure keeps one fingerprint and its occurrences group together.
 */
export const SYSTEM_ERROR_TEXTS = {
  EMAIL_FAILED: {
    title: "E-mail not sent",
    message: "The e-mail could not be sent, and no reason was given.",
    recovery: "Check the address in the outbox, then send the e-mail again.",
  },
  EMAIL_BOUNCED: {
    title: "E-mail bounced",
    message: "The recipient's mail server refused the e-mail.",
    recovery: "Check the address with the member before sending to it again.",
  },
  HEALTH_CHECK_FAILED: { title: "Health check failed", recovery: "Watch the system health tab: checks run every five minutes." },
  WEBHOOK_REFUSED: {
    title: "Webhook refused",
    recovery: "If this keeps happening, check that the webhook signing secret matches the one in the provider's dashboard.",
  },
  /** A browser report with no exception type or message of its own. */
  BROWSER_ERROR: { code: "BROWSER_ERROR", title: "Error in the web app", message: "The web app reported an error without a message." },
  CRON_FAILED: { code: "CRON_FAILED", title: "Scheduled job failed", recovery: "Check the job's logs; it runs again at its next scheduled time." },
  incomplete: (fields: readonly string[]) => `An error record needs a non-empty ${fields.join(", ")}.`,
  resendAnswered: (message: string) => `Resend answered: ${message}`,
  outboxStuck: (minutes: number) => `An e-mail has waited in the outbox for more than ${minutes} minutes: the outbox worker is not sending.`,
  schedulerStuck: (seconds: number) => `A check scheduled more than ${seconds} seconds ago has not run.`,
  noDisk: "There is no file system to measure.",
} as const;
