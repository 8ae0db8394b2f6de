import type { FunctionArgs } from "convex/server";
import { internal } from "./_generated/api";
import { DEMO_PARTS } from "./model/demoParts";
import type { T } from "./test.users";

/** Seeds the demo as `npm start` does: the accounts, then each part of the content; returns how many accounts were new. */
export async function seedDemo(t: T, accounts: FunctionArgs<typeof internal.seed.demoAccounts>["accounts"]): Promise<number> {
  const created = await t.mutation(internal.seed.demoAccounts, { accounts });
  for (const part of DEMO_PARTS) await t.mutation(internal.seed.demoPart, { part });
  return created;
}
