import { env } from "../_generated/server";
import { selectAdapters, type AdapterChoice } from "../model/adapters";

/** The adapters this deployment is configured for, read from its environment variables. */
export function currentAdapters(): AdapterChoice {
  return selectAdapters(env);
}
