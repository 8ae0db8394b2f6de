import type { api } from "@convex/_generated/api";
import type { FunctionReturnType } from "convex/server";
import { createContext, useContext, type ReactNode } from "react";

/** The signed-in person's own users row, as `api.users.me` returns it. */
export type ViewerUser = NonNullable<FunctionReturnType<typeof api.users.me>>;

export type Viewer =
  | { status: "loading" }
  /** `notice` says why the app signed the person out, e.g. a deactivated account. */
  | { status: "signed-out"; notice?: string }
  | { status: "signed-in"; user: ViewerUser };

const SIGNED_OUT: Viewer = { status: "signed-out" };

const ViewerContext = createContext<Viewer>(SIGNED_OUT);

export function ViewerProvider({ value, children }: { value: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>;
}

/** Who is looking at the page (CurrentViewerProvider supplies it from the backend). */
export function useViewer(): Viewer {
  return useContext(ViewerContext);
}

export function initials(user: Pick<ViewerUser, "firstName" | "lastName" | "email">): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

/** The signed-in person's time zone, or the browser's while the account is loading. */
export function useTimeZone(): string {
  const viewer = useViewer();
  return viewer.status === "signed-in" ? viewer.user.timezone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
