// Which files of a Convex functions folder are modules, by the Convex bundler's own rules
// (convex/dist/esm/bundler/index.js: entryPoints). Shared by codegen and the embedded backend.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ENTRY_EXTENSIONS = [".js", ".cjs", ".mjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"];

/** @param {string} name */
function isModuleFile(name) {
  if (!ENTRY_EXTENSIONS.some((ext) => name.endsWith(ext)) || name.endsWith(".d.ts")) return false;
  if (name.startsWith(".") || name.startsWith("#") || name === "schema.ts" || name === "schema.js") return false;
  return (name.match(/\./g) ?? []).length <= 1 && !name.includes(" ");
}

/**
 * Module paths relative to `dir`, with forward slashes, unsorted. `_generated/` and nested
 * component folders are skipped, as the bundler does.
 * @param {string} dir
 * @returns {string[]}
 */
export function convexModulePaths(dir) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} abs */
  const walk = (abs) => {
    for (const entry of readdirSync(abs)) {
      const full = path.join(abs, entry);
      const rel = path.relative(dir, full).split(path.sep).join("/");
      if (statSync(full).isDirectory()) {
        if (rel === "_generated" || entry === "node_modules" || existsSync(path.join(full, "convex.config.ts"))) continue;
        walk(full);
      } else if (isModuleFile(entry)) {
        found.push(rel);
      }
    }
  };
  walk(dir);
  return found;
}
