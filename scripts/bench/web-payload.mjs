// What a visitor downloads and how fast the page is: runs the product as `npm start` does (built
// app, embedded backend, fresh data), opens public pages in Debian's Chromium as a visitor who
// never signed in, sums the gzip size of every script and stylesheet loaded before any
// interaction, notes when the network comes to rest, then scores the pages with Lighthouse
// (mobile, median of three runs).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { build } from "vite";
import { CHROMIUM_ARGS, ensureChromium } from "../lib/chromium.mjs";
import { startProduct } from "../lib/product.mjs";

export const title = "Web payload and Lighthouse (built app on the embedded backend)";

/** Pages whose first JavaScript is budgeted, and pages Lighthouse scores. */
const PAYLOAD_PAGES = ["/", "/pricing", "/blog"];
const LIGHTHOUSE_PAGES = ["/", "/pricing", "/services", "/blog"];
/** The framework floor (React, ReactDOM, TanStack Router: 91.2 KB when this budget was set) plus our own code. */
const JS_TARGET_KB = 105;
/** Every public page reaches network idle (no request for 500 ms) this soon after its load event. */
const IDLE_TARGET_MS = 2000;
const LIGHTHOUSE_RUNS = 3;
const PERFORMANCE_TARGET = 98;
const BEST_PRACTICES_TARGET = 100;
const ACCESSIBILITY_TARGET = 100;
const PORT = 4391;
const root = path.resolve(import.meta.dirname, "../..");

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @param {import("playwright-core").Browser} browser @param {string} url */
async function payload(browser, url) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const sizes = { script: 0, stylesheet: 0 };
  /** @type {Promise<unknown>[]} */
  const pending = [];
  tab.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") {
      pending.push(response.body().then((body) => (sizes[type] += gzipSync(body).length)));
    }
  });
  await tab.goto(url, { waitUntil: "load" });
  // Whatever the page fetches on its own once the network is quiet (idle-time loads) counts too.
  await tab.waitForLoadState("networkidle");
  await tab.waitForTimeout(3000);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

/** Milliseconds from the load event until the network is idle (Playwright: no request for 500 ms). @param {import("playwright-core").Browser} browser @param {string} url */
async function idleAfterLoad(browser, url) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(url, { waitUntil: "load" });
  const loaded = performance.now();
  await tab.waitForLoadState("networkidle", { timeout: 30_000 });
  const idle = performance.now() - loaded;
  await context.close();
  return idle;
}

/** Every page the site's own sitemap lists (the public pages and the published articles), as paths. @param {string} origin */
async function publicPages(origin) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The least JavaScript any page of this stack can ship: React, ReactDOM and TanStack Router with
 * one empty route, built as the app is. It shows how much of a page's figure is the framework.
 */
async function frameworkFloor() {
  const cacheDir = path.join(root, "node_modules/.cache");
  mkdirSync(cacheDir, { recursive: true });
  const dir = mkdtempSync(path.join(cacheDir, "lwcc-floor-"));
  try {
    const entry = path.join(dir, "entry.js");
    writeFileSync(
      entry,
      `import { createRoot } from "react-dom/client";
       import { createElement } from "react";
       import { createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
       const router = createRouter({ routeTree: createRootRoute({ component: () => null }) });
       createRoot(document.body).render(createElement(RouterProvider, { router }));`,
    );
    writeFileSync(path.join(dir, "index.html"), `<script type="module" src="./entry.js"></script>`);
    const assets = path.join(dir, "out/assets");
    await build({
      configFile: false,
      logLevel: "silent",
      root: dir,
      build: { outDir: "out" },
    });
    return readdirSync(assets).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file))).length, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lighthouse's default run (mobile emulation, simulated throttling), on a fresh Chromium. @param {string} url */
async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "best-practices", "accessibility"],
      maxWaitForLoad: 60_000,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    /** @param {string} id */
    const score = (id) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      bestPractices: score("best-practices"),
      accessibility: score("accessibility"),
    };
  } finally {
    await chrome.kill();
  }
}

export async function run() {
  const product = await startProduct(PORT);
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: CHROMIUM_ARGS,
  });
  /** @type {{ name: string, value: string, target?: string, met?: boolean }[]} */
  const rows = [];
  try {
    const floor = await frameworkFloor();
    rows.push({ name: "Framework floor: React + ReactDOM + TanStack Router, empty page", value: kb(floor) });
    for (const page of PAYLOAD_PAGES) {
      const sizes = await payload(browser, `${product.url}${page}`);
      rows.push({
        name: `${page} JavaScript before any interaction (visitor)`,
        value:
          sizes.script < floor
            ? `${kb(sizes.script)} (under the framework floor of ${kb(floor)}: the app waits for the first interaction)`
            : `${kb(sizes.script)} (floor ${kb(floor)} + ${kb(sizes.script - floor)})`,
        target: `<= ${JS_TARGET_KB} KB`,
        met: sizes.script <= JS_TARGET_KB * 1024,
      });
      rows.push({ name: `${page} CSS`, value: kb(sizes.stylesheet) });
    }

    let slowest = { page: "", ms: 0 };
    for (const page of [...(await publicPages(product.url)), "/login", "/register"]) {
      const ms = await idleAfterLoad(browser, `${product.url}${page}`);
      if (ms > slowest.ms) slowest = { page, ms };
    }
    rows.push({
      name: `Network idle after load, slowest public page (${slowest.page})`,
      value: `${Math.round(slowest.ms)} ms`,
      target: `<= ${IDLE_TARGET_MS} ms`,
      met: slowest.ms <= IDLE_TARGET_MS,
    });

    for (const page of LIGHTHOUSE_PAGES) {
      /** @type {Awaited<ReturnType<typeof lighthouseRun>>[]} */
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(`${product.url}${page}`));
      /** @param {"performance" | "bestPractices" | "accessibility"} key */
      const of = (key) => median(runs.map((run) => run[key]));
      const performance = of("performance");
      const bestPractices = of("bestPractices");
      const accessibility = of("accessibility");
      const each = (/** @type {"performance" | "bestPractices" | "accessibility"} */ key) => runs.map((run) => run[key]).join(", ");
      rows.push({
        name: `${page} Lighthouse performance, median of ${LIGHTHOUSE_RUNS}`,
        value: `${performance} (${each("performance")})`,
        target: `>= ${PERFORMANCE_TARGET}`,
        met: performance >= PERFORMANCE_TARGET,
      });
      rows.push({
        name: `${page} Lighthouse best practices, median of ${LIGHTHOUSE_RUNS}`,
        value: `${bestPractices} (${each("bestPractices")})`,
        target: `= ${BEST_PRACTICES_TARGET}`,
        met: bestPractices >= BEST_PRACTICES_TARGET,
      });
      rows.push({
        name: `${page} Lighthouse accessibility, median of ${LIGHTHOUSE_RUNS}`,
        value: String(accessibility),
        target: `= ${ACCESSIBILITY_TARGET}`,
        met: accessibility >= ACCESSIBILITY_TARGET,
      });
    }
  } finally {
    await browser.close();
    await product.stop();
  }
  return rows;
}
