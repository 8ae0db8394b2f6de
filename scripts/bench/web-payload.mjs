// What a visitor downloads: builds the app, opens each page in Chromium and sums the gzip
// size of every script and stylesheet the page loaded.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { build, preview } from "vite";
import { CHROMIUM_ARGS, ensureChromium } from "../lib/chromium.mjs";

export const title = "Web payload (gzip, as downloaded by a first visit)";

const PAGES = ["/"];
const JS_TARGET_KB = 90;

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run() {
  await build({ logLevel: "warn", build: { outDir: ".bench/dist", emptyOutDir: true } });
  const server = await preview({
    logLevel: "warn",
    build: { outDir: ".bench/dist" },
    preview: { port: 4399, host: "127.0.0.1", strictPort: true },
  });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  /** @type {{ name: string, value: string, target?: string, met?: boolean }[]} */
  const rows = [];
  try {
    for (const page of PAGES) {
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
      await tab.goto(`http://127.0.0.1:4399${page}`, { waitUntil: "networkidle" });
      await Promise.all(pending);
      await context.close();
      rows.push({
        name: `${page} JavaScript`,
        value: kb(sizes.script),
        target: `<= ${JS_TARGET_KB} KB`,
        met: sizes.script <= JS_TARGET_KB * 1024,
      });
      rows.push({ name: `${page} CSS`, value: kb(sizes.stylesheet) });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}
