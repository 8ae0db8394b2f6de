import type { ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { AdminRequired, isAccessError } from "@/features/admin/admin-access";
import { useViewer } from "@/features/auth/viewer";

function AdminRequiredPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <AdminRequired />
    </div>
  );
}

/**
 * The e-mail pages are for admins: anyone else gets the calm admin-required note (the server
 * refuses them anyway). A live query that fails shows `renderError`, with Retry asking again; a
 * refusal by the server shows the admin-required note.
 */
export function AdminGate({ children, renderError }: { children: ReactNode; renderError?: (error: unknown, retry: () => void) => ReactNode }) {
  const viewer = useViewer();
  if (viewer.status === "loading") return null;
  if (viewer.status !== "signed-in" || viewer.user.role !== "admin") return <AdminRequiredPage />;
  if (!renderError) return children;
  return (
    <ErrorBoundary fallbackRender={({ error, resetErrorBoundary }) => (isAccessError(error) ? <AdminRequiredPage /> : renderError(error, resetErrorBoundary))}>
      {children}
    </ErrorBoundary>
  );
}
