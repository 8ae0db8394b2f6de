import { Link } from "@tanstack/react-router";
import { ShieldAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { ConvexError } from "convex/values";
import { ComponentErrorFallback } from "@/components/layout/error-boundary";
import { Button } from "@/components/ui/button";
import { LOGIN_ROUTE } from "@/features/auth/redirects";
import { useViewer } from "@/features/auth/viewer";

export const ADMIN_REQUIRED = "You need an admin account to see this.";

/** Calm, not alarming: what is missing and the one step that helps. */
export function AdminRequired({ redirect }: { redirect?: string }) {
  const viewer = useViewer();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlertIcon className="size-5 text-primary" aria-hidden />
        {ADMIN_REQUIRED}
      </p>
      {viewer.status === "signed-in" ? (
        <Button asChild variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      ) : (
        <Button asChild>
          <Link {...LOGIN_ROUTE} search={redirect ? { redirect } : {}}>
            Sign in
          </Link>
        </Button>
      )}
    </div>
  );
}

/** A whole admin page refused: its title as the page's heading, then the calm note. */
export function AdminRequiredPage({ title }: { title: string }) {
  return (
    <section aria-labelledby="admin-required-title" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
      <h1 id="admin-required-title" className="text-3xl font-bold">
        {title}
      </h1>
      <AdminRequired />
    </section>
  );
}

export function isAccessError(error: unknown): boolean {
  if (!(error instanceof ConvexError)) return false;
  const code = (error.data as { code?: unknown } | null)?.code;
  return code === "FORBIDDEN" || code === "UNAUTHENTICATED";
}

function AdminErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  if (isAccessError(error)) return <AdminRequired />;
  return <ComponentErrorFallback error={error} resetErrorBoundary={resetErrorBoundary} />;
}

/** Admin data that the server refuses shows the admin-required state instead of an error. */
export function AdminErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      FallbackComponent={AdminErrorFallback}
      onError={(error) => {
        if (!isAccessError(error)) console.error("Admin page error", error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
