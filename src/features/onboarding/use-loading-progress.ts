import { LOADING_MESSAGES, ONBOARDING_TIMING } from "@convex/model/onboarding";
import { useEffect, useRef, useState } from "react";

/**
 * The loading screen's clock (SPEC §4): progress rises 0.5 every 300 ms to 100; a message every
 * 6 s, and after the last one the form is revealed; at 10 s, if progress is under 80 %, the
 * prompt to fill the form is due.
 */
export function useLoadingProgress() {
  const [progress, setProgress] = useState(0);
  const [messageIndex, setMessageIndex] = useState(0);
  const [promptDue, setPromptDue] = useState(false);
  const progressRef = useRef(0);

  useEffect(() => {
    const timer = setInterval(() => {
      progressRef.current = Math.min(100, progressRef.current + ONBOARDING_TIMING.progressStep);
      setProgress(progressRef.current);
      if (progressRef.current >= 100) clearInterval(timer);
    }, ONBOARDING_TIMING.progressIntervalMs);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    // Index LOADING_MESSAGES.length means "past the last message": the form's turn.
    const timer = setInterval(() => {
      setMessageIndex((index) => {
        const next = Math.min(LOADING_MESSAGES.length, index + 1);
        if (next === LOADING_MESSAGES.length) clearInterval(timer);
        return next;
      });
    }, ONBOARDING_TIMING.messageRotationMs);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (progressRef.current < ONBOARDING_TIMING.promptBelowPercent) setPromptDue(true);
    }, ONBOARDING_TIMING.promptAfterMs);
    return () => clearTimeout(timer);
  }, []);

  const formRevealed = messageIndex >= LOADING_MESSAGES.length;
  return {
    progress,
    message: LOADING_MESSAGES[Math.min(messageIndex, LOADING_MESSAGES.length - 1)]!,
    formRevealed,
    promptDue,
  };
}

/** True once `active` has lasted `ms` without a break; false again as soon as it ends. */
export function useAfter(active: boolean, ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setPassed(true), ms);
    return () => {
      clearTimeout(timer);
      setPassed(false);
    };
  }, [active, ms]);
  return active && passed;
}
