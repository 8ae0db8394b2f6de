import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
// Under CI=true typescript-eslint infers "single run" mode, which types each file from disk and
// would ignore the text linted here; turn that inference off for this test. Every file linted here
// is in convex/, so only the backend's type program is built: with the config's whole list,
// typescript-eslint first builds the app's and the tooling's programs, half a minute of CPU.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true, project: ["./convex/tsconfig.json"] } },
  },
});

/** Lints text as if it were the given file; type-aware rules need a file their tsconfig includes. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId);
}

const RAW_IMPORT = `import { query } from "./_generated/server";
import { v } from "convex/values";
export const list = query({ args: {}, returns: v.null(), handler: () => null });
`;

describe("lint rules of the backend", () => {
  it("forbids raw Convex builders outside convex/functions.ts", async () => {
    expect(await lint("convex/system.ts", RAW_IMPORT)).toContain("no-restricted-imports");
    expect(await lint("convex/model/adapters.ts", RAW_IMPORT.replace("./_generated", "../_generated"))).toContain(
      "no-restricted-imports",
    );
  });

  it("allows them in convex/functions.ts, the one place that wraps them", async () => {
    expect(await lint("convex/functions.ts", RAW_IMPORT)).not.toContain("no-restricted-imports");
  });

  it("applies the Convex plugin's rules to convex/", async () => {
    const code = `export const key = process.env.STRIPE_SECRET_KEY;\n`;
    expect(await lint("convex/system.ts", code)).toContain("@convex-dev/no-process-env");
  });
  // The first lint builds the backend's type program: a minute or more on a busy machine.
}, 180_000);
