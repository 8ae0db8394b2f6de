import { describe, expect, it } from "vitest";
import { excerpt, pageSnapshotOf } from "../e2e/reporters/failure-context";

/** error-context.md as Playwright 1.65 writes it: the error in a plain block, then the page in a YAML one. */
const markdown = (yaml: string) => `# Instructions\n\n- Fix the error.\n\n# Test info\n\n- Name: x\n\n# Error details\n\n\`\`\`\nError: failed\n- unexpected value\n\`\`\`\n\n\`\`\`yaml\n${yaml}\n\`\`\`\n`;

describe("the page at a journey's failure", () => {
  it("is read from error-context.md's page snapshot, and nothing when it has none", () => {
    expect(pageSnapshotOf(markdown('- banner:\n  - link "Home"'))).toEqual(["- banner:", '  - link "Home"']);
    // Link targets and the footer every page repeats are left out, so the page's own content fits.
    expect(pageSnapshotOf(markdown('- main:\n  - link "Pricing":\n    - /url: /pricing\n- contentinfo:\n  - paragraph: LWCC'))).toEqual([
      "- main:",
      '  - link "Pricing":',
      "- contentinfo: (the footer, left out)",
    ]);
    expect(pageSnapshotOf("# Error details\n\n```\nError\n```\n")).toEqual([]);
  });

  it("is printed around the focused element, where the journey was, else from the top", () => {
    const lines = Array.from({ length: 200 }, (_, i) => (i === 150 ? `- button "Subscribe" [active]` : `- line ${i}`));
    const around = excerpt(lines);
    expect(around.from).toBe(125);
    expect(around.shown).toHaveLength(60);
    expect(around.shown).toContain(`- button "Subscribe" [active]`);
    expect(excerpt(lines.map((line) => line.replace(" [active]", "")))).toMatchObject({ from: 0 });
    const nearEnd = excerpt(lines.map((line, i) => (i === 198 ? "- link [active]" : line.replace(" [active]", ""))));
    expect(nearEnd.from).toBe(140);
  });
});
