// What a visitor downloads and how fast the page is: runs the product as `npm start` does (built
// app, embedded backend, fresh data), opens each public page in Debian's Chromium and sums the
// gzip size of every script and stylesheet it loaded, then scores the pages with Lighthouse.
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

const PAGES = ["/", "/pricing"];
const JS_TARGET_KB = 90;
const PERFORMANCE_TARGET = 98;
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
  // Playwright's "networkidle" never comes while Convex's WebSocket is open: after the load
  // event, give the page's lazy chunks a few seconds to arrive.
  await tab.goto(url, { waitUntil: "load" });
  await tab.waitForTimeout(3000);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

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
async function scores(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      maxWaitForLoad: 60_000,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    /** @param {string} id */
    const score = (id) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
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
    rows.push({
      name: "Framework floor: React + ReactDOM + TanStack Router, empty page",
      value: kb(await frameworkFloor()),
    });
    for (const page of PAGES) {
      const sizes = await payload(browser, `${product.url}${page}`);
      rows.push({
        name: `${page} JavaScript`,
        value: kb(sizes.script),
        target: `<= ${JS_TARGET_KB} KB`,
        met: sizes.script <= JS_TARGET_KB * 1024,
      });
      rows.push({ name: `${page} CSS`, value: kb(sizes.stylesheet) });
    }
    for (const page of PAGES) {
      const { performance, accessibility } = await scores(`${product.url}${page}`);
      rows.push({
        name: `${page} Lighthouse performance`,
        value: String(performance),
        target: `>= ${PERFORMANCE_TARGET}`,
        met: performance >= PERFORMANCE_TARGET,
      });
      rows.push({
        name: `${page} Lighthouse accessibility`,
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
