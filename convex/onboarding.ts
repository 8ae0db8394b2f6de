/**
 * Onboarding after a booked intro session (SPEC §2 Booking flow): the /loading page's booking and
 * form, the member's answers, /loading-complete, the coach's view of the answers on the session
 * page, and the admins' form builder (/admin/form-system-setup). Rules live in model/onboarding*.ts.
 *
 * The visitor is a guest (read-only elsewhere), so these are member functions that check the
 * booking is the caller's own.
 */
import { v } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import { adminMutation, adminQuery, internalMutation, memberMutation, memberQuery } from "./functions";
import { bounded, LIMITS } from "./model/bounds";
import { answerText, formErrors, type FormField, normalizeForm, ONBOARDING_FORM_ID, ONBOARDING_LIMITS, onboardingError } from "./model/onboarding";
import { currentForm, loadVersion, ownBooking, recordResponse, responseFor, saveVersion } from "./model/onboardingStore";
import { displayName, namesOf } from "./model/sessions";
import { normalizeEmail } from "./model/users";
import { onboardingActionValidator, onboardingAnswerValidator, onboardingFieldValidator, sessionStatusValidator } from "./schema";
import type { QueryCtx } from "./_generated/server";

const formView = v.object({ formId: v.string(), version: v.number(), fields: v.array(onboardingFieldValidator) });

const bookingView = v.object({
  _id: v.id("sessions"),
  title: v.string(),
  startsAt: v.number(),
  durationMinutes: v.number(),
  status: sessionStatusValidator,
  coachName: v.string(),
});

const responseView = v.object({ _id: v.id("onboardingResponses"), action: onboardingActionValidator, version: v.number() });

async function bookingSummary(ctx: Pick<QueryCtx, "db">, session: Doc<"sessions">) {
  const coach = await ctx.db.get("users", session.coachId);
  return {
    _id: session._id,
    title: session.title,
    startsAt: session.startsAt,
    durationMinutes: session.durationMinutes,
    status: session.status,
    coachName: displayName(coach),
  };
}

const responseSummary = (response: Doc<"onboardingResponses"> | null) =>
  response ? { _id: response._id, action: response.action, version: response.version } : null;

/**
 * The /loading page: the caller's booking, the current form and any response already given.
 * Null when the id is malformed, unknown or not the caller's: the page explains, and ids of other
 * people's bookings reveal nothing.
 */
export const forBooking = memberQuery({
  args: { bookingId: bounded.token(LIMITS.id) },
  returns: v.union(v.null(), v.object({ booking: bookingView, form: formView, response: v.union(v.null(), responseView) })),
  handler: async (ctx, { bookingId }) => {
    const session = await ownBooking(ctx.db, ctx.viewer, bookingId);
    if (!session) return null;
    return {
      booking: await bookingSummary(ctx, session),
      form: await currentForm(ctx.db),
      response: responseSummary(await responseFor(ctx.db, session._id)),
    };
  },
});

/**
 * The onboarding form's submit (SPEC §7): submit_onboarding with answers to the named form version,
 * or complete_later. Returns the response id for /loading-complete; see recordResponse for the
 * one-response-per-booking rule.
 */
export const submit = memberMutation({
  args: {
    bookingId: bounded.token(LIMITS.id),
    action: onboardingActionValidator,
    formId: bounded.token(LIMITS.id),
    version: bounded.int(0, LIMITS.version),
    answers: bounded.array(onboardingAnswerValidator, ONBOARDING_LIMITS.maxFields),
  },
  returns: v.id("onboardingResponses"),
  handler: async (ctx, { bookingId, ...input }) => {
    const session = await ownBooking(ctx.db, ctx.viewer, bookingId);
    if (!session) throw onboardingError("BOOKING_NOT_FOUND");
    return recordResponse(ctx, session, input, Date.now());
  },
});

/** /loading-complete: the booked intro session and whether answers were given. Null for someone else's booking. */
export const completion = memberQuery({
  args: { bookingId: bounded.token(LIMITS.id), responseId: bounded.token(LIMITS.id) },
  returns: v.union(v.null(), v.object({ booking: bookingView, response: v.union(v.null(), responseView) })),
  handler: async (ctx, { bookingId, responseId }) => {
    const session = await ownBooking(ctx.db, ctx.viewer, bookingId);
    if (!session) return null;
    const response = await responseFor(ctx.db, session._id);
    // A response id from another booking is not shown here, even the caller's own.
    const matches = response !== null && ctx.db.normalizeId("onboardingResponses", responseId) === response._id;
    return { booking: await bookingSummary(ctx, session), response: matches ? responseSummary(response) : null };
  },
});

