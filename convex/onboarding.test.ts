import { ConvexError } from "convex/values";
import { describe, expect, it, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  answerErrors,
  DEFAULT_ONBOARDING_FIELDS,
  formErrors,
  ONBOARDING_FIELD_ERRORS,
  ONBOARDING_FORM_ID,
  slugify,
  type FormField,
} from "./model/onboarding";
import { seedDemo } from "./test.seed";
import { newConvexTest } from "./test.setup";
import { insertSession } from "./test.sessions";
import { signedIn, type T } from "./test.users";

const errorData = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return error.data as { code: string; fields?: Record<string, string> };
    throw error;
  }
};

const DAY = 24 * 60 * 60 * 1000;

/** A visitor who just booked the free intro: a guest_temporary account and a session they own. */
async function bookedGuest(t: T, email = "new.visitor@example.com") {
  const coach = await signedIn(t, "coach", { firstName: "Chris", lastName: "Coach" });
  const guest = await signedIn(t, "guest_temporary", { email, firstName: "Nia", lastName: "Park" });
  const sessionId = await insertSession(t, { kind: "intro", memberId: guest.id, coachId: coach.id, title: "Free intro session", startsAt: Date.now() + 2 * DAY, durationMinutes: 20 });
  return { coach, guest, sessionId };
}

const goodAnswers = [
  { name: "interests", value: ["focus", "time"] },
  { name: "main_goal", value: "  Finish what I start.  " },
  { name: "contact_preference", value: "email" },
];

const submitArgs = (bookingId: string, overrides: Record<string, unknown> = {}) => ({
  bookingId,
  action: "submit_onboarding" as const,
  formId: ONBOARDING_FORM_ID,
  version: 1,
  answers: goodAnswers,
  ...overrides,
});

const responses = (t: T) => t.run((ctx) => ctx.db.query("onboardingResponses").collect());

describe("onboarding rules", () => {
  it("names the field for a missing required answer, an option not offered and an unknown question", () => {
    const fields = DEFAULT_ONBOARDING_FIELDS;
    expect(answerErrors(fields, [])).toEqual({ interests: ONBOARDING_FIELD_ERRORS.required });
    expect(answerErrors(fields, [{ name: "interests", value: [] }])).toEqual({ interests: ONBOARDING_FIELD_ERRORS.required });
    expect(answerErrors(fields, [{ name: "interests", value: ["focus", "juggling"] }])).toEqual({ interests: ONBOARDING_FIELD_ERRORS.notAnOption });
    expect(answerErrors(fields, [{ name: "interests", value: "focus" }])).toEqual({ interests: ONBOARDING_FIELD_ERRORS.notAnOption });
    expect(answerErrors(fields, [...goodAnswers.slice(0, 1), { name: "contact_preference", value: "pigeon" }])).toEqual({
      contact_preference: ONBOARDING_FIELD_ERRORS.notAnOption,
    });
    expect(answerErrors(fields, [...goodAnswers, { name: "salary", value: "lots" }])).toEqual({ salary: ONBOARDING_FIELD_ERRORS.unknownField });
    expect(answerErrors(fields, [...goodAnswers, { name: "preferred_name", value: "x".repeat(201) }])).toEqual({
      preferred_name: ONBOARDING_FIELD_ERRORS.tooLong(200),
    });
    expect(answerErrors(fields, [...goodAnswers, { name: "obstacles", value: "x".repeat(2000) }])).toEqual({});
    const flood = Array.from({ length: 21 }, (_, i) => ({ name: `q${i}`, value: "x" }));
    expect(answerErrors(fields, flood)).toEqual({ answers: ONBOARDING_FIELD_ERRORS.tooManyAnswers });
  });

  it("checks a builder's form: labels, unique slug names, options for choices", () => {
    const field = (overrides: Partial<FormField>): FormField => ({ name: "q", label: "Question", type: "text", required: false, ...overrides });
    expect(formErrors([])).toEqual({ fields: ONBOARDING_FIELD_ERRORS.fieldsRequired });
    expect(
      formErrors([
        field({ label: "  " }),
        field({ name: "q" }),
        field({ name: "Bad Name" }),
        field({ name: "pick", type: "select", options: [] }),
        field({ name: "many", type: "multiselect", options: [{ value: "a", label: "A" }, { value: "a", label: "A again" }] }),
      ]),
    ).toEqual({
      "fields.0.label": ONBOARDING_FIELD_ERRORS.labelRequired,
      "fields.1.name": ONBOARDING_FIELD_ERRORS.nameDuplicate,
      "fields.2.name": ONBOARDING_FIELD_ERRORS.nameInvalid,
      "fields.3.options": ONBOARDING_FIELD_ERRORS.optionsRequired,
      "fields.4.options": ONBOARDING_FIELD_ERRORS.optionInvalid,
    });
    expect(formErrors(DEFAULT_ONBOARDING_FIELDS)).toEqual({});
    expect(slugify("What gets in the way?")).toBe("what_gets_in_the_way");
    expect(slugify("2 + 2")).toBe("question");
  });
});

