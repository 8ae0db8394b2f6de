import type { ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { AdminRequiredPage, isAccessError } from "@/features/admin/admin-access";
import { useViewer } from "@/features/auth/viewer";

/**
 * The e-mail pages are for admins: anyone else gets the calm admin-required note (the server
 * refuses them anyway). A live query that fails shows `renderError`, with Retry asking again; a
 * refusal by the server shows the admin-required note.
 */
export function AdminGate({
  title,
  children,
  renderError,
}: {
  /** The page's title: a refused page still has it as its heading. */
  title: string;
  children: ReactNode;
  renderError?: (error: unknown, retry: () => void) => ReactNode;
}) {
  const viewer = useViewer();
  if (viewer.status === "loading") return null;
  if (viewer.status !== "signed-in" || viewer.user.role !== "admin") return <AdminRequiredPage title={title} />;
  if (!renderError) return children;
  return (
    <ErrorBoundary fallbackRender={({ error, resetErrorBoundary }) => (isAccessError(error) ? <AdminRequiredPage title={title} /> : renderError(error, resetErrorBoundary))}>
      {children}
    </ErrorBoundary>
  );
}
