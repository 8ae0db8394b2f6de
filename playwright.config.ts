import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Journeys with two browsers and axe passes take about 20 s on an idle 2-core machine; the
  // default 30 s left too little room on a busy one. Speed is measured in `npm run bench`, not here.
  timeout: 90_000,
  // Conditions, not sleeps: a page that needs 6 s on a busy machine still passes, an idle one goes on at once.
  expect: { timeout: 15_000 },
  // The failed journeys' pages come after the summary: CI keeps the end of the output.
  reporter: [["list"], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["json"] as const] : []), ["./tests/e2e/reporters/failure-context.ts"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"] }, grepInvert: /@mobile/ },
    { name: "mobile", use: { ...devices["Pixel 7"] }, grep: /@mobile/ },
  ],
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: baseURL,
    // A backend of its own on a fresh data directory, so journeys start from the seed.
    env: {
      PORT: String(port),
      LWCC_BACKEND_PORT: String(port + 1),
      LWCC_DATA_DIR: mkdtempSync(path.join(tmpdir(), "lwcc-e2e-")),
      // Journeys that need time to pass (a session starting) move the backend's clock forward.
      LWCC_TEST_CLOCK: "1",
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
  },
});
