/**
 * A session's agenda built for its member: the draft from 200 action items (the pair's open ones,
 * overdue first), the check-in and the last session's key points from an hour's transcript (read
 * by the offline rules, as for a transcript from before agendas), as the session page reads it
 * (agenda:get over HTTP), on the embedded backend with the real convex/ functions. Prints the rows
 * as one line of JSON on stdout.
 */
import path from "node:path";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { httpClient } from "../test/helpers";
import { appWith, benchMemberIdentity } from "./app";
import { measure, type Row } from "./stats";

const ITEMS = 200;
/** An hour's conversation, a line every 30 seconds. */
const SEGMENTS = 120;

const { backend, close } = await appWith("agenda", { benchAgenda: path.join(import.meta.dirname, "agenda/seed.ts") });
try {
  const { subject, tokenIdentifier } = await benchMemberIdentity(backend);
  const seeded = await backend.engine().run("mutation", "benchAgenda:seed", { tokenIdentifier, items: ITEMS, segments: SEGMENTS }, null, false);
  if (!seeded.ok) throw new Error(`Seeding failed: ${seeded.message}`);
  const { sessionId } = seeded.value as { sessionId: Id<"sessions"> };
  const client = httpClient(backend.url);
  client.setAuth((await backend.identity.issueTokens(subject)).accessToken);
  const read = () => client.query(api.agenda.get, { sessionId });
  const agenda = await read();
  if (agenda.lines.length === 0 || !agenda.lines.some((line) => line.source === "key_point")) throw new Error("The agenda came back without its sources");
  const rows: Row[] = [await measure(`agenda for a member with ${ITEMS} action items (${agenda.lines.length} lines)`, read, { p95Target: 50 })];
  console.log(JSON.stringify(rows));
} finally {
  await close();
}
