/**
 * Offline codegen with components: the app's `components` export, a local component's own
 * `_generated/` with its ComponentApi, and `--check` failing when any of it is stale (as `npm test` runs it).
 */
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const FIXTURE = path.join(ROOT, "local-backend/test/fixture");
// Inside the repository, so the copy resolves `convex` and the components from node_modules.
const TMP = path.join(ROOT, "local-backend/test/.tmp");

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function copyOfFixture() {
  const dir = path.join(TMP, `codegen-${process.pid}-${Date.now()}`);
  cpSync(FIXTURE, dir, { recursive: true });
  cleanups.push(() => spawnSync("rm", ["-rf", dir]));
  return dir;
}

function codegen(dir: string, ...flags: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/codegen.ts", ...flags, dir], { cwd: ROOT, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("codegen with components", () => {
  it("writes the app's typed components export and each local component's ComponentApi", () => {
    const api = readFileSync(path.join(FIXTURE, "_generated/api.d.ts"), "utf8");
    expect(api).toContain('counter: import("../components/counter/_generated/component.js").ComponentApi<"counter">');
    expect(api).toContain('otherCounter: import("../components/counter/_generated/component.js").ComponentApi<"otherCounter">');
    expect(readFileSync(path.join(FIXTURE, "_generated/api.js"), "utf8")).toContain("export const components = componentsGeneric();");
    const component = readFileSync(path.join(FIXTURE, "components/counter/_generated/component.ts"), "utf8");
    // Public functions only, as the parent sees them (internal references).
    expect(component).toMatch(/increment: FunctionReference<\s*"mutation",\s*"internal",\s*\{ name: string; by: number \},\s*number,\s*Name\s*>/);
    expect(component).not.toContain("applyLater");
    expect(readFileSync(path.join(FIXTURE, "components/counter/_generated/api.ts"), "utf8")).toContain(
      'tally: import("../../tally/_generated/component.js").ComponentApi<"tally">',
    );
  });

  it("fails --check when a component's functions changed, and is current again after codegen", () => {
    const dir = copyOfFixture();
    expect(codegen(dir, "--check").status).toBe(0);
    const lib = path.join(dir, "components/tally/lib.ts");
    writeFileSync(
      lib,
      `${readFileSync(lib, "utf8")}\nexport const reset = mutation({ args: { name: v.string() }, returns: v.null(), handler: async () => null });\n`,
    );
    const stale = codegen(dir, "--check");
    expect(stale.status).toBe(1);
    expect(stale.output).toMatch(/out of date.*components\/tally\/_generated\/component\.ts/);
    expect(codegen(dir).status).toBe(0);
    expect(readFileSync(path.join(dir, "components/tally/_generated/component.ts"), "utf8")).toContain("reset: FunctionReference");
    expect(codegen(dir, "--check").status).toBe(0);
  }, 60_000);

  it("fails --check when convex.config.ts installs another component", () => {
    const dir = copyOfFixture();
    const config = path.join(dir, "convex.config.ts");
    writeFileSync(config, readFileSync(config, "utf8").replace("export default app;", 'app.use(counter, { name: "thirdCounter" });\nexport default app;'));
    const stale = codegen(dir, "--check");
    expect(stale.status).toBe(1);
    expect(stale.output).toContain("_generated/api.d.ts");
  }, 60_000);
});
