/**
 * The web build's folder and stamp (scripts/lib/web-build.ts): a new folder when a source or the
 * backend's address changes, the same one when nothing did.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildKey, planWebBuild, sourcesHash } from "./web-build";
import { stepLine } from "./steps";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

function project() {
  const root = mkdtempSync(path.join(tmpdir(), "lwcc-web-build-"));
  dirs.push(root);
  mkdirSync(path.join(root, "src/lib"), { recursive: true });
  writeFileSync(path.join(root, "src/lib/a.ts"), "export const a = 1;\n");
  writeFileSync(path.join(root, "index.html"), "<div id=root></div>\n");
  return root;
}

describe("web build folder and stamp", () => {
  it("depends on the file contents, not on when they were read", () => {
    const root = project();
    const first = sourcesHash(root);
    expect(sourcesHash(root)).toBe(first);

    writeFileSync(path.join(root, "src/lib/a.ts"), "export const a = 2;\n");
    const edited = sourcesHash(root);
    expect(edited).not.toBe(first);

    writeFileSync(path.join(root, "src/lib/b.ts"), "");
    const added = sourcesHash(root);
    expect(added).not.toBe(edited);

    rmSync(path.join(root, "src/lib/b.ts"));
    expect(sourcesHash(root)).toBe(edited);
  });

  it("skips node_modules and files that are no input", () => {
    const root = project();
    const before = sourcesHash(root);
    mkdirSync(path.join(root, "src/node_modules"));
    writeFileSync(path.join(root, "src/node_modules/x.js"), "x");
    writeFileSync(path.join(root, "notes.md"), "not built");
    expect(sourcesHash(root)).toBe(before);
  });

  it("keys the folder by the VITE_* values, in any order", () => {
    const a = { VITE_CONVEX_URL: "http://127.0.0.1:3210", VITE_SITE_URL: "https://example.com" };
    expect(buildKey(a)).toBe(buildKey({ VITE_SITE_URL: "https://example.com", VITE_CONVEX_URL: "http://127.0.0.1:3210" }));
    expect(buildKey({ ...a, VITE_CONVEX_URL: "http://127.0.0.1:4501" })).not.toBe(buildKey(a));
  });

  it("plans a new folder when a source or the backend changes, the same one otherwise", () => {
    const root = project();
    const builds = path.join(root, ".build/web");
    vi.stubEnv("VITE_CONVEX_URL", "http://127.0.0.1:4501");
    const first = planWebBuild(root, builds);
    expect(first.state).toEqual({ reuse: false, reason: "first" });
    expect(path.dirname(path.dirname(first.outDir))).toBe(builds);
    expect(planWebBuild(root, builds).outDir).toBe(first.outDir);

    vi.stubEnv("VITE_CONVEX_URL", "http://127.0.0.1:4511");
    const otherBackend = planWebBuild(root, builds).outDir;
    expect(path.dirname(otherBackend)).not.toBe(path.dirname(first.outDir));

    vi.stubEnv("VITE_CONVEX_URL", "http://127.0.0.1:4501");
    writeFileSync(path.join(root, "index.html"), "<div id=root>changed</div>\n");
    const edited = planWebBuild(root, builds).outDir;
    expect(path.dirname(edited)).toBe(path.dirname(first.outDir));
    expect(edited).not.toBe(first.outDir);
  });

  it("never takes an unfinished build (still running, or interrupted) for one to reuse", () => {
    const root = project();
    const builds = path.join(root, ".build/web");
    vi.stubEnv("VITE_CONVEX_URL", "http://127.0.0.1:4501");
    const { outDir } = planWebBuild(root, builds);
    const unfinished = path.join(path.dirname(outDir), ".building-1-abcdef");
    mkdirSync(unfinished, { recursive: true });
    writeFileSync(path.join(unfinished, "lwcc-build.json"), "{}");
    expect(planWebBuild(root, builds).state).toEqual({ reuse: false, reason: "first" });
  });

  it("prints a step with the seconds since the start", () => {
    expect(stepLine("Web app built", 38_249)).toBe("[38.2s] Web app built");
    expect(stepLine("Starting", 400)).toBe("[ 0.4s] Starting");
  });
});