describe("onboarding for a booked intro session", () => {
  it("shows the booking, the current form and no response yet to the booking's own guest", async () => {
    const t = newConvexTest();
    const { guest, sessionId } = await bookedGuest(t);
    const data = await guest.as.query(api.onboarding.forBooking, { bookingId: sessionId });
    expect(data).toMatchObject({
      booking: { _id: sessionId, title: "Free intro session", durationMinutes: 20, coachName: "Chris Coach", status: "scheduled" },
      form: { formId: ONBOARDING_FORM_ID, version: 1, fields: DEFAULT_ONBOARDING_FIELDS },
      response: null,
    });
  });

  it("gives nothing away for a malformed, unknown or someone else's booking", async () => {
    const t = newConvexTest();
    const { sessionId } = await bookedGuest(t);
    const stranger = await signedIn(t, "guest_temporary");
    expect(await stranger.as.query(api.onboarding.forBooking, { bookingId: sessionId })).toBeNull();
    expect(await stranger.as.query(api.onboarding.forBooking, { bookingId: "not-an-id" })).toBeNull();
    expect(await errorData(stranger.as.mutation(api.onboarding.submit, submitArgs(sessionId)))).toMatchObject({ code: "BOOKING_NOT_FOUND" });
    expect(await errorData(stranger.as.mutation(api.onboarding.submit, submitArgs("nope")))).toMatchObject({ code: "BOOKING_NOT_FOUND" });
    expect(await responses(t)).toEqual([]);
  });

  it("saves valid answers with the version they were given against, trimmed and in the form's order", async () => {
    const t = newConvexTest();
    const { guest, sessionId } = await bookedGuest(t);
    const responseId = await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId));
    const [saved] = await responses(t);
    expect(saved).toMatchObject({
      _id: responseId,
      sessionId,
      userId: guest.id,
      formId: ONBOARDING_FORM_ID,
      version: 1,
      action: "submit_onboarding",
      answers: [
        { name: "interests", value: ["focus", "time"] },
        { name: "main_goal", value: "Finish what I start." },
        { name: "contact_preference", value: "email" },
      ],
    });
    expect((await guest.as.query(api.onboarding.forBooking, { bookingId: sessionId }))?.response).toEqual({
      _id: responseId,
      action: "submit_onboarding",
      version: 1,
    });
  });

  it("refuses a missing required answer, an option not offered, an unknown form or version, naming the field and saving nothing", async () => {
    const t = newConvexTest();
    const { guest, sessionId } = await bookedGuest(t);
    const submit = (overrides: Record<string, unknown>) => errorData(guest.as.mutation(api.onboarding.submit, submitArgs(sessionId, overrides)));
    expect(await submit({ answers: goodAnswers.slice(1) })).toMatchObject({
      code: "INVALID_ONBOARDING",
      fields: { interests: ONBOARDING_FIELD_ERRORS.required },
    });
    expect(await submit({ answers: [goodAnswers[0], { name: "contact_preference", value: "fax" }] })).toMatchObject({
      fields: { contact_preference: ONBOARDING_FIELD_ERRORS.notAnOption },
    });
    expect(await submit({ version: 7 })).toMatchObject({ code: "INVALID_ONBOARDING", fields: { version: ONBOARDING_FIELD_ERRORS.unknownVersion } });
    expect(await submit({ formId: "signup" })).toMatchObject({ fields: { form_id: ONBOARDING_FIELD_ERRORS.unknownForm } });
    expect(await submit({ action: "complete_later", version: 7 })).toMatchObject({ fields: { version: ONBOARDING_FIELD_ERRORS.unknownVersion } });
    expect(await responses(t)).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("onboardingForms").collect())).toEqual([]);
  });

  it("keeps one response per booking: a double submit is one row, new answers replace old ones, counts follow", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const { guest, sessionId } = await bookedGuest(t);
    const first = await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId));
    const second = await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId));
    expect(second).toBe(first);
    const changed = await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId, { answers: [{ name: "interests", value: ["tools"] }] }));
    expect(changed).toBe(first);
    expect((await responses(t)).map((r) => r.answers)).toEqual([[{ name: "interests", value: ["tools"] }]]);
    expect((await admin.as.query(api.onboarding.formVersions, {})).map((v) => [v.version, v.answeredCount])).toEqual([[1, 1]]);
    // Finishing later afterwards never throws the answers away.
    expect(await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId, { action: "complete_later", answers: [] }))).toBe(first);
    expect((await responses(t))[0]).toMatchObject({ action: "submit_onboarding", answers: [{ name: "interests", value: ["tools"] }] });
  });

  it("records complete_later without answers, and answers given later replace the deferral", async () => {
    const t = newConvexTest();
    const { guest, sessionId } = await bookedGuest(t);
    const later = await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId, { action: "complete_later", answers: goodAnswers }));
    expect((await responses(t)).map((r) => [r.action, r.answers])).toEqual([["complete_later", []]]);
    expect(await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId, { action: "complete_later", answers: [] }))).toBe(later);
    expect(await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId))).toBe(later);
    expect((await responses(t)).map((r) => r.action)).toEqual(["submit_onboarding"]);
  });
});

