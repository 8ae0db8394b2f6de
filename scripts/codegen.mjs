// Regenerates convex/_generated/ offline with the Convex package's own code templates.
// `npx convex codegen` needs a deployment; this uses the same templates, module rules
// and formatter, so its output matches what the CLI writes for the same folder.
// Usage: node scripts/codegen.mjs [--check] [functionsDir]
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { convexModulePaths } from "./lib/convex-modules.mjs";

const require = createRequire(import.meta.url);
const convexRoot = path.dirname(require.resolve("convex/package.json"));
/** @param {string} name */
const templates = (name) => import(pathToFileURL(path.join(convexRoot, "dist/esm/cli/codegen_templates", name)).href);

const { apiCodegen } = await templates("api.js");
const { serverCodegen } = await templates("server.js");
const { dynamicDataModelDTS, noSchemaDataModelDTS } = await dataModelTemplates();
const { compareModulePaths } = await templates("common.js");
const prettierModule = await import(pathToFileURL(require.resolve("prettier", { paths: [convexRoot] })).href);
const prettier = prettierModule.format ? prettierModule : prettierModule.default;

/**
 * dataModel.js also holds the deployment-backed codegen, whose imports reach CLI-only
 * packages that the convex package bundles instead of depending on. Load a copy without
 * that one import; the two templates used here need only ./common.js.
 */
async function dataModelTemplates() {
  const dir = path.join(convexRoot, "dist/esm/cli/codegen_templates");
  const source = readFileSync(path.join(dir, "dataModel.js"), "utf8")
    .replace(/import\s*\{[^}]*\}\s*from\s*"\.\.\/lib\/components\/definition\/directoryStructure\.js";/, "")
    .replace(/from "\.\/(\w+\.js)"/g, (_, file) => `from ${JSON.stringify(pathToFileURL(path.join(dir, file)).href)}`);
  if (source.includes("directoryStructure")) throw new Error("convex's dataModel template changed shape; update scripts/codegen.mjs");
  const tmp = mkdtempSync(path.join(tmpdir(), "lwcc-codegen-"));
  try {
    const file = path.join(tmp, "dataModel.mjs");
    writeFileSync(file, source);
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const check = args.includes("--check");
const functionsDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "convex");
const hasSchema = existsSync(path.join(functionsDir, "schema.ts")) || existsSync(path.join(functionsDir, "schema.js"));
const api = apiCodegen(convexModulePaths(functionsDir).sort(compareModulePaths), { useTypeScript: false });
const server = serverCodegen({ useTypeScript: false, envVars: undefined });
const files = {
  "api.d.ts": api.DTS,
  "api.js": api.JS,
  "dataModel.d.ts": hasSchema ? dynamicDataModelDTS() : noSchemaDataModelDTS(),
  "server.d.ts": server.DTS,
  "server.js": server.JS,
};

const outDir = path.join(functionsDir, "_generated");
const stale = [];
mkdirSync(outDir, { recursive: true });
for (const [name, contents] of Object.entries(files)) {
  const formatted = await prettier.format(contents, { parser: "typescript", pluginSearchDirs: false });
  const target = path.join(outDir, name);
  const current = existsSync(target) ? readFileSync(target, "utf8") : undefined;
  if (current === formatted) continue;
  stale.push(name);
  if (!check) writeFileSync(target, formatted);
}

if (check && stale.length > 0) {
  console.error(`${path.relative(process.cwd(), outDir)} is out of date (${stale.join(", ")}). Run: node scripts/codegen.mjs ${path.relative(process.cwd(), functionsDir)}`);
  process.exit(1);
}
const shown = path.relative(process.cwd(), outDir);
console.log(check ? `${shown} is up to date` : stale.length ? `${shown}: wrote ${stale.join(", ")}` : `${shown} unchanged`);
