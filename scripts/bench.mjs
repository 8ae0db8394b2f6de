// `npm run bench`: runs every scripts/bench/*.mjs in turn and prints its figures.
// Speed and size targets live here as printed numbers, never as timed tests.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = path.join(import.meta.dirname, "bench");
const only = process.argv[2];
const benches = readdirSync(dir)
  .filter((file) => file.endsWith(".mjs") && (!only || file.startsWith(only)))
  .sort();

let failed = false;
for (const file of benches) {
  const bench = await import(pathToFileURL(path.join(dir, file)).href);
  console.log(`\n## ${bench.title ?? file}`);
  try {
    const rows = await bench.run();
    for (const row of rows) {
      const target = row.target ? `  (target ${row.target}${row.met === undefined ? "" : row.met ? ", met" : ", NOT met"})` : "";
      console.log(`  ${row.name.padEnd(44)} ${row.value}${target}`);
    }
  } catch (error) {
    failed = true;
    console.error(`  failed: ${error instanceof Error ? error.stack : String(error)}`);
  }
}
process.exit(failed ? 1 : 0);
