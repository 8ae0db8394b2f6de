/**
 * Every public function of convex/, found by loading its modules, with how to call it. Two dots
 * in the name, so Convex does not deploy this file.
 */
import { makeFunctionReference } from "convex/server";
import type { GenericValidator, PropertyValidators } from "convex/values";
import type { AccessLevel } from "./model/permissions";
import { modules } from "./test.setup";
import type { Accessor } from "./test.users";

export type Kind = "query" | "mutation" | "action";

interface Registered {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  access?: AccessLevel;
  argsValidators?: PropertyValidators | GenericValidator;
  exportArgs?: () => string;
}

export interface PublicFunction {
  /** "file:export", as clients name it. */
  name: string;
  kind: Kind;
  /** The access level its wrapper recorded (functions.ts). */
  access: AccessLevel | undefined;
  /** The `args` it was declared with, as its wrapper recorded them. */
  args: PropertyValidators | GenericValidator | undefined;
  /** Its arguments' validator as Convex exports it (JSON). */
  exportedArgs: string;
}

export async function publicFunctions(): Promise<PublicFunction[]> {
  const found: PublicFunction[] = [];
  for (const [file, load] of Object.entries(modules)) {
    if (file.includes("/_generated/")) continue;
    const exports = (await load()) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      const fn = value as Registered;
      if (typeof value !== "function" || !fn.isPublic) continue;
      const kind: Kind | undefined = fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : undefined;
      if (!kind) continue;
      found.push({
        name: `${file.replace(/^\.\//, "").replace(/\.ts$/, "")}:${exportName}`,
        kind,
        access: fn.access,
        args: fn.argsValidators,
        exportedArgs: fn.exportArgs?.() ?? "{}",
      });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export function call(as: Accessor, kind: Kind, name: string, args: Record<string, unknown>) {
  switch (kind) {
    case "query":
      return as.query(makeFunctionReference<"query">(name), args);
    case "mutation":
      return as.mutation(makeFunctionReference<"mutation">(name), args);
    case "action":
      return as.action(makeFunctionReference<"action">(name), args);
  }
}
