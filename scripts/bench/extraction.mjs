// The offline (rule-based) commitment extractor on the labelled transcripts: runs
// scripts/bench/extraction-run.ts (TypeScript, through tsx) in its own process and returns the rows it prints.
import { spawn } from "node:child_process";
import path from "node:path";

export const title = "Commitment extraction, rule-based (labelled transcripts in tests/fixtures/transcripts)";

const root = path.resolve(import.meta.dirname, "../..");

/** @returns {Promise<{ name: string, value: string, target?: string, met?: boolean }[]>} */
export async function run() {
  const child = spawn("npx", ["tsx", "scripts/bench/extraction-run.ts"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  /** @type {number | null} */
  const code = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`scripts/bench/extraction-run.ts exited with code ${code}:\n${stderr.trim()}`);
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
}
