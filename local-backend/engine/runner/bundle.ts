/**
 * What the function runners load: the functions folder bundled with esbuild, as the Convex CLI
 * bundles it for a deployment. A runner then starts with plain ES modules (no TypeScript loader
 * to boot, no loader round trip per import), and shared modules stay one instance each (code
 * splitting). Packages are left to Node, so components installed from npm load as they are.
 *
 * Bundles are kept by a hash of their content under node_modules/.cache/lwcc-runner/, so
 * backends on the same sources (tests, restarts) share one folder; the oldest are pruned.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const KEEP_BUNDLES = 20;
const RUNTIME_ENTRY = path.join(import.meta.dirname, "worker-main.ts");

/** The nearest node_modules above `dir`, where Node resolves the bundles' package imports from. */
function nodeModulesAbove(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, "node_modules");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) throw new Error(`No node_modules folder above ${dir}`);
  }
}

function commonDir(files: string[]): string {
  let dir = path.dirname(files[0]!);
  while (!files.every((file) => file.startsWith(dir + path.sep))) dir = path.dirname(dir);
  return dir;
}

export interface RunnerBundle {
  /** The runner's own code. */
  runtime: string;
  /** For each function module file (its source path), the bundled file a runner imports. */
  modules: Map<string, string>;
}

/**
 * Bundles the function modules `files` (absolute paths; those in node_modules are loaded as they
 * are) and the runner's own code into one folder, or reuses the folder of the same bundle.
 */
export async function bundleForRunners(files: string[], tsconfig: string | false): Promise<RunnerBundle> {
  const entries = [...new Set(files.filter((file) => !file.split(path.sep).includes("node_modules")))].sort();
  const outbase = commonDir([...entries, RUNTIME_ENTRY]);
  const cache = path.join(nodeModulesAbove(outbase), ".cache", "lwcc-runner");
  // Built in memory into a placeholder folder name, then written under the hash of the result.
  const placeholder = path.join(cache, "bundle");
  const result = await esbuild.build({
    entryPoints: [...entries, RUNTIME_ENTRY],
    outbase,
    outdir: placeholder,
    write: false,
    outExtension: { ".js": ".mjs" },
    chunkNames: "_chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    ...(tsconfig ? { tsconfig } : {}),
    logLevel: "silent",
  });
  const hash = createHash("sha256");
  for (const file of result.outputFiles) hash.update(path.relative(placeholder, file.path)).update(file.contents);
  const outdir = path.join(cache, hash.digest("hex").slice(0, 20));
  const outputOf = (file: string) => path.join(outdir, path.relative(outbase, file)).replace(/\.[cm]?[jt]sx?$/, ".mjs");
  const bundle = { runtime: outputOf(RUNTIME_ENTRY), modules: new Map(entries.map((file) => [file, outputOf(file)])) };
  if (existsSync(outdir)) {
    const now = new Date();
    utimesSync(outdir, now, now);
    return bundle;
  }
  // Written beside, then renamed into place: a folder that exists is complete.
  const building = `${outdir}.building-${process.pid}-${Date.now()}`;
  for (const file of result.outputFiles) {
    const target = path.join(building, path.relative(placeholder, file.path));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  try {
    renameSync(building, outdir);
  } catch (error) {
    // Another backend wrote the same bundle meanwhile: theirs is as good.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(outdir)) throw error;
  }
  prune(cache);
  return bundle;
}

function prune(cache: string) {
  const bundles = readdirSync(cache)
    .filter((name) => !name.includes(".building-"))
    .map((name) => ({ name, mtime: statSync(path.join(cache, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of bundles.slice(KEEP_BUNDLES)) rmSync(path.join(cache, name), { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
}
