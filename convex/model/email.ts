/**
 * E-mail rules shared by both adapters (ARCHITECTURE §2): the statuses admins see, how they are
 * read off the Resend component's record of an e-mail, and which addresses the embedded default
 * cannot deliver to. Pure, so the server, the admin page and the tests agree.
 */

/** What admins see, in lifecycle order; the last four are outcomes that need attention. */
export const EMAIL_STATUSES = [
  "queued",
  "sent",
  "delivery_delayed",
  "delivered",
  "opened",
  "clicked",
  "complained",
  "bounced",
  "failed",
] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  delivery_delayed: "Delivery delayed",
  delivered: "Delivered",
  opened: "Opened",
  clicked: "Link clicked",
  complained: "Marked as spam",
  bounced: "Bounced",
  failed: "Failed",
};

/** The part of the component's e-mail record (`resend.get`) the outbox is read from. */
export interface ComponentEmail {
  status: "waiting" | "queued" | "cancelled" | "sent" | "delivered" | "delivery_delayed" | "bounced" | "failed";
  errorMessage?: string;
  complained: boolean;
  opened?: boolean;
  clicked?: boolean;
  resendId?: string;
}

export interface OutboxState {
  status: EmailStatus;
  /** Resend's id of the e-mail, once Resend (or the local stand-in) accepted it. */
  providerId?: string;
  /** Why it did not arrive, for failed, bounced, complained and cancelled e-mails. */
  error?: string;
}

/**
 * The outbox view of the component's record. The component owns the state machine (statuses
 * only move forward, webhook events and API results alike); this is a projection of it.
 */
export function outboxState(email: ComponentEmail): OutboxState {
  const providerId = email.resendId ? { providerId: email.resendId } : {};
  const error = email.errorMessage ? { error: email.errorMessage } : {};
  switch (email.status) {
    case "waiting":
    case "queued":
      return { status: "queued", ...providerId };
    case "cancelled":
      return { status: "failed", ...providerId, error: email.errorMessage ?? "Cancelled before it was sent." };
    case "failed":
    case "bounced":
      return { status: email.status, ...providerId, ...error };
    default:
      // Sent, delayed or delivered: a complaint outranks engagement, which outranks delivery.
      if (email.complained) return { status: "complained", ...providerId, error: "The recipient marked it as spam." };
      if (email.clicked) return { status: "clicked", ...providerId };
      if (email.opened) return { status: "opened", ...providerId };
      return { status: email.status, ...providerId };
  }
}

/** Statuses after which the component does nothing more on its own (only webhooks may follow). */
export function leftTheQueue(email: Pick<ComponentEmail, "status">): boolean {
  return email.status !== "waiting" && email.status !== "queued";
}

/**
 * What the embedded default does with one address, the rule that stands in for the real world:
 * - an address Resend itself would refuse (not exactly one `@`, or a domain without a dot)
 *   fails at once, as Resend's 422 validation_error would;
 * - an address under the `.invalid` top-level domain, which RFC 2606 §2 reserves as never
 *   resolving, is accepted, then fails, as Resend's `email.failed` event reports;
 * - every other address is sent, then delivered.
 */
export type LocalOutcome = { kind: "delivered" } | { kind: "refused"; reason: string } | { kind: "undeliverable"; reason: string };

const ADDRESS = /^[^\s@<>]+@([^\s@<>.]+\.)+[^\s@<>.]+$/;

export function localOutcome(address: string): LocalOutcome {
  const to = address.trim().toLowerCase();
  if (!ADDRESS.test(to)) {
    return { kind: "refused", reason: "Invalid `to` field. The email address needs to follow the `email@example.com` format." };
  }
  if (to.endsWith(".invalid")) {
    return { kind: "undeliverable", reason: `The domain of ${to} does not exist: .invalid is reserved and never resolves (RFC 2606).` };
  }
  return { kind: "delivered" };
}
