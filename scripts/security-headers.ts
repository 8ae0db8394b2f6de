/**
 * `npm run headers`: the web app's security headers for a host that does not read `_headers`.
 *
 *   npm run headers -- [--dist <dir>] [--format headers|nginx|vercel]
 *       prints the headers of the build in <dir> (dist/ by default) as its `_headers` file, as
 *       nginx `add_header` lines, or as the `headers` of vercel.json
 *   npm run headers -- --docs
 *       rewrites the example in docs/deploy.md (after a change to the headers or the inline scripts)
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { headersFile, nginxSnippet, vercelHeaders } from "../src/lib/security-headers.ts";
import { DOCS_FILE, withDocsExample } from "./lib/security-headers-docs.ts";
import { readHeadersFile } from "./lib/security-headers-plugin.ts";

const FORMATS = { headers: headersFile, nginx: nginxSnippet, vercel: vercelHeaders } as const;

const { values } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    format: { type: "string", default: "headers" },
    docs: { type: "boolean", default: false },
  },
});

if (values.docs) {
  const file = path.resolve(DOCS_FILE);
  writeFileSync(file, withDocsExample(readFileSync(file, "utf8")));
  console.log(`Updated the security-headers example in ${DOCS_FILE}.`);
} else {
  const format = FORMATS[values.format as keyof typeof FORMATS] as ((typeof FORMATS)[keyof typeof FORMATS] | undefined);
  if (!format) {
    console.error(`Unknown format ${values.format}: use ${Object.keys(FORMATS).join(", ")}.`);
    process.exit(2);
  }
  try {
    process.stdout.write(format(readHeadersFile(path.resolve(values.dist))));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
