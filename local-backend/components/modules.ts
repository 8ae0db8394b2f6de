/**
 * Which files of a Convex functions folder are modules, by the Convex bundler's own rules
 * (convex/dist/esm/bundler/index.js: entryPoints). Used by the engine and by codegen.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ENTRY_EXTENSIONS = [".js", ".cjs", ".mjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"];
const CONFIG_FILES = ["convex.config.ts", "convex.config.js"];

function isModuleFile(name: string): boolean {
  if (!ENTRY_EXTENSIONS.some((ext) => name.endsWith(ext)) || name.endsWith(".d.ts")) return false;
  if (name.startsWith(".") || name.startsWith("#") || name === "schema.ts" || name === "schema.js") return false;
  return (name.match(/\./g) ?? []).length <= 1 && !name.includes(" ");
}

/** Whether a folder holds a component definition (and so is not part of its parent's modules). */
export function hasComponentConfig(dir: string): boolean {
  return CONFIG_FILES.some((file) => existsSync(path.join(dir, file)));
}

/**
 * Module paths relative to `dir`, with forward slashes, unsorted. `_generated/` and nested
 * component folders are skipped, as the bundler does.
 */
export function convexModulePaths(dir: string): string[] {
  const found: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs)) {
      const full = path.join(abs, entry);
      const rel = path.relative(dir, full).split(path.sep).join("/");
      if (statSync(full).isDirectory()) {
        if (rel === "_generated" || entry === "node_modules" || hasComponentConfig(full)) continue;
        walk(full);
      } else if (isModuleFile(entry)) {
        found.push(rel);
      }
    }
  };
  walk(dir);
  return found;
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
