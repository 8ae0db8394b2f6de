// The product as `npm start` runs it (built app, embedded backend), for benches that drive it
// from a browser: its own ports and a fresh temporary data directory, so it never meets a
// running copy or its data.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * `npm start` on `port` (web app) and `port + 1` (backend); resolves once the web app answers.
 * `stop` resolves once every process of it has exited, so its ports are free again.
 * @param {number} port
 * @param {Record<string, string>} [env] more environment for scripts/start.ts
 * @returns {Promise<{ url: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function startProduct(port, env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lwcc-bench-web-"));
  const child = spawn("npx", ["tsx", "scripts/start.ts"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      LWCC_BACKEND_PORT: String(port + 1),
      LWCC_DATA_DIR: dataDir,
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // "close" comes once the last process holding its output pipes (npx, tsx, node) is gone.
  const closed = new Promise((resolve) => child.once("close", resolve));
  const stop = async () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
    await closed;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (!output.includes("LWCC is running")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
}
