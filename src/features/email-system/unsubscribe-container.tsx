import { useMutation } from "convex/react";
import { emailApi } from "./email-api";
import { UnsubscribePage } from "./unsubscribe-page";

/** Convex wiring of /unsubscribe. */
export function UnsubscribeContainer({ token }: { token?: string }) {
  const unsubscribe = useMutation(emailApi.unsubscribe);
  return <UnsubscribePage token={token} unsubscribe={unsubscribe} />;
}
