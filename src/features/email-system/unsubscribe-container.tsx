import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { UnsubscribePage } from "./unsubscribe-page";

/** Convex wiring of /unsubscribe. */
export function UnsubscribeContainer({ token }: { token?: string }) {
  const unsubscribe = useMutation(api.campaigns.unsubscribe);
  return <UnsubscribePage token={token} unsubscribe={unsubscribe} />;
}
