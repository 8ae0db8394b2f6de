// Browser tests use Debian's Chromium; a test tool's own browser download cannot work here.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Installs Debian's chromium with apt when it is missing (machines here run as root). */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (typeof process.getuid === "function" && process.getuid() !== 0) {
    throw new Error(`${CHROMIUM_PATH} is missing. Install it with: sudo apt-get install -y chromium`);
  }
  console.log(`${CHROMIUM_PATH} is missing; installing Debian's chromium with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], {
    stdio: "inherit",
    env,
  });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
  return CHROMIUM_PATH;
}

/** Flags for a headless Chromium on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
