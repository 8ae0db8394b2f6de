import { SESSION_HINT_COOKIE } from "@convex/model/sessionHint";
import { fetchWithRetry } from "@/lib/retry";
import { AuthStatusStore, type AuthSession } from "./auth-session";
import { hasSessionHint } from "./session-hint";

/**
 * Client of the local identity provider, served on the web app's own origin (/auth/*). The
 * access token lives in memory only; the refresh token is an HttpOnly cookie the browser keeps.
 * A visitor who never signed in makes no request at all: the provider's readable hint cookie
 * says when there may be a session to restore.
 */

/** A token this close to expiry is refreshed rather than handed out. */
export const REFRESH_MARGIN_MS = 60_000;

export const AUTH_UNAVAILABLE_MESSAGE = "We couldn't reach the sign-in service. Check your connection and try again.";

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
}

interface Tokens {
  accessToken: string;
  expiresAt: number;
}

/** An error the provider answered with, in its own words: `{ code, message, fields? }`. */
export class AuthRequestError extends Error {
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "AuthRequestError";
    this.code = code;
    this.fields = fields;
  }
}

function isTokens(body: unknown): body is Tokens {
  const value = body as Partial<Tokens> | null;
  return typeof value?.accessToken === "string" && typeof value.expiresAt === "number";
}

/** Drops a hint the provider refused (it clears it too; this covers one set by hand or by another path). */
function clearSessionHint() {
  if (typeof document !== "undefined") document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function isSignedOut(body: unknown): boolean {
  return (body as { accessToken?: unknown } | null)?.accessToken === null;
}

function isErrorBody(body: unknown): body is { code: string; message: string; fields?: Record<string, string> } {
  const value = body as { code?: unknown; message?: unknown } | null;
  return typeof value?.code === "string" && typeof value.message === "string";
}

/**
 * Every tab of the browser shares the rotating refresh cookie. Refreshing one tab at a time (Web
 * Locks) means no tab presents a cookie another tab has just rotated, which the provider would
 * treat as a stolen token.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? (locks.request("lwcc-auth-refresh", work) as Promise<T>) : work();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

async function errorFrom(response: Response): Promise<AuthRequestError> {
  const body = await readJson(response);
  if (!isErrorBody(body)) return new AuthRequestError("UNAVAILABLE", AUTH_UNAVAILABLE_MESSAGE);
  // A refusal for too many attempts (429) already says in its message how long to wait.
  return new AuthRequestError(body.code, body.message, body.fields ?? {});
}

export interface LocalAuthClientOptions {
  /** Origin of the provider; the page's own origin by default. */
  baseUrl?: string;
  now?: () => number;
}

export class LocalAuthClient implements AuthSession {
  private readonly store = new AuthStatusStore("loading");
  private readonly now: () => number;
  private readonly baseUrl: string | undefined;
  private tokens: Tokens | null = null;
  private refreshing: Promise<string | null> | null = null;
  private started = false;
  /** Bumped by every sign-in and sign-out, so a refresh already under way cannot undo them. */
  private generation = 0;

  constructor(options: LocalAuthClientOptions = {}) {
    this.baseUrl = options.baseUrl;
    this.now = options.now ?? Date.now;
  }

  readonly getStatus = () => this.store.getStatus();
  readonly subscribe = (listener: () => void) => this.store.subscribe(listener);

  /**
   * Asks once whether the browser still holds a session; the status is "loading" until it answers.
   * Without the hint there is nothing to ask: signed out at once, and no request.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (hasSessionHint()) void this.refresh();
    else this.store.set("signed-out");
  }

  /** For Convex: the cached token while it has over a minute left, else a fresh one (null when signed out). */
  readonly fetchAccessToken = async ({ forceRefreshToken }: { forceRefreshToken: boolean }): Promise<string | null> => {
    if (!forceRefreshToken && this.tokens && this.tokens.expiresAt - this.now() > REFRESH_MARGIN_MS) {
      return this.tokens.accessToken;
    }
    if (this.store.getStatus() === "signed-out") return null;
    return this.refresh();
  };

  readonly signIn = (credentials: Credentials) => this.authenticate("/auth/login", credentials);

  readonly register = (registration: Registration) => this.authenticate("/auth/register", registration);

  readonly signInWithTicket = (ticket: string) => this.authenticate("/auth/ticket", { ticket });

  /** Ends the session at the provider; this tab is signed out even if the request fails. */
  readonly signOut = async (): Promise<void> => {
    this.generation++;
    try {
      const response = await this.post("/auth/logout");
      if (!response.ok) throw new Error(`Signing out failed: HTTP ${response.status}`);
    } finally {
      this.tokens = null;
      this.store.set("signed-out");
    }
  };

  /** Concurrent callers share one request: the provider rotates the cookie on every refresh. */
  private refresh(): Promise<string | null> {
    this.refreshing ??= this.requestToken();
    return this.refreshing;
  }

  private async requestToken(): Promise<string | null> {
    const generation = this.generation;
    // A refresh is safe to repeat: an outage is tried again before it counts, a refusal (4xx) is final.
    const response = await oneTabAtATime(() => fetchWithRetry(...this.request("/auth/token"))).catch(() => null);
    const body = response?.ok ? await readJson(response) : null;
    // Over before the status changes: whoever asks from here on, listeners included, gets a new request.
    this.refreshing = null;
    if (generation !== this.generation) return this.tokens?.accessToken ?? null;

    if (isTokens(body)) {
      this.accept(body);
      return body.accessToken;
    }
    // A refusal ends the session ("no session" answers 200 with no token, so the browser logs nothing).
    // An outage does not, while the token we hold is still good.
    const refused = response !== null && ((response.status >= 400 && response.status < 500) || isSignedOut(body));
    if (!refused && this.tokens && this.tokens.expiresAt > this.now()) return this.tokens.accessToken;
    if (refused) clearSessionHint();
    this.tokens = null;
    this.store.set("signed-out");
    return null;
  }

  private async authenticate(path: string, body: Credentials | Registration | { ticket: string }): Promise<void> {
    let response: Response;
    try {
      response = await this.post(path, body);
    } catch {
      throw new AuthRequestError("UNAVAILABLE", AUTH_UNAVAILABLE_MESSAGE);
    }
    if (!response.ok) throw await errorFrom(response);
    const tokens = await readJson(response);
    if (!isTokens(tokens)) throw new AuthRequestError("UNAVAILABLE", AUTH_UNAVAILABLE_MESSAGE);
    this.generation++;
    this.accept(tokens);
  }

  private accept(tokens: Tokens) {
    this.tokens = tokens;
    this.store.set("signed-in");
  }

  private post(path: string, body?: unknown): Promise<Response> {
    return fetch(...this.request(path, body));
  }

  private request(path: string, body?: unknown): [URL, RequestInit] {
    return [
      new URL(path, this.baseUrl ?? window.location.origin),
      {
        method: "POST",
        credentials: "same-origin",
        headers: body === undefined ? undefined : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    ];
  }
}
