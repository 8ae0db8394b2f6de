import { SESSION_HINT_COOKIE } from "@convex/model/sessionHint";
import { delay, http, HttpResponse } from "msw";
import { retryTimer } from "@/lib/retry";
import { server } from "../../../tests/mocks/server";
import { settledStatus } from "./auth-session";
import { AUTH_UNAVAILABLE_MESSAGE, AuthRequestError, LocalAuthClient, REFRESH_MARGIN_MS } from "./local-auth-client";
import { hasSessionHint } from "./session-hint";

const HOUR = 60 * 60 * 1000;
const signedOut = () => HttpResponse.json({ accessToken: null, code: "SIGNED_OUT", message: "You are signed out." });
const setHint = (value: string) => (document.cookie = `${SESSION_HINT_COOKIE}=${value}; Path=/`);

/** /auth/token answering with fresh tokens (token-1, token-2, ...) that expire `lifetime` after `now()`. */
function tokenEndpoint(now: () => number, lifetime = HOUR, wait?: Promise<void>) {
  let calls = 0;
  server.use(
    http.post("*/auth/token", async () => {
      calls++;
      const n = calls;
      await wait;
      return HttpResponse.json({ accessToken: `token-${n}`, expiresAt: now() + lifetime });
    }),
  );
  return { calls: () => calls };
}

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("LocalAuthClient", () => {
  // Retries of a failed refresh happen at once here.
  beforeEach(() => vi.spyOn(retryTimer, "sleep").mockResolvedValue());
  // The browser holds the provider's "signed in" hint, unless a test says otherwise.
  beforeEach(() => setHint("1"));
  afterEach(() => void (document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`));

  it("asks nothing without the hint: a visitor who never signed in is signed out at once", async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
    const endpoint = tokenEndpoint(clock().now);
    const client = new LocalAuthClient();
    client.start();
    expect(client.getStatus()).toBe("signed-out");
    expect(await client.fetchAccessToken({ forceRefreshToken: true })).toBeNull();
    expect(endpoint.calls()).toBe(0);
  });

  it("takes a forged or stale hint for one question: the quiet answer signs out and clears the hint", async () => {
    setHint("1");
    let calls = 0;
    server.use(http.post("*/auth/token", () => (calls++, signedOut())));
    const client = new LocalAuthClient();
    client.start();
    expect(await settledStatus(client)).toBe("signed-out");
    expect(calls).toBe(1);
    expect(document.cookie).not.toContain(`${SESSION_HINT_COOKIE}=1`);
  });

  it("reads only an exact hint", () => {
    expect(hasSessionHint(`a=b; ${SESSION_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSessionHint(`${SESSION_HINT_COOKIE}=`)).toBe(false);
    expect(hasSessionHint(`x${SESSION_HINT_COOKIE}=1`)).toBe(false);
    expect(hasSessionHint("")).toBe(false);
  });

  it("is loading until its one start-up request answers, then signed in", async () => {
    const time = clock();
    const endpoint = tokenEndpoint(time.now);
    const client = new LocalAuthClient({ now: time.now });
    expect(client.getStatus()).toBe("loading");
    client.start();
    client.start();
    expect(await settledStatus(client)).toBe("signed-in");
    expect(endpoint.calls()).toBe(1);
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBe("token-1");
    expect(endpoint.calls()).toBe(1);
  });

  it("refreshes under a browser-wide lock, so two tabs never present the same rotating cookie", async () => {
    const time = clock();
    tokenEndpoint(time.now);
    const held: string[] = [];
    vi.stubGlobal("navigator", {
      ...navigator,
      locks: { request: (name: string, work: () => Promise<unknown>) => (held.push(name), work()) },
    });
    try {
      const client = new LocalAuthClient({ now: time.now });
      client.start();
      expect(await settledStatus(client)).toBe("signed-in");
      expect(held).toEqual(["lwcc-auth-refresh"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("is signed out when the provider refuses the refresh cookie", async () => {
    server.use(http.post("*/auth/token", signedOut));
    const client = new LocalAuthClient();
    client.start();
    expect(await settledStatus(client)).toBe("signed-out");
    expect(await client.fetchAccessToken({ forceRefreshToken: true })).toBeNull();
  });

  it("is signed out, not stuck loading, when the provider cannot be reached", async () => {
    server.use(http.post("*/auth/token", () => HttpResponse.error()));
    const client = new LocalAuthClient();
    client.start();
    expect(await settledStatus(client)).toBe("signed-out");
  });

  it("tries a refresh again through a brief outage, and takes a refusal as final", async () => {
    const answers = [
      HttpResponse.error(),
      HttpResponse.json({}, { status: 503 }),
      HttpResponse.json({ accessToken: "after", expiresAt: Date.now() + HOUR }),
    ];
    let calls = 0;
    server.use(http.post("*/auth/token", () => answers[calls++]));
    const client = new LocalAuthClient();
    client.start();
    expect(await settledStatus(client)).toBe("signed-in");
    expect(calls).toBe(3);

    calls = 0;
    server.use(http.post("*/auth/token", () => (calls++, signedOut())));
    expect(await client.fetchAccessToken({ forceRefreshToken: true })).toBeNull();
    expect(calls).toBe(1);
  });

  it("hands out the cached token until a minute before it expires, then refreshes", async () => {
    const time = clock();
    const endpoint = tokenEndpoint(time.now);
    const client = new LocalAuthClient({ now: time.now });
    client.start();
    await settledStatus(client);

    time.advance(HOUR - REFRESH_MARGIN_MS - 1);
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBe("token-1");
    time.advance(1);
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBe("token-2");
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBe("token-2");
    expect(endpoint.calls()).toBe(2);
  });

  it("refreshes when forced, even with a fresh token", async () => {
    const time = clock();
    const endpoint = tokenEndpoint(time.now);
    const client = new LocalAuthClient({ now: time.now });
    client.start();
    await settledStatus(client);
    expect(await client.fetchAccessToken({ forceRefreshToken: true })).toBe("token-2");
    expect(endpoint.calls()).toBe(2);
  });

  it("shares one refresh among concurrent callers, since each refresh rotates the cookie", async () => {
    const time = clock();
    let release!: () => void;
    const endpoint = tokenEndpoint(time.now, HOUR, new Promise<void>((resolve) => (release = resolve)));
    const client = new LocalAuthClient({ now: time.now });
    client.start();
    const callers = [
      client.fetchAccessToken({ forceRefreshToken: false }),
      client.fetchAccessToken({ forceRefreshToken: true }),
      client.fetchAccessToken({ forceRefreshToken: true }),
    ];
    release();
    expect(await Promise.all(callers)).toEqual(["token-1", "token-1", "token-1"]);
    expect(endpoint.calls()).toBe(1);

    // Once settled, the next forced refresh is a new request.
    expect(await client.fetchAccessToken({ forceRefreshToken: true })).toBe("token-2");
    expect(endpoint.calls()).toBe(2);
  });

  it("keeps a still-valid token through an outage, and signs out once it has expired", async () => {
    const time = clock();
    tokenEndpoint(time.now);
    const client = new LocalAuthClient({ now: time.now });
    client.start();
    await settledStatus(client);

    server.use(http.post("*/auth/token", () => HttpResponse.json({}, { status: 503 })));
    expect(await client.fetchAccessToken({ forceRefreshToken: true })).toBe("token-1");
    expect(client.getStatus()).toBe("signed-in");

    time.advance(HOUR);
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBeNull();
    expect(client.getStatus()).toBe("signed-out");
  });

  it("signs in with email and password and then serves that token", async () => {
    server.use(http.post("*/auth/token", signedOut));
    let body: unknown;
    server.use(
      http.post("*/auth/login", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ accessToken: "fresh", expiresAt: Date.now() + HOUR });
      }),
    );
    const client = new LocalAuthClient();
    client.start();
    await settledStatus(client);
    const changes = vi.fn();
    client.subscribe(changes);

    await client.signIn({ email: "maya@example.com", password: "correct horse" });
    expect(body).toEqual({ email: "maya@example.com", password: "correct horse" });
    expect(client.getStatus()).toBe("signed-in");
    expect(changes).toHaveBeenCalledTimes(1);
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBe("fresh");
  });

  it("signs in with a one-time ticket, and passes on the provider's refusal of a used one", async () => {
    server.use(http.post("*/auth/token", signedOut));
    const seen: unknown[] = [];
    server.use(
      http.post("*/auth/ticket", async ({ request }) => {
        const body = (await request.json()) as { ticket: string };
        seen.push(body);
        return body.ticket === "good"
          ? HttpResponse.json({ accessToken: "from-ticket", expiresAt: Date.now() + HOUR })
          : HttpResponse.json({ code: "TICKET_INVALID", message: "This sign-in link has expired or was already used." }, { status: 401 });
      }),
    );
    const client = new LocalAuthClient();
    client.start();
    await settledStatus(client);

    const refused = await client.signInWithTicket("used").catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "TICKET_INVALID" });
    expect(client.getStatus()).toBe("signed-out");

    await client.signInWithTicket("good");
    expect(seen).toEqual([{ ticket: "used" }, { ticket: "good" }]);
    expect(client.getStatus()).toBe("signed-in");
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBe("from-ticket");
  });

  it("passes on the provider's error code, message and fields", async () => {
    server.use(
      http.post("*/auth/register", () =>
        HttpResponse.json(
          { code: "INVALID_INPUT", message: "Password is too short", fields: { password: "Password is too short" } },
          { status: 400 },
        ),
      ),
      http.post("*/auth/login", () =>
        HttpResponse.json(
          { code: "RATE_LIMITED", message: "Too many sign-in attempts. Please wait 15 minutes and try again." },
          { status: 429, headers: { "Retry-After": "900" } },
        ),
      ),
    );
    const client = new LocalAuthClient();

    const invalid = await client
      .register({ email: "a@example.com", password: "short", firstName: "A", lastName: "B" })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(AuthRequestError);
    expect(invalid).toMatchObject({ code: "INVALID_INPUT", fields: { password: "Password is too short" } });

    const limited = await client.signIn({ email: "a@example.com", password: "x" }).catch((error: unknown) => error);
    expect(limited).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
  });

  it("says the service is unreachable when the answer is not the provider's", async () => {
    server.use(http.post("*/auth/login", () => new HttpResponse("<h1>Bad gateway</h1>", { status: 502 })));
    const error = await new LocalAuthClient().signIn({ email: "a@example.com", password: "x" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "UNAVAILABLE", message: AUTH_UNAVAILABLE_MESSAGE });
  });

  it("signs out at the provider and forgets the token", async () => {
    const time = clock();
    tokenEndpoint(time.now);
    let loggedOut = false;
    server.use(
      http.post("*/auth/logout", () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const client = new LocalAuthClient({ now: time.now });
    client.start();
    await settledStatus(client);

    await client.signOut();
    expect(loggedOut).toBe(true);
    expect(client.getStatus()).toBe("signed-out");
    expect(await client.fetchAccessToken({ forceRefreshToken: false })).toBeNull();
  });

  it("does not let a refresh that was under way undo a sign-out", async () => {
    server.use(
      http.post("*/auth/token", async () => {
        await delay(20);
        return HttpResponse.json({ accessToken: "late", expiresAt: Date.now() + HOUR });
      }),
      http.post("*/auth/logout", () => new HttpResponse(null, { status: 204 })),
    );
    const client = new LocalAuthClient();
    client.start();
    const refresh = client.fetchAccessToken({ forceRefreshToken: true });
    await client.signOut();
    expect(await refresh).toBeNull();
    expect(client.getStatus()).toBe("signed-out");
  });
});
