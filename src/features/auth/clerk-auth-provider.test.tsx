import { render, waitFor } from "@testing-library/react";
import type { AnyRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import ClerkAuthProvider from "./clerk-auth-provider";
import { useAuthSession } from "./use-auth";
import type { AuthSession } from "./auth-session";

const clerk = {
  create: vi.fn(),
  setActive: vi.fn(() => Promise.resolve()),
};

vi.mock("@clerk/clerk-react", () => ({
  ClerkProvider: ({ children }: { children: ReactNode }) => children,
  useAuth: () => ({ isLoaded: true, isSignedIn: false, signOut: vi.fn() }),
  useSignIn: () => ({ isLoaded: true, signIn: { create: clerk.create }, setActive: clerk.setActive }),
}));
vi.mock("convex/react-clerk", () => ({ ConvexProviderWithClerk: ({ children }: { children: ReactNode }) => children }));
vi.mock("./current-viewer", () => ({ CurrentViewerProvider: ({ children }: { children: ReactNode }) => children }));

function withSession(onSession: (session: AuthSession) => void) {
  function Probe() {
    onSession(useAuthSession());
    return null;
  }
  render(
    <ClerkAuthProvider publishableKey="pk_test_x" router={{} as AnyRouter}>
      <Probe />
    </ClerkAuthProvider>,
  );
}

describe("Clerk sign-in with a ticket", () => {
  it("redeems the backend's sign-in token with the ticket strategy and activates the session it made", async () => {
    clerk.create.mockResolvedValueOnce({ status: "complete", createdSessionId: "sess_123" });
    let session: AuthSession | undefined;
    withSession((s) => (session = s));
    await waitFor(() => expect(session).toBeDefined());
    await session!.signInWithTicket("ticket_abc");
    expect(clerk.create).toHaveBeenCalledWith({ strategy: "ticket", ticket: "ticket_abc" });
    expect(clerk.setActive).toHaveBeenCalledWith({ session: "sess_123" });
  });

  it("fails when Clerk does not complete the sign-in, so the page can fall back to the password", async () => {
    clerk.create.mockResolvedValueOnce({ status: "needs_second_factor", createdSessionId: null });
    let session: AuthSession | undefined;
    withSession((s) => (session = s));
    await waitFor(() => expect(session).toBeDefined());
    await expect(session!.signInWithTicket("ticket_abc")).rejects.toThrow("needs_second_factor");
  });
});