describe("versions of the form", () => {
  const newFields: FormField[] = [
    { name: "interests", label: "Which topics interest you?", type: "multiselect", required: true, options: [{ value: "sleep", label: "Sleep" }] },
    { name: "role", label: "  What do you do?  ", type: "select", required: false, placeholder: " ", options: [{ value: "founder", label: "Founder" }] },
  ];

  it("makes every admin save a new version; visitors get the newest, answers keep theirs", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin", { firstName: "Ada", lastName: "Admin" });
    const { guest, sessionId } = await bookedGuest(t);
    await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId));

    expect(await admin.as.mutation(api.onboarding.saveForm, { fields: newFields })).toBe(2);
    expect(await admin.as.mutation(api.onboarding.saveForm, { fields: newFields })).toBe(3);
    const form = (await guest.as.query(api.onboarding.forBooking, { bookingId: sessionId }))!.form;
    expect(form.version).toBe(3);
    expect(form.fields[1]).toEqual({ name: "role", label: "What do you do?", type: "select", required: false, options: [{ value: "founder", label: "Founder" }] });

    const versions = await admin.as.query(api.onboarding.formVersions, {});
    expect(versions.map((v) => [v.version, v.answeredCount, v.createdByName])).toEqual([
      [3, 0, "Ada Admin"],
      [2, 0, "Ada Admin"],
      [1, 1, undefined],
    ]);

    // An answer given against the old version still reads with its own questions.
    const answers = await admin.as.query(api.onboarding.answersForSession, { sessionId });
    expect(answers).toMatchObject({
      state: "answered",
      version: 1,
      answers: [
        { name: "interests", label: "What would you most like help with?", text: "Focus and getting started, Time and planning" },
        { name: "main_goal", label: "If this coaching works, what is different in three months?", text: "Finish what I start." },
        { name: "contact_preference", label: "How should your coach reach you between sessions?", text: "E-mail" },
      ],
    });

    // A visitor who loaded version 1 before the save may still send against it; version 4 does not exist.
    const other = await bookedGuest(t, "second@example.com");
    await other.guest.as.mutation(api.onboarding.submit, submitArgs(other.sessionId));
    expect(await errorData(other.guest.as.mutation(api.onboarding.submit, submitArgs(other.sessionId, { version: 4 })))).toMatchObject({
      fields: { version: ONBOARDING_FIELD_ERRORS.unknownVersion },
    });
    await other.guest.as.mutation(api.onboarding.submit, submitArgs(other.sessionId, { version: 3, answers: [{ name: "interests", value: ["sleep"] }] }));
    expect((await admin.as.query(api.onboarding.formVersions, {})).map((v) => v.answeredCount)).toEqual([1, 0, 1]);
  });

  it("is seeded with the default version 1, once", async () => {
    const t = newConvexTest();
    await seedDemo(t, []);
    await seedDemo(t, []);
    const stored = await t.run((ctx) => ctx.db.query("onboardingForms").collect());
    expect(stored.map((row) => [row.version, row.fields, row.answeredCount])).toEqual([[1, DEFAULT_ONBOARDING_FIELDS, 0]]);
    expect(DEFAULT_ONBOARDING_FIELDS.find((field) => field.name === "interests")?.type).toBe("multiselect");
  });

  it("refuses a form with errors, naming each field, and saves nothing", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const bad: FormField[] = [...newFields, { name: "interests", label: "", type: "select", required: false }];
    expect(await errorData(admin.as.mutation(api.onboarding.saveForm, { fields: bad }))).toEqual({
      code: "INVALID_FORM",
      message: "Please check the highlighted fields. Nothing was saved.",
      fields: {
        "fields.2.label": ONBOARDING_FIELD_ERRORS.labelRequired,
        "fields.2.name": ONBOARDING_FIELD_ERRORS.nameDuplicate,
        "fields.2.options": ONBOARDING_FIELD_ERRORS.optionsRequired,
      },
    });
    expect(await t.run((ctx) => ctx.db.query("onboardingForms").collect())).toEqual([]);
  });
});

