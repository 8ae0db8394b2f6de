import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DISALLOWED_PREFIXES, INDEXED_PATHS } from "../../convex/model/site";
import { DEMO_PAGES } from "../../src/features/demos/demo-pages";

/** Route files as URL patterns: "services.$slug.tsx" → "/services/$slug", "index.tsx" → "/". */
function routePatterns(): string[] {
  const dir = path.resolve(import.meta.dirname, "../../src/routes");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".tsx") && !file.startsWith("__"))
    .map((file) => file.replace(/\.tsx$/, "").replace(/(^|\.)index$/, ""))
    .map((name) => `/${name.split(".").filter(Boolean).join("/")}`);
}

const matches = (pattern: string, url: string) => {
  const a = pattern.split("/");
  const b = url.split("/");
  return a.length === b.length && a.every((part, i) => part.startsWith("$") || part === b[i]);
};

/** Pages that exist but are deliberately not in the sitemap: every demo, test and debug page. */
const NOT_INDEXED: readonly string[] = DEMO_PAGES.map((page) => page.path);

describe("the sitemap's page list", () => {
  const patterns = routePatterns();

  it("names only pages that exist", () => {
    expect(INDEXED_PATHS.filter((url) => !patterns.some((pattern) => matches(pattern, url)))).toEqual([]);
  });

  it("covers every static public page, leaving out member areas, sign-in and noindex demos", () => {
    const disallowed = (pattern: string) =>
      DISALLOWED_PREFIXES.some((prefix) => {
        const base = prefix.replace(/\/$/, "");
        return pattern === base || pattern.startsWith(`${base}/`);
      });
    const publicStatic = patterns.filter((pattern) => !pattern.includes("$") && !NOT_INDEXED.includes(pattern) && !disallowed(pattern));
    expect(publicStatic.filter((pattern) => !(INDEXED_PATHS as readonly string[]).includes(pattern))).toEqual([]);
  });
});

describe("the demo pages of the /demos index", () => {
  const patterns = routePatterns();

  it("are each a route", () => {
    expect(DEMO_PAGES.filter((page) => !patterns.some((pattern) => matches(pattern, page.path))).map((page) => page.path)).toEqual([]);
  });

  it("are never in the sitemap", () => {
    expect(INDEXED_PATHS.filter((url) => NOT_INDEXED.includes(url))).toEqual([]);
  });

  it("are listed once each", () => {
    const paths = DEMO_PAGES.map((page) => page.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });
});
