/**
 * The web app as `npm start` serves it. The backend's address is baked into the bundle
 * (VITE_CONVEX_URL), so each backend gets a build folder of its own, keyed by the VITE_* values:
 * two instances on other ports never share or overwrite a build. Inside it, a build is named by
 * the stamp of everything it was built from, and a start whose stamp already has a folder reuses
 * it. `npm run build` (plain `vite build`, for deployment) still writes dist/.
 *
 * Layout: <root>/<key>/<stamp>/ holds a finished build. A build is written into a temporary
 * folder beside it and renamed into place only once it is complete, so a failed or interrupted
 * build is never reused, and two starts building the same sources at once both end up with one
 * whole folder (the second rename fails and drops its copy).
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, loadEnv, type Plugin } from "vite";
import { type PrerenderApi } from "./prerender-plugin.ts";

/** What the client bundle is built from: the app, the convex/ modules it imports, and its build setup. */
export const BUILD_INPUTS = [
  "src",
  "convex",
  "public",
  "index.html",
  "vite.config.ts",
  "scripts/lib/prerender-plugin.ts",
  "scripts/lib/security-headers-plugin.ts",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.app.json",
  "tsconfig.node.json",
];

const INFO_FILE = "lwcc-build.json";
const TEMP_PREFIX = ".building-";

interface BuildInfo {
  stamp: string;
  builtAt: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The folder key: the VITE_* values the bundle bakes in, as Vite resolves them (process env over .env files). */
export function buildKey(viteEnv: Record<string, string>): string {
  const entries = Object.entries(viteEnv).sort(([a], [b]) => a.localeCompare(b));
  return sha256(JSON.stringify(entries)).slice(0, 12);
}

/** A hash of every input file's path and contents, so any edit, addition or removal changes it. */
export function sourcesHash(projectRoot: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash("sha256");
  const add = (relative: string) => {
    const file = path.join(projectRoot, relative);
    let stats;
    try {
      stats = statSync(file);
    } catch {
      hash.update(`${relative}\0missing\0`);
      return;
    }
    if (stats.isDirectory()) {
      for (const name of readdirSync(file).sort()) {
        if (name !== "node_modules") add(path.join(relative, name));
      }
    } else {
      hash.update(`${relative}\0${stats.size}\0`).update(readFileSync(file)).update("\0");
    }
  };
  for (const input of inputs) add(input);
  return hash.digest("hex");
}

export function buildStamp(key: string, sources: string): string {
  return sha256(`${key}\0${sources}`).slice(0, 16);
}

export interface WebBuildPlan {
  outDir: string;
  /** The finished build to reuse, or why a new one is needed. */
  state: { reuse: true; builtAt: Date } | { reuse: false; reason: "first" | "changed" };
  build: (report: (message: string) => void) => Promise<void>;
}

/**
 * Where the build for the current VITE_* environment lives and whether it is current.
 * `buildsRoot` holds the per-backend folders (default .build/web/ in the project).
 */
export function planWebBuild(projectRoot: string, buildsRoot: string): WebBuildPlan {
  const key = buildKey(loadEnv("production", projectRoot, "VITE_"));
  const stamp = buildStamp(key, sourcesHash(projectRoot));
  const keyDir = path.join(buildsRoot, key);
  const outDir = path.join(keyDir, stamp);
  const earlier = finishedBuilds(keyDir);
  const info = readInfo(outDir);
  const state: WebBuildPlan["state"] = info
    ? { reuse: true, builtAt: new Date(info.builtAt) }
    : { reuse: false, reason: earlier.length > 0 ? "changed" : "first" };

  return {
    outDir,
    state,
    build: async (report) => {
      mkdirSync(keyDir, { recursive: true });
      const tempDir = mkdtempSync(path.join(keyDir, `${TEMP_PREFIX}${process.pid}-`));
      try {
        await build({
          root: projectRoot,
          logLevel: "warn",
          plugins: [buildProgress(report)],
          build: { outDir: tempDir, emptyOutDir: true },
        });
        writeFileSync(path.join(tempDir, INFO_FILE), JSON.stringify({ stamp, builtAt: new Date().toISOString() } satisfies BuildInfo));
        renameSync(tempDir, outDir);
      } catch (error) {
        rmSync(tempDir, { recursive: true, force: true });
        // Another start finished the same build first: theirs is as good as ours.
        if (!readInfo(outDir)) throw error;
      }
      // Older builds for this backend are served by nobody: an instance serving one would hold this backend's port.
      for (const name of finishedBuilds(keyDir)) if (name !== stamp) rmSync(path.join(keyDir, name), { recursive: true, force: true });
      for (const name of abandonedTempDirs(keyDir)) rmSync(path.join(keyDir, name), { recursive: true, force: true });
    },
  };
}

function readInfo(dir: string): BuildInfo | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, INFO_FILE), "utf8")) as BuildInfo;
  } catch {
    return undefined;
  }
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function finishedBuilds(keyDir: string): string[] {
  return listDir(keyDir).filter((name) => !name.startsWith(TEMP_PREFIX));
}

/** Temporary folders of builds whose process is gone (interrupted or crashed). */
function abandonedTempDirs(keyDir: string): string[] {
  return listDir(keyDir).filter((name) => {
    if (!name.startsWith(TEMP_PREFIX)) return false;
    const pid = Number(name.slice(TEMP_PREFIX.length).split("-")[0]);
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      // EPERM: alive, but another user's.
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  });
}

/** Reports the build's steps: compiling, bundling, and the prerender plugin's pages. */
function buildProgress(report: (message: string) => void): Plugin {
  return {
    name: "lwcc-build-progress",
    apply: "build",
    configResolved(config) {
      const prerender = config.plugins.find((plugin) => plugin.name === "lwcc-prerender");
      if (prerender) (prerender.api as PrerenderApi).report = report;
    },
    buildStart() {
      report("compiling modules…");
    },
    buildEnd(error) {
      if (!error) report(`compiled ${[...this.getModuleIds()].length} modules; bundling and writing chunks…`);
    },
  };
}
