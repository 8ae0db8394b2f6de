import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bundleConvexFolder, formatProblems, type BundleProblem } from "../../scripts/lib/convex-bundle";

const root = path.resolve(import.meta.dirname, "../..");
const created: string[] = [];

/** A throwaway functions folder; its files import nothing from node_modules, so it may live anywhere. */
function folder(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "lwcc-convex-bundle-"));
  created.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** The problems of one file of a fixture folder. */
function about(problems: BundleProblem[], dir: string, rel: string) {
  return problems.filter((problem) => problem.file === path.join(dir, rel)).map((problem) => problem.message);
}

const OK_HTTP = "export default { isRouter: true };\n";
const OK_CRONS = "export default { crons: {} };\n";

afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("convex/ bundles the way `npx convex deploy` bundles it", () => {
  it("the real functions folder: every module, the schema, auth config and components bundle", async () => {
    const bundle = await bundleConvexFolder(path.join(root, "convex"));
    expect(formatProblems(bundle.problems)).toBe("");
    expect(bundle.isolate).toEqual(expect.arrayContaining(["http.ts", "crons.ts", "functions.ts"]));
    expect(bundle.modulePaths).toEqual(expect.arrayContaining(["http.js", "crons.js"]));
    // Test helpers carry a second dot, so the CLI skips them.
    expect(bundle.isolate.filter((rel) => rel.includes("test."))).toEqual([]);
    // Components: every `convex.config` import resolved to a definition that bundles.
    const hasConfig = existsSync(path.join(root, "convex/convex.config.ts"));
    expect(bundle.components.length > 0).toBe(hasConfig);
    for (const component of bundle.components) expect(component).toMatch(/convex\.config\.[jt]s$/);
  });

  it("passes a small valid folder, with a Node module and a nested component reference", async () => {
    const dir = folder({
      "http.ts": OK_HTTP,
      "crons.ts": OK_CRONS,
      "messages.ts": 'import { helper } from "./lib/helper";\nexport const list = helper;\n',
      "lib/helper.ts": "export const helper = () => 1;\n",
      "files.ts": '"use node";\nimport { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
      "messages.test.ts": 'import { readFileSync } from "node:fs";\nexport const t = readFileSync;\n',
      "convex.config.ts": 'import child from "./child/convex.config";\nexport default { child };\n',
      "child/convex.config.ts": "export default { name: 'child' };\n",
      "child/inner.ts": "export const skippedWithTheComponent = 1;\n",
    });
    const bundle = await bundleConvexFolder(dir);
    expect(formatProblems(bundle.problems)).toBe("");
    expect(bundle.node).toEqual(["files.ts"]);
    expect(bundle.isolate.sort()).toEqual(["crons.ts", "http.ts", "lib/helper.ts", "messages.ts"]);
    expect(bundle.components).toEqual([path.join(dir, "child/convex.config.ts")]);
  });

  it("fails a default-runtime module that imports a Node built-in, directly or through another file", async () => {
    const dir = folder({
      "http.ts": "export const router = {};\n",
      "direct.ts": 'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
      "indirect.ts": 'import { digest } from "./lib/digest";\nexport const run = digest;\n',
      "lib/digest.ts": 'import { createHash } from "crypto";\nexport const digest = () => createHash("sha256");\n',
    });
    const { problems } = await bundleConvexFolder(dir);
    expect(about(problems, dir, "direct.ts").join("\n")).toMatch(/default runtime.*imports the Node built-in "node:fs"/);
    expect(about(problems, dir, "indirect.ts").join("\n")).toMatch(/lib\/digest\.ts:1 imports the Node built-in "crypto"/);
    // lib/digest.ts is a module too (the CLI bundles every file), and fails on its own.
    expect(about(problems, dir, "lib/digest.ts")).toHaveLength(1);
    // The other checks still run when some modules fail.
    expect(about(problems, dir, "http.ts")).toEqual(["has no default export; Convex needs export default of an httpRouter()."]);
  });

  it("fails http.ts, crons.ts and convex.config.ts without a default export", async () => {
    const dir = folder({
      "http.ts": "export const router = {};\n",
      "crons.ts": "export const crons = {};\n",
      "convex.config.ts": "export const app = {};\n",
    });
    const { problems } = await bundleConvexFolder(dir);
    expect(about(problems, dir, "http.ts")).toEqual(["has no default export; Convex needs export default of an httpRouter()."]);
    expect(about(problems, dir, "crons.ts")).toEqual(["has no default export; Convex needs export default of cronJobs()."]);
    expect(about(problems, dir, "convex.config.ts")[0]).toMatch(/no default export/);
  });

  it("fails a convex.config.ts whose component import does not resolve", async () => {
    const dir = folder({ "convex.config.ts": 'import missing from "./missing/convex.config";\nexport default { missing };\n' });
    const { problems } = await bundleConvexFolder(dir);
    expect(about(problems, dir, "convex.config.ts").join("\n")).toMatch(/Could not resolve "\.\/missing\/convex\.config"/);
  });

  it("fails file names the CLI skips or a deployment refuses", async () => {
    const dir = folder({
      "http.ts": OK_HTTP,
      "helpers.util.ts": "export const a = 1;\n",
      "with space.ts": "export const a = 1;\n",
      "my-file.ts": "export const a = 1;\n",
      "_deps/vendored.js": "export const a = 1;\n",
      "actions/send.ts": "export const a = 1;\n",
    });
    const { problems } = await bundleConvexFolder(dir);
    expect(about(problems, dir, "helpers.util.ts").join()).toMatch(/more than one dot/);
    expect(about(problems, dir, "with space.ts").join()).toMatch(/space/);
    expect(about(problems, dir, "my-file.ts").join()).toMatch(/module "my-file\.js", which a deployment refuses: "my-file\.js"/);
    expect(about(problems, dir, "_deps/vendored.js").join()).toMatch(/reserves/);
    expect(about(problems, dir, "actions/send.ts").join()).toMatch(/actions\/ without "use node"/);
  });

  it('fails "use node" in http.ts, which always runs in the default runtime', async () => {
    const dir = folder({ "http.ts": `"use node";\n${OK_HTTP}` });
    const { problems } = await bundleConvexFolder(dir);
    expect(about(problems, dir, "http.ts").join()).toMatch(/"use node", which the Convex CLI refuses/);
  });
}, 60_000);
