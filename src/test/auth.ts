import type { Id } from "@convex/_generated/dataModel";
import { AuthStatusStore, settledStatus, type AuthSession, type AuthStatus } from "@/features/auth/auth-session";
import { LocalAuthClient } from "@/features/auth/local-auth-client";
import type { Viewer, ViewerUser } from "@/features/auth/viewer";

/** A session the test drives by hand: `set` changes the status, `signOut` and `signInWithTicket` are spies. */
export function testAuthSession(status: AuthStatus) {
  const store = new AuthStatusStore(status);
  const signOut = vi.fn(() => {
    store.set("signed-out");
    return Promise.resolve();
  });
  const signInWithTicket = vi.fn((_ticket: string) => {
    store.set("signed-in");
    return Promise.resolve();
  });
  const session: AuthSession = { getStatus: store.getStatus, subscribe: store.subscribe, signOut, signInWithTicket };
  return { session, signOut, signInWithTicket, set: (next: AuthStatus) => store.set(next) };
}

/** A real local client as a visitor's browser starts it: no "signed in" hint, so signed out without asking. */
export async function signedOutLocalClient(): Promise<LocalAuthClient> {
  const client = new LocalAuthClient();
  client.start();
  await settledStatus(client);
  return client;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function memberUser(overrides: Partial<ViewerUser> = {}): ViewerUser {
  return {
    _id: "users:maya" as Id<"users">,
    email: "maya@example.com",
    firstName: "Maya",
    lastName: "Lopez",
    role: "client",
    userType: "client",
    tier: "clarity",
    createdAt: Date.now() - 2 * YEAR_MS - 1000,
    forumMember: false,
    status: "active",
    timezone: "Europe/Berlin",
    ...overrides,
  };
}

export function signedIn(overrides: Partial<ViewerUser> = {}): Viewer {
  return { status: "signed-in", user: memberUser(overrides) };
}
