import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ComponentErrorBoundary } from "@/components/layout/error-boundary";

export const ERROR_CHECK_TEXTS = {
  intro: "Fails one small part of this page on purpose: you see what a member would see, and its report arrives under Latest errors with the same support code.",
  action: "Send a test error",
  /** Each one unique, so the reporter's de-duplication never drops a second check. */
  error: (at: Date) => `Test error sent from the monitoring page at ${at.toISOString()}`,
} as const;

function FailsOnPurpose({ at }: { at: Date }): never {
  throw new Error(ERROR_CHECK_TEXTS.error(at));
}

/** Lets an admin check the whole path of a failure: the boundary, its support code, the report and the record. */
export function ErrorReportingCheck() {
  const [failingAt, setFailingAt] = useState<Date | null>(null);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted-foreground">{ERROR_CHECK_TEXTS.intro}</p>
      <ComponentErrorBoundary onReset={() => setFailingAt(null)}>
        {failingAt ? (
          <FailsOnPurpose at={failingAt} />
        ) : (
          <Button variant="outline" onClick={() => setFailingAt(new Date())}>
            {ERROR_CHECK_TEXTS.action}
          </Button>
        )}
      </ComponentErrorBoundary>
    </div>
  );
}
