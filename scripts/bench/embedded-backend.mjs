// The embedded backend under real ConvexClients: runs local-backend/bench/run.ts in its own
// process (so its memory peak and event loop are its own) and returns the rows it prints.
import { spawn } from "node:child_process";
import path from "node:path";

export const title = "Embedded backend (real ConvexClient over WebSocket, data dir on disk)";

const root = path.resolve(import.meta.dirname, "../..");

/** @returns {Promise<{ name: string, value: string, target?: string, met?: boolean }[]>} */
export async function run() {
  const child = spawn("npx", ["tsx", "local-backend/bench/run.ts"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  /** @type {number | null} */
  const code = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`local-backend/bench/run.ts exited with code ${code}:\n${stderr.trim()}`);
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last);
}