const answerView = v.object({ name: v.string(), label: v.string(), text: v.string() });

/**
 * A session's onboarding answers, with the question labels of the version they were given
 * against. Only the session's coach, admins and the member see them; null for anyone else, and
 * for a session that is not an intro booking and has no answers.
 */
export const answersForSession = memberQuery({
  args: { sessionId: v.id("sessions") },
  returns: v.union(
    v.null(),
    v.object({
      state: v.union(v.literal("answered"), v.literal("completed_later"), v.literal("not_answered")),
      version: v.optional(v.number()),
      answeredAt: v.optional(v.number()),
      answers: v.array(answerView),
    }),
  ),
  handler: async (ctx, { sessionId }) => {
    const session = await ctx.db.get("sessions", sessionId);
    const viewer = ctx.viewer;
    if (!session || (session.memberId !== viewer._id && session.coachId !== viewer._id && viewer.role !== "admin")) return null;
    const response = await responseFor(ctx.db, session._id);
    if (!response) {
      // Onboarding follows the intro booking; a member's other sessions have none.
      return session.kind === "intro" ? { state: "not_answered" as const, answers: [] } : null;
    }
    if (response.action === "complete_later") return { state: "completed_later" as const, answers: [] };
    const version = await loadVersion(ctx.db, response.formId, response.version);
    const answers = response.answers.map((answer) => {
      const field = version?.fields.find((f) => f.name === answer.name);
      return { name: answer.name, label: field?.label ?? answer.name, text: answerText(field, answer.value) };
    });
    return { state: "answered" as const, version: response.version, answeredAt: response.updatedAt, answers };
  },
});

/** How many versions the builder lists, newest first. */
const VERSION_LIST_LIMIT = 50;

/** The builder's list: every version (newest first) with its questions and how many answered it. */
export const formVersions = adminQuery({
  args: {},
  returns: v.array(
    v.object({
      version: v.number(),
      fields: v.array(onboardingFieldValidator),
      createdAt: v.optional(v.number()),
      createdByName: v.optional(v.string()),
      answeredCount: v.number(),
    }),
  ),
  handler: async (ctx) => {
    const rows = await ctx.db
      .query("onboardingForms")
      .withIndex("by_form_and_version", (q) => q.eq("formId", ONBOARDING_FORM_ID))
      .order("desc")
      .take(VERSION_LIST_LIMIT);
    const names = await namesOf(ctx, rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])));
    const list: { version: number; fields: FormField[]; createdAt?: number; createdByName?: string; answeredCount: number }[] = rows.map((row) => ({
      version: row.version,
      fields: row.fields,
      createdAt: row.createdAt,
      ...(row.createdBy ? { createdByName: names.get(row.createdBy) } : {}),
      answeredCount: row.answeredCount,
    }));
    // The default version 1 is listed even before anything answered it or was saved.
    if (!rows.some((row) => row.version === 1) && rows.length < VERSION_LIST_LIMIT) {
      const first = (await loadVersion(ctx.db, ONBOARDING_FORM_ID, 1))!;
      list.push({ version: 1, fields: first.fields, answeredCount: 0 });
    }
    return list;
  },
});

/** Saves the builder's questions as a new version, the one visitors get from now on. Refusals name the field. */
export const saveForm = adminMutation({
  args: { fields: bounded.array(onboardingFieldValidator, ONBOARDING_LIMITS.maxFields) },
  returns: v.number(),
  handler: async (ctx, { fields }) => {
    const errors = formErrors(fields);
    if (Object.keys(errors).length > 0) throw onboardingError("INVALID_FORM", errors);
    return saveVersion(ctx.db, normalizeForm(fields), ctx.viewer._id, Date.now());
  },
});

/**
 * The offline fallback's plain form post (http.ts POST /onboarding): complete_later only, for a
 * scheduled intro booking whose member has this e-mail, so a post without a session can defer
 * the onboarding it is for and never answer, nor touch any other session.
 */
export const completeLaterByEmail = internalMutation({
  args: { bookingId: v.string(), email: v.string() },
  returns: v.union(v.null(), v.id("onboardingResponses")),
  handler: async (ctx, { bookingId, email }) => {
    const id = ctx.db.normalizeId("sessions", bookingId);
    const session = id ? await ctx.db.get("sessions", id) : null;
    const member = session ? await ctx.db.get("users", session.memberId) : null;
    if (!session || session.kind !== "intro" || session.status !== "scheduled") return null;
    if (!member || member.status !== "active" || member.email !== normalizeEmail(email)) return null;
    const form = await currentForm(ctx.db);
    return recordResponse(ctx, session, { action: "complete_later", formId: form.formId, version: form.version, answers: [] }, Date.now());
  },
});

