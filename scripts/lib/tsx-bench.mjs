// Runs a TypeScript bench (through tsx) in its own process, so its memory and event loop are its
// own, and returns the rows it prints as the last line of stdout, one JSON array.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * @param {string} file path from the repository root
 * @param {{ forwardStderr?: boolean }} [options] forwardStderr: also show what the bench writes on stderr as it comes
 * @returns {Promise<{ name: string, value: string, target?: string, met?: boolean }[]>}
 */
export async function runTsxBench(file, { forwardStderr = false } = {}) {
  const child = spawn("npx", ["tsx", file], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
    if (forwardStderr) process.stderr.write(chunk);
  });
  /** @type {number | null} */
  const code = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`${file} exited with code ${code}:\n${stderr.trim()}`);
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
}