describe("who reads the answers", () => {
  it("shows them to the session's coach, admins and the member; other coaches and members get nothing", async () => {
    const t = newConvexTest();
    const { coach, guest, sessionId } = await bookedGuest(t);
    const admin = await signedIn(t, "admin");
    const otherCoach = await signedIn(t, "coach");
    const client = await signedIn(t, "client");
    expect(await coach.as.query(api.onboarding.answersForSession, { sessionId })).toEqual({ state: "not_answered", answers: [] });
    await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId, { action: "complete_later", answers: [] }));
    expect(await coach.as.query(api.onboarding.answersForSession, { sessionId })).toEqual({ state: "completed_later", answers: [] });
    await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId));
    for (const reader of [coach, admin, guest]) {
      expect((await reader.as.query(api.onboarding.answersForSession, { sessionId }))?.state).toBe("answered");
    }
    expect(await otherCoach.as.query(api.onboarding.answersForSession, { sessionId })).toBeNull();
    expect(await client.as.query(api.onboarding.answersForSession, { sessionId })).toBeNull();
  });

  it("says nothing about onboarding on a client's ordinary session", async () => {
    const t = newConvexTest();
    const coach = await signedIn(t, "coach");
    const client = await signedIn(t, "client");
    const sessionId = await insertSession(t, { memberId: client.id, coachId: coach.id });
    expect(await coach.as.query(api.onboarding.answersForSession, { sessionId })).toBeNull();
  });

  it("confirms on /loading-complete only for the booking's member and its own response", async () => {
    const t = newConvexTest();
    const { guest, sessionId } = await bookedGuest(t);
    const responseId = await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId));
    expect(await guest.as.query(api.onboarding.completion, { bookingId: sessionId, responseId })).toMatchObject({
      booking: { _id: sessionId, coachName: "Chris Coach" },
      response: { _id: responseId, action: "submit_onboarding" },
    });
    expect((await guest.as.query(api.onboarding.completion, { bookingId: sessionId, responseId: "other" }))?.response).toBeNull();
    const stranger = await signedIn(t, "client");
    expect(await stranger.as.query(api.onboarding.completion, { bookingId: sessionId, responseId })).toBeNull();
  });
});

