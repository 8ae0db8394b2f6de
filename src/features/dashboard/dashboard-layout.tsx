import { Outlet } from "@tanstack/react-router";

export function DashboardLayout() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-12">
      <Outlet />
    </div>
  );
}
