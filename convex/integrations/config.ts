import { env } from "../_generated/server";
import { selectAdapters, type AdapterChoice } from "../model/adapters";

/** The adapters this deployment is configured for, read from its environment variables. */
export function currentAdapters(): AdapterChoice {
  return selectAdapters(env);
}

/**
 * The key that signs account links: ACCOUNT_LINK_SECRET in production, else the embedded backend's
 * own (kept in its data directory). Undefined when neither is set: links cannot be made or checked.
 */
export function accountLinkSecret(): string | undefined {
  return env.ACCOUNT_LINK_SECRET?.trim() || env.LOCAL_ACCOUNT_LINK_SECRET?.trim() || undefined;
}
