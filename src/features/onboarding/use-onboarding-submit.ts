import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { ONBOARDING_TIMING, type Answer, type OnboardingAction } from "@convex/model/onboarding";
import { useMutation } from "convex/react";
import { useRef, useState } from "react";
import { userErrorOf } from "@/lib/user-error";

/** SPEC §4 form states: idle, submitting, loading (on the way to /loading-complete). */
export type SubmitPhase = "idle" | "submitting" | "loading";

export interface SubmitArgs {
  bookingId: string;
  action: OnboardingAction;
  formId: string;
  version: number;
  answers: Answer[];
}

class ConnectionLost extends Error {}

/**
 * The mutation, or a ConnectionLost as soon as the browser says it is offline: Convex keeps a
 * mutation queued while its socket is down, so without this a lost connection would only ever
 * look slow. A retry is safe: the server keeps one response per booking.
 */
function whileOnline<T>(promise: Promise<T>): Promise<T> {
  if (!navigator.onLine) return Promise.reject(new ConnectionLost());
  return new Promise<T>((resolve, reject) => {
    const offline = () => reject(new ConnectionLost());
    window.addEventListener("offline", offline, { once: true });
    promise.then(resolve, reject).finally(() => window.removeEventListener("offline", offline));
  });
}

/**
 * Sending the onboarding form: field errors from the server, and for anything else (a lost
 * connection, a failed call) a retry of the same submission, up to ONBOARDING_TIMING.maxRetries.
 */
export function useOnboardingSubmit(onDone: (responseId: Id<"onboardingResponses">) => void) {
  const submit = useMutation(api.onboarding.submit);
  const [phase, setPhaseState] = useState<SubmitPhase>("idle");
  // Read by the leave blocker when a navigation starts, which can be before React re-renders.
  const phaseNow = useRef<SubmitPhase>("idle");
  const setPhase = (next: SubmitPhase) => {
    phaseNow.current = next;
    setPhaseState(next);
  };
  const [failures, setFailures] = useState(0);
  const [failure, setFailure] = useState<"connection" | "server" | null>(null);
  /** `key` changes with every refusal, so the error summary mounts again and takes focus. */
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string>; key: number } | null>(null);
  const last = useRef<SubmitArgs | null>(null);
  const refusals = useRef(0);

  function refuse(fields: Record<string, string>, message: string) {
    refusals.current += 1;
    setRefusal({ message, fields, key: refusals.current });
  }

  async function send(args: SubmitArgs) {
    last.current = args;
    setPhase("submitting");
    setFailure(null);
    setRefusal(null);
    try {
      const responseId = await whileOnline(submit(args));
      setPhase("loading");
      onDone(responseId);
    } catch (error) {
      setPhase("idle");
      const data = userErrorOf(error);
      if (data?.message) {
        refuse(data.fields ?? {}, data.message);
        return;
      }
      setFailures((count) => count + 1);
      setFailure(error instanceof ConnectionLost ? "connection" : "server");
    }
  }

  return {
    phase,
    failure,
    refusal,
    /** Try Again is offered for the first maxRetries failures; after that, only refreshing or support helps. */
    canRetry: failure !== null && failures <= ONBOARDING_TIMING.maxRetries,
    exhausted: failures > ONBOARDING_TIMING.maxRetries,
    send: (args: SubmitArgs) => void send(args),
    retry: () => {
      if (last.current) void send(last.current);
    },
    isSubmitting: () => phaseNow.current === "submitting",
    /** For the plain form post fallback, which leaves the page. */
    leaving: () => setPhase("loading"),
    showRefusal: refuse,
  };
}
