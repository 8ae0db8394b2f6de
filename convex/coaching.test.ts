import { describe, expect, it } from "vitest";
import { api, internal } from "./_generated/api";
import { TIERS } from "./model/permissions";
import { newConvexTest } from "./test.setup";
import { HOUR, insertSession } from "./test.sessions";
import { signedIn } from "./test.users";

const DAY = 24 * HOUR;

describe("coaching.overview", () => {
  it("is only for Mastery", async () => {
    const t = newConvexTest();
    for (const tier of TIERS.filter((tier) => tier !== "mastery")) {
      const member = await signedIn(t, "client", { tier });
      expect(await member.as.query(api.coaching.overview, {}), tier).toEqual({ allowed: false });
    }
  });

  it("gives a new Mastery member no coach or session yet, and their minutes", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client", { tier: "mastery" });
    await t.mutation(internal.timeBalance.creditPurchase, { userId: member.id, minutes: 240, note: "Mastery" });
    expect(await member.as.query(api.coaching.overview, {})).toEqual({
      allowed: true,
      coaches: [],
      nextSession: null,
      remainingMinutes: 240,
    });
  });

  it("names the member's coaches, latest first, and the next session, leaving cancelled ones and other members out", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client", { tier: "mastery", firstName: "Maya" });
    const cora = await signedIn(t, "coach", { firstName: "Cora", lastName: "Coach" });
    const ben = await signedIn(t, "coach", { firstName: "Ben", lastName: "Guide" });
    const gone = await signedIn(t, "coach", { firstName: "Gone", lastName: "Coach" });
    const other = await signedIn(t, "client", { tier: "mastery" });
    await insertSession(t, { memberId: member.id, coachId: ben.id, startsAt: Date.now() - 14 * DAY, status: "completed" });
    await insertSession(t, { memberId: member.id, coachId: gone.id, startsAt: Date.now() - 7 * DAY, status: "cancelled" });
    const next = await insertSession(t, {
      memberId: member.id,
      coachId: cora.id,
      startsAt: Date.now() + 2 * DAY,
      title: "Weekly planning",
    });
    await insertSession(t, { memberId: other.id, coachId: gone.id, startsAt: Date.now() + DAY });
    const overview = await member.as.query(api.coaching.overview, {});
    expect(overview).toMatchObject({
      allowed: true,
      coaches: [
        { _id: cora.id, name: "Cora Coach" },
        { _id: ben.id, name: "Ben Guide" },
      ],
      nextSession: { _id: next, title: "Weekly planning", durationMinutes: 60, coachName: "Cora Coach" },
      remainingMinutes: 0,
    });
  });
});
