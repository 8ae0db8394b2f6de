import { describe, expect, it } from "vitest";
import { modules } from "./test.setup";

interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs: () => string;
  exportReturns: () => string;
}

/** Every query, mutation and action that convex/ exports, found by loading the modules. */
async function registeredFunctions() {
  const found: { name: string; fn: RegisteredFunction }[] = [];
  for (const [file, load] of Object.entries(modules)) {
    // The generated api is a proxy that answers every property; it registers nothing.
    if (file.includes("/_generated/")) continue;
    const exports = (await load()) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      const fn = value as RegisteredFunction;
      if (typeof value === "function" && (fn.isQuery || fn.isMutation || fn.isAction)) {
        found.push({ name: `${file.replace(/^\.\//, "").replace(/\.ts$/, "")}:${name}`, fn });
      }
    }
  }
  return found;
}

describe("function registration", () => {
  it("finds the functions of convex/", async () => {
    const names = (await registeredFunctions()).map((f) => f.name);
    expect(names).toContain("system:health");
  });

  it("gives every function explicit args and returns validators (ARCHITECTURE §4)", async () => {
    const missing = (await registeredFunctions()).filter(
      ({ fn }) => fn.exportArgs() === JSON.stringify({ type: "any" }) || fn.exportReturns() === "null",
    );
    expect(missing.map((f) => f.name)).toEqual([]);
  });
});
