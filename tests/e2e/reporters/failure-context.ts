/**
 * After the run's summary, what each failed journey's page showed when it failed: the accessibility
 * snapshot Playwright keeps in error-context.md. CI keeps only the end of a run's output, so the
 * summary's "Error Context: <path>" alone says nothing once the machine is gone.
 */
import { readFileSync } from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Lines of a page's snapshot printed at most: around the focused element (where the journey was), else the top. */
const BEFORE_FOCUS = 25;
const MAX_LINES = 60;

/**
 * The page's accessibility snapshot: the YAML block of error-context.md (after the error's own
 * block), without link targets and the footer, which every page repeats, so the page's own
 * content fits in what is printed.
 */
export function pageSnapshotOf(markdown: string): string[] {
  const fenced = /```yaml\n([\s\S]*?)```/.exec(markdown);
  if (!fenced?.[1]) return [];
  const lines = fenced[1].trimEnd().split("\n").filter((line) => !/^\s*- \/url: /.test(line));
  const footer = lines.findIndex((line) => /^- contentinfo:/.test(line));
  return footer < 0 ? lines : [...lines.slice(0, footer), "- contentinfo: (the footer, left out)"];
}

/** The part worth printing: MAX_LINES around the line marked [active], or the first ones. */
export function excerpt(lines: string[]): { from: number; shown: string[] } {
  const focused = lines.findIndex((line) => line.includes("[active]"));
  const from = focused < 0 ? 0 : Math.max(0, Math.min(focused - BEFORE_FOCUS, lines.length - MAX_LINES));
  return { from, shown: lines.slice(from, from + MAX_LINES) };
}

export default class FailureContextReporter implements Reporter {
  private readonly failures: { title: string; lines: string[] }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped" || result.status === test.expectedStatus) return;
    const context = result.attachments.find((attachment) => attachment.name === "error-context" && attachment.path);
    if (!context?.path) return;
    try {
      const lines = pageSnapshotOf(readFileSync(context.path, "utf8"));
      if (lines.length > 0) this.failures.push({ title: test.titlePath().filter(Boolean).join(" › "), lines });
    } catch {
      // No file after all: the summary above says what is known.
    }
  }

  onEnd(_result: FullResult) {
    for (const { title, lines } of this.failures) {
      const { from, shown } = excerpt(lines);
      console.log(`\nThe page when "${title}" failed (lines ${from + 1}-${from + shown.length} of ${lines.length}):`);
      for (const line of shown) console.log(`  ${line}`);
    }
  }

  printsToStdio() {
    return false;
  }
}
