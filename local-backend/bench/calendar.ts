/**
 * A member's private calendar feed as a calendar app reads it: GET on the http route, for a member
 * with 500 upcoming sessions (the most a feed lists), on the embedded backend with the real
 * convex/ functions. The sessions are written by the dashboard bench's history module. Prints the
 * rows as one line of JSON on stdout.
 */
import path from "node:path";
import { httpClient } from "../test/helpers";
import { api } from "../../convex/_generated/api";
import { appWith, benchMemberIdentity } from "./app";
import { measure, type Row } from "./stats";

const SESSIONS = 500;

const { backend, close } = await appWith("calendar", { benchHistory: path.join(import.meta.dirname, "dashboard/history.ts") });
try {
  const { subject, tokenIdentifier } = await benchMemberIdentity(backend);
  const seeded = await backend.engine().run("mutation", "benchHistory:seed", { tokenIdentifier, sessions: SESSIONS, upcoming: SESSIONS, activities: 0 }, null, false);
  if (!seeded.ok) throw new Error(`Seeding the sessions failed: ${seeded.message}`);
  const client = httpClient(backend.url);
  client.setAuth((await backend.identity.issueTokens(subject)).accessToken);
  const { url } = await client.mutation(api.calendar.newFeedLink, {});
  const feedUrl = `${backend.siteUrl}${new URL(url).pathname}`;
  const read = async () => {
    const response = await fetch(feedUrl);
    if (!response.ok) throw new Error(`The feed answered ${response.status}`);
    return response.text();
  };
  const body = await read();
  const events = body.match(/^BEGIN:VEVENT/gm)?.length ?? 0;
  if (events !== SESSIONS) throw new Error(`The feed listed ${events} sessions, not ${SESSIONS}`);
  // The same feed from the engine, without the http action and the transfer: where the GET's time goes.
  const token = new URL(url).pathname.split("/").pop()!.replace(/\.ics$/, "");
  const query = async () => {
    const { outcome } = await backend.engine().runQuery("calendar:feed", { token }, null, null, undefined, false);
    if (!outcome.ok) throw new Error(`The feed query failed: ${outcome.message}`);
  };
  const rows: Row[] = [
    await measure(`calendar feed GET, ${SESSIONS} sessions (${Math.round(body.length / 1024)} KB)`, read, { p95Target: 50 }),
    await measure(`  of which the feed query alone (reads and iCalendar text)`, query),
  ];
  console.log(JSON.stringify(rows));
} finally {
  await close();
}
