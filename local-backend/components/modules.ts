/**
 * Which files of a Convex functions folder are modules, by the Convex CLI's own rules
 * (convex/dist/esm/bundler/index.js: walkDir, entryPoints). Used by the engine, by codegen and by
 * the deploy check, which also reports the files the CLI leaves out.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ENTRY_EXTENSIONS = [".js", ".cjs", ".mjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"];
const CONFIG_FILES = ["convex.config.ts", "convex.config.js"];

/** Why the CLI leaves a file out, for the files a developer may have meant as modules. */
export type SkipReason = "multiple dots" | "space" | "reserved _deps";

export interface ModuleScan {
  /** Module paths relative to the folder, with forward slashes, in the CLI's walking order. */
  modules: string[];
  skipped: { path: string; reason: SkipReason }[];
}

/** Whether a folder holds a component definition (a packaged one ships convex.config.js). */
export function hasComponentConfig(dir: string): boolean {
  return CONFIG_FILES.some((file) => existsSync(path.join(dir, file)));
}

export function scanModules(dir: string): ModuleScan {
  const scan: ModuleScan = { modules: [], skipped: [] };
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(abs, entry.name);
      // The CLI skips a nested component's folder by its convex.config.ts.
      if (entry.isDirectory()) {
        if (!existsSync(path.join(full, "convex.config.ts"))) walk(full);
        continue;
      }
      const rel = path.relative(dir, full).split(path.sep).join("/");
      const base = entry.name;
      if (rel.startsWith("_deps/")) scan.skipped.push({ path: rel, reason: "reserved _deps" });
      else if (!ENTRY_EXTENSIONS.some((ext) => rel.endsWith(ext)) || rel.startsWith("_generated/")) continue;
      else if (base.startsWith(".") || base.startsWith("#") || base === "schema.ts" || base === "schema.js") continue;
      else if ((base.match(/\./g) ?? []).length > 1) scan.skipped.push({ path: rel, reason: "multiple dots" });
      else if (rel.includes(" ")) scan.skipped.push({ path: rel, reason: "space" });
      // A TypeScript file with no import or export is not a module to the CLI.
      else if (/\.tsx?$/.test(base) && !/^\s{0,100}(import|export)/m.test(readFileSync(full, "utf8"))) continue;
      else scan.modules.push(rel);
    }
  };
  walk(dir);
  return scan;
}

/** The folder's module paths (see scanModules). */
export function convexModulePaths(dir: string): string[] {
  return scanModules(dir).modules;
}

/** The generated files a folder's functions import, whichever language codegen wrote them in. */
export function generatedModulePaths(dir: string): string[] {
  return ["api", "server"].map((name) => {
    const ts = `_generated/${name}.ts`;
    return existsSync(path.join(dir, ts)) ? ts : `_generated/${name}.js`;
  });
}

/** The schema file of a folder, or undefined. */
export function schemaFile(dir: string): string | undefined {
  return ["schema.ts", "schema.js"].map((file) => path.join(dir, file)).find((file) => existsSync(file));
}
