/**
 * `npm run export-data -- --data .data --out export.zip [--functions convex]`
 *
 * Writes the embedded backend's data (the app's tables and stored files) as a snapshot ZIP that
 * `npx convex import` loads into a Convex deployment, with every id turned into a valid Convex id
 * (scripts/lib/convex-snapshot.ts; docs/deploy.md says what moves and what does not).
 * Stop the backend first: the data directory can be open in one process only.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import { exportDataDirectory } from "./lib/convex-snapshot";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: ".data" },
    out: { type: "string", default: "export.zip" },
    functions: { type: "string", default: "convex" },
  },
});

const schemaFile = path.resolve(values.functions, "schema.ts");
const schema = ((await import(pathToFileURL(schemaFile).href)) as { default: SchemaDefinition<GenericSchema, boolean> }).default;
const summary = await exportDataDirectory(values.data, values.out, Object.keys(schema.tables));

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
console.log(`Wrote ${values.out}: ${count(summary.tables.reduce((sum, table) => sum + table.documents, 0), "document")} in ${count(summary.tables.length, "table")}, ${count(summary.files, "stored file")}, ${count(summary.idsRewritten, "id")} rewritten.`);
for (const table of summary.tables) console.log(`  ${table.name.padEnd(24)} ${String(table.documents).padStart(7)}  (table number ${table.number})`);
if (summary.unlinkedIdentities > 0) {
  console.log(`${count(summary.unlinkedIdentities, "member")} signed in with the embedded identity provider; each is linked again at the first sign-in with the same verified e-mail.`);
}
if (summary.missingFiles.length > 0) console.log(`Left out ${count(summary.missingFiles.length, "stored file")} whose bytes are missing: ${summary.missingFiles.join(", ")}`);
if (summary.pendingJobs.length > 0) {
  console.log(`Not exported: ${count(summary.pendingJobs.length, "pending scheduled function")} (Convex imports no scheduled functions):`);
  for (const job of summary.pendingJobs) console.log(`  ${job.name} at ${new Date(job.scheduledTime).toISOString()}`);
}
console.log(`Next: deploy the functions, then run npx convex import --prod ${values.out} (docs/deploy.md, section 6).`);
