/**
 * Every argument of every public function is bounded (model/bounds.ts): a string, number, array
 * or record without a registered bound fails here, so a new function cannot forget its limits.
 */
import { describe, expect, it } from "vitest";
import { unboundedPaths } from "./model/bounds";
import { publicFunctions } from "./test.functions";

describe("argument bounds", () => {
  it("bounds every string, number, array and record argument of every public function", { timeout: 60_000 }, async () => {
    const functions = await publicFunctions();
    expect(functions.length).toBeGreaterThan(100);
    const unbounded = Object.fromEntries(
      functions.flatMap((fn) => {
        const paths = fn.args === undefined ? ["(no args validator)"] : unboundedPaths(fn.args);
        return paths.length > 0 ? [[fn.name, paths]] : [];
      }),
    );
    expect(unbounded).toEqual({});
  });
});