describe("POST /onboarding (the offline fallback)", () => {
  /** convex-test serves http routes at this origin; without SITE_URL it is the site's own. */
  const SITE = "https://some.convex.site";
  const post = (body: Record<string, string>, headers: Record<string, string> = { origin: SITE }) =>
    ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body).toString(),
    }) as const;
  const REFUSED = [303, "/booking-error?reason=loading_error"];

  it("records complete_later for the booking whose member has that e-mail and sends them to /loading-complete", async () => {
    const t = newConvexTest();
    const { sessionId } = await bookedGuest(t, "nia@example.com");
    const response = await t.fetch("/onboarding", post({ action: "complete_later", booking_id: sessionId, email: " Nia@Example.com ", name: "Nia" }));
    const [saved] = await responses(t);
    expect(saved).toMatchObject({ sessionId, action: "complete_later", answers: [], version: 1 });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/loading-complete?booking_id=${encodeURIComponent(sessionId)}&response_id=${encodeURIComponent(saved!._id)}`);
  });

  it("refuses another action, another e-mail or an unknown booking, writing nothing", async () => {
    const t = newConvexTest();
    const { sessionId } = await bookedGuest(t, "nia@example.com");
    const refused: Record<string, string>[] = [
      { action: "submit_onboarding", booking_id: sessionId, email: "nia@example.com", name: "Nia" },
      { action: "complete_later", booking_id: sessionId, email: "someone@example.com", name: "Nia" },
      { action: "complete_later", booking_id: "sessions:none", email: "nia@example.com", name: "Nia" },
      { action: "complete_later", booking_id: sessionId, name: "Nia" },
    ];
    for (const body of refused) {
      const response = await t.fetch("/onboarding", post(body));
      expect([response.status, response.headers.get("location")]).toEqual([303, "/booking-error?reason=loading_error"]);
    }
    expect(await responses(t)).toEqual([]);
  });

  it("refuses a booking that is not a scheduled intro of that address, writing nothing", async () => {
    const t = newConvexTest();
    const { coach, guest, sessionId } = await bookedGuest(t, "nia@example.com");
    const regular = await insertSession(t, { memberId: guest.id, coachId: coach.id, startsAt: Date.now() + 3 * DAY });
    const cancelled = await insertSession(t, { kind: "intro", memberId: guest.id, coachId: coach.id, status: "cancelled", startsAt: Date.now() + 4 * DAY });
    const completed = await insertSession(t, { kind: "intro", memberId: guest.id, coachId: coach.id, status: "completed", startsAt: Date.now() - 4 * DAY });
    for (const bookingId of [regular, cancelled, completed]) {
      const response = await t.fetch("/onboarding", post({ action: "complete_later", booking_id: bookingId, email: "nia@example.com", name: "Nia" }));
      expect([response.status, response.headers.get("location")]).toEqual(REFUSED);
    }
    expect(await responses(t)).toEqual([]);
    // The scheduled intro itself still goes through.
    const response = await t.fetch("/onboarding", post({ action: "complete_later", booking_id: sessionId, email: "nia@example.com", name: "Nia" }));
    expect(response.headers.get("location")).toMatch(/^\/loading-complete\?/);
  });

  it("takes the post only from the site's own origin: Origin, else Referer; none is refused", async () => {
    const t = newConvexTest();
    const { sessionId } = await bookedGuest(t, "nia@example.com");
    const body = { action: "complete_later", booking_id: sessionId, email: "nia@example.com", name: "Nia" };
    const refusedHeaders: Record<string, string>[] = [
      {},
      { origin: "https://evil.example" },
      { origin: "null" },
      { referer: "https://evil.example/loading" },
      // A look-alike host that merely starts with the site's origin.
      { origin: `${SITE}.evil.example` },
      // Origin wins over a Referer that would pass.
      { origin: "https://evil.example", referer: `${SITE}/loading` },
    ];
    for (const headers of refusedHeaders) {
      const response = await t.fetch("/onboarding", post(body, headers));
      expect([response.status, response.headers.get("location")], JSON.stringify(headers)).toEqual(REFUSED);
    }
    expect(await responses(t)).toEqual([]);
    const viaReferer = await t.fetch("/onboarding", post(body, { referer: `${SITE}/loading?booking_id=${sessionId}` }));
    expect(viaReferer.headers.get("location")).toMatch(/^\/loading-complete\?/);
  });

  it("compares with SITE_URL when it is set", async () => {
    const t = newConvexTest();
    const { sessionId } = await bookedGuest(t, "nia@example.com");
    const body = { action: "complete_later", booking_id: sessionId, email: "nia@example.com", name: "Nia" };
    vi.stubEnv("SITE_URL", "https://lwcc.example/");
    try {
      expect((await t.fetch("/onboarding", post(body))).headers.get("location")).toBe(REFUSED[1]);
      expect((await t.fetch("/onboarding", post(body, { origin: "https://lwcc.example" }))).headers.get("location")).toMatch(/^\/loading-complete\?/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("never replaces answers already given", async () => {
    const t = newConvexTest();
    const { guest, sessionId } = await bookedGuest(t, "nia@example.com");
    const responseId: Id<"onboardingResponses"> = await guest.as.mutation(api.onboarding.submit, submitArgs(sessionId));
    expect(await t.mutation(internal.onboarding.completeLaterByEmail, { bookingId: sessionId, email: "nia@example.com" })).toBe(responseId);
    expect((await responses(t))[0]!.action).toBe("submit_onboarding");
  });
});
