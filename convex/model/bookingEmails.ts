/**
 * The e-mail a booking change sends its member: booked, moved or cancelled, each with the
 * iCalendar invitation (model/calendar.ts) that puts the change into their own calendar. These are
 * part of the booking, like a receipt, so no notification setting silences them.
 */
import type { Doc } from "../_generated/dataModel";
import { env, type MutationCtx } from "../_generated/server";
import { queueEmail } from "../email";
import { senderAddress } from "../integrations/email";
import { formatWhen } from "./bookings";
import { calendarEvents, icsContentType, invitation, INVITATION_FILENAME, sessionLinks } from "./calendar";
import { displayName, namesOf } from "./sessions";

export type BookingChange = "booked" | "moved" | "cancelled";

/** What the e-mail says; the intro flow brings its own words for "booked" (convex/intro.ts). */
export interface BookingEmailText {
  subject: string;
  text: string;
  template: string;
}

function defaultText(change: BookingChange, session: Doc<"sessions">, member: Doc<"users">, coachName: string): BookingEmailText {
  const when = formatWhen(session.startsAt, member.timezone);
  const withWhom = `${session.durationMinutes}-minute session with ${coachName}`;
  const links = sessionLinks(session._id, env.SITE_URL);
  switch (change) {
    case "booked":
      return {
        subject: `Booked: ${session.title}, ${when}`,
        text: `Hi ${member.firstName},\n\nYour ${withWhom} is booked for ${when}.\n\nJoin here when it starts: ${links.join}\nYour booking: ${links.booking}\n\nThe attached invitation adds it to your calendar.`,
        template: "booking_confirmed",
      };
    case "moved":
      return {
        subject: `Moved: ${session.title}, now ${when}`,
        text: `Hi ${member.firstName},\n\nYour ${withWhom} is now on ${when}.\n\nJoin here when it starts: ${links.join}\nYour booking: ${links.booking}\n\nThe attached invitation moves it in your calendar.`,
        template: "booking_moved",
      };
    case "cancelled":
      return {
        subject: `Cancelled: ${session.title}, ${when}`,
        text: `Hi ${member.firstName},\n\nYour ${withWhom} on ${when} is cancelled.\n\nThe attached invitation takes it out of your calendar.`,
        template: "booking_cancelled",
      };
  }
}

/**
 * Queues the member's e-mail for a change of `session` (already written, with its new
 * calendarSequence), in the calling transaction. One e-mail per session, change and sequence,
 * however often it is called.
 */
export async function emailBookingChange(ctx: MutationCtx, session: Doc<"sessions">, change: BookingChange, now: number, text?: BookingEmailText) {
  const member = await ctx.db.get("users", session.memberId);
  if (!member) return;
  const coachName = (await namesOf(ctx, [session.coachId])).get(session.coachId) ?? "";
  const [event] = await calendarEvents(ctx, member._id, [session]);
  const method = change === "cancelled" ? "CANCEL" : "REQUEST";
  const ics = invitation(
    method,
    event!,
    { organizer: senderAddress(), attendee: { name: displayName(member), email: member.email, timezone: member.timezone } },
    now,
    env.SITE_URL,
  );
  await queueEmail(
    ctx,
    {
      to: member.email,
      ...(text ?? defaultText(change, session, member, coachName)),
      attachments: [{ filename: INVITATION_FILENAME, contentType: icsContentType(method), content: ics }],
    },
    { idempotencyKey: `booking-${change}:${session._id}:${session.calendarSequence ?? 0}` },
  );
}
