import { convexTest } from "convex-test";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import schema from "./schema";
import { installedComponents } from "./test.components";

/** Every Convex module, for convex-test (this file has two dots, so Convex does not deploy it). */
export const modules = import.meta.glob(["./**/*.ts", "./**/*.js", "!./**/*.*.ts", "!./**/*.d.ts"]);

/** convexTest's options object (its last overload). */
type Options = NonNullable<Parameters<typeof convexTest>[0]>;

/** convex-test on the app's schema and modules with every component of convex.config.ts installed, as on a deployment. */
export function newConvexTest(options: Pick<Options, "transactionLimits"> = {}) {
  const t = convexTest({ schema, modules, ...options });
  for (const component of installedComponents) {
    const componentSchema = Object.values(component.schemas)[0] as SchemaDefinition<GenericSchema, boolean> | undefined;
    t.registerComponent(component.path, componentSchema as SchemaDefinition<GenericSchema, boolean>, component.modules);
  }
  return t;
}
