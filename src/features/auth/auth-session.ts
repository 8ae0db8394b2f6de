export type AuthStatus = "loading" | "signed-in" | "signed-out";
export type SettledAuthStatus = Exclude<AuthStatus, "loading">;

/**
 * What the app needs from an identity provider, whichever one the build uses (Clerk or the
 * local provider). Function properties rather than methods, so they can be passed around unbound.
 */
export interface AuthSession {
  getStatus: () => AuthStatus;
  /** The listener runs after every change of status, and only then. */
  subscribe: (listener: () => void) => () => void;
  signOut: () => Promise<void>;
  /** Signs in with a one-time ticket the backend made for an account it created (the free intro booking). */
  signInWithTicket: (ticket: string) => Promise<void>;
}

/** A status value with listeners; both providers keep theirs in one. */
export class AuthStatusStore {
  private status: AuthStatus;
  private readonly listeners = new Set<() => void>();

  constructor(initial: AuthStatus) {
    this.status = initial;
  }

  readonly getStatus = (): AuthStatus => this.status;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  set(next: AuthStatus) {
    if (next === this.status) return;
    this.status = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Resolves once the provider knows whether someone is signed in. */
export function settledStatus(session: AuthSession): Promise<SettledAuthStatus> {
  const current = session.getStatus();
  if (current !== "loading") return Promise.resolve(current);
  return new Promise((resolve) => {
    const unsubscribe = session.subscribe(() => {
      const next = session.getStatus();
      if (next === "loading") return;
      unsubscribe();
      resolve(next);
    });
  });
}

