/**
 * Reading and writing onboarding forms and responses: which version is current, a booking's one
 * response, and the per-version answered counts kept in the same transaction as each answer.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  answerErrors,
  DEFAULT_ONBOARDING_FIELDS,
  normalizeAnswers,
  ONBOARDING_FIELD_ERRORS,
  ONBOARDING_FORM_ID,
  onboardingError,
  type Answer,
  type FormField,
  type OnboardingAction,
} from "./onboarding";

type Db = QueryCtx["db"];

export interface FormVersion {
  formId: string;
  version: number;
  fields: FormField[];
}

/** Version 1 as the code defines it, for a deployment where no version was stored yet. */
const DEFAULT_VERSION: FormVersion = { formId: ONBOARDING_FORM_ID, version: 1, fields: DEFAULT_ONBOARDING_FIELDS };

function versionRow(db: Db, formId: string, version: number) {
  return db
    .query("onboardingForms")
    .withIndex("by_form_and_version", (q) => q.eq("formId", formId).eq("version", version))
    .unique();
}

export function latestVersionRow(db: Db) {
  return db
    .query("onboardingForms")
    .withIndex("by_form_and_version", (q) => q.eq("formId", ONBOARDING_FORM_ID))
    .order("desc")
    .first();
}

const asVersion = (row: Doc<"onboardingForms">): FormVersion => ({ formId: row.formId, version: row.version, fields: row.fields });

/** The form a visitor gets now: the newest saved version, or the default version 1. */
export async function currentForm(db: Db): Promise<FormVersion> {
  const row = await latestVersionRow(db);
  return row ? asVersion(row) : DEFAULT_VERSION;
}

/** A version that exists (stored, or the default version 1 before anything is stored); null otherwise. */
export async function loadVersion(db: Db, formId: string, version: number): Promise<FormVersion | null> {
  if (formId !== ONBOARDING_FORM_ID) return null;
  const row = await versionRow(db, formId, version);
  if (row) return asVersion(row);
  return version === 1 ? DEFAULT_VERSION : null;
}

/** The stored row of an existing version, writing version 1 from the code when it is not stored yet. */
async function ensureVersionRow(db: MutationCtx["db"], version: FormVersion, now: number): Promise<Doc<"onboardingForms">> {
  const row = await versionRow(db, version.formId, version.version);
  if (row) return row;
  const id = await db.insert("onboardingForms", { ...version, createdAt: now, answeredCount: 0 });
  return (await db.get("onboardingForms", id))!;
}

/** Stores the default version 1 (the seed), so admins see it listed like any saved version. */
export async function storeDefaultVersion(db: MutationCtx["db"], now: number) {
  await ensureVersionRow(db, DEFAULT_VERSION, now);
}

/** Saves an admin's fields as the next version. */
export async function saveVersion(db: MutationCtx["db"], fields: FormField[], createdBy: Id<"users">, now: number): Promise<number> {
  const latest = await latestVersionRow(db);
  // Version 1 is the default even when it was never stored, so the first save is version 2.
  const version = (latest?.version ?? 1) + 1;
  await db.insert("onboardingForms", { formId: ONBOARDING_FORM_ID, version, fields, createdAt: now, createdBy, answeredCount: 0 });
  return version;
}

/** The caller's own booking by an id from a link; null when the id is malformed, unknown or someone else's. */
export async function ownBooking(db: Db, viewer: Doc<"users">, bookingId: string): Promise<Doc<"sessions"> | null> {
  const id = db.normalizeId("sessions", bookingId);
  const session = id ? await db.get("sessions", id) : null;
  return session && session.memberId === viewer._id ? session : null;
}

export function responseFor(db: Db, sessionId: Id<"sessions">) {
  return db
    .query("onboardingResponses")
    .withIndex("by_session", (q) => q.eq("sessionId", sessionId))
    .unique();
}

async function addAnswered(db: MutationCtx["db"], version: FormVersion, delta: number, now: number) {
  const row = await ensureVersionRow(db, version, now);
  await db.patch("onboardingForms", row._id, { answeredCount: Math.max(0, row.answeredCount + delta) });
}

export interface ResponseInput {
  action: OnboardingAction;
  formId: string;
  version: number;
  answers: Answer[];
}

/**
 * Records a booking's onboarding response; one per booking. Answers replace earlier answers on
 * the same row (a retry after a lost connection, or a changed mind before the session), so a
 * double submit leaves one response with one id. complete_later never replaces answers: it only
 * records a deferral when there is nothing yet. Refusals name the field and write nothing.
 */
export async function recordResponse(
  ctx: Pick<MutationCtx, "db">,
  session: Doc<"sessions">,
  input: ResponseInput,
  now: number,
): Promise<Id<"onboardingResponses">> {
  const { db } = ctx;
  const version = await loadVersion(db, input.formId, input.version);
  if (!version) {
    const field = input.formId === ONBOARDING_FORM_ID ? "version" : "form_id";
    throw onboardingError("INVALID_ONBOARDING", {
      [field]: field === "version" ? ONBOARDING_FIELD_ERRORS.unknownVersion : ONBOARDING_FIELD_ERRORS.unknownForm,
    });
  }
  const existing = await responseFor(db, session._id);
  if (input.action === "complete_later") {
    if (existing) return existing._id;
    return db.insert("onboardingResponses", {
      sessionId: session._id,
      userId: session.memberId,
      formId: version.formId,
      version: version.version,
      answers: [],
      action: "complete_later",
      createdAt: now,
      updatedAt: now,
    });
  }
  const errors = answerErrors(version.fields, input.answers);
  if (Object.keys(errors).length > 0) throw onboardingError("INVALID_ONBOARDING", errors);
  const answers = normalizeAnswers(version.fields, input.answers);
  const fields = { formId: version.formId, version: version.version, answers, action: "submit_onboarding" as const, updatedAt: now };
  if (existing?.action === "submit_onboarding") {
    const previous = await loadVersion(db, existing.formId, existing.version);
    if (previous) await addAnswered(db, previous, -1, now);
  }
  await addAnswered(db, version, 1, now);
  if (existing) {
    await db.patch("onboardingResponses", existing._id, fields);
    return existing._id;
  }
  return db.insert("onboardingResponses", { sessionId: session._id, userId: session.memberId, createdAt: now, ...fields });
}
