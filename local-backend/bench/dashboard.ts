/**
 * The member dashboard's queries on the embedded backend, for a member with two years of history
 * (500 sessions, 2,000 activities): the real convex/ functions, a signed-in ConvexHttpClient, a
 * data dir on disk. The history is written by a bench-only module added to a copy of convex/, so
 * nothing bench-only is deployed. Prints the rows as one line of JSON on stdout.
 */
import path from "node:path";
import { httpClient } from "../test/helpers";
import { api } from "../../convex/_generated/api";
import { appWith, benchMemberIdentity } from "./app";
import { measure, type Row } from "./stats";

const SESSIONS = 500;
const UPCOMING = 50;
const ACTIVITIES = 2000;


const { backend, close } = await appWith("dashboard", { benchHistory: path.join(import.meta.dirname, "dashboard/history.ts") });
try {
  const { subject, tokenIdentifier } = await benchMemberIdentity(backend);
  const seeded = await backend
    .engine()
    .run("mutation", "benchHistory:seed", { tokenIdentifier, sessions: SESSIONS, upcoming: UPCOMING, activities: ACTIVITIES }, null, false);
  if (!seeded.ok) throw new Error(`Seeding the history failed: ${seeded.message}`);
  const client = httpClient(backend.url);
  client.setAuth((await backend.identity.issueTokens(subject)).accessToken);
  const summary = await client.query(api.dashboard.summary, {});
  if (summary.stats.totalSessions !== SESSIONS - UPCOMING) throw new Error(`The summary counted ${summary.stats.totalSessions} sessions`);
  const history = `${SESSIONS} sessions, ${ACTIVITIES.toLocaleString("en-US")} activities`;
  const rows: Row[] = [
    await measure(`dashboard:summary (${history})`, () => client.query(api.dashboard.summary, {})),
    await measure("activity:list, first 10", () => client.query(api.activity.list, { paginationOpts: { numItems: 10, cursor: null } })),
    await measure("bookings:mine, upcoming, first 10", () =>
      client.query(api.bookings.mine, { scope: "upcoming", paginationOpts: { numItems: 10, cursor: null } }),
    ),
  ];
  console.log(JSON.stringify(rows));
} finally {
  await close();
}
