import type { ReactNode } from "react";
import { AdminRequired } from "@/features/admin/admin-access";
import { useViewer } from "@/features/auth/viewer";

/** The e-mail pages are for admins: anyone else gets the calm admin-required note (the server refuses them anyway). */
export function AdminGate({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  if (viewer.status === "loading") return null;
  if (viewer.status === "signed-in" && viewer.user.role === "admin") return children;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <AdminRequired />
    </div>
  );
}
