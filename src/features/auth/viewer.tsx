import { createContext, useContext, type ReactNode } from "react";

/** The signed-in person as the shell needs them; the identity layer provides it. */
export interface ViewerUser {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  tier: string;
}

export type Viewer =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; user: ViewerUser };

const SIGNED_OUT: Viewer = { status: "signed-out" };

const ViewerContext = createContext<Viewer>(SIGNED_OUT);

export function ViewerProvider({ value, children }: { value: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>;
}

/** Who is looking at the page. Until an identity provider is mounted, everyone is a visitor. */
export function useViewer(): Viewer {
  return useContext(ViewerContext);
}

export function initials(user: Pick<ViewerUser, "firstName" | "lastName" | "email">): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}
