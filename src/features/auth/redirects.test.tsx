import { SESSION_HINT_COOKIE } from "@convex/model/sessionHint";
import { act, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { signedIn, signedOutLocalClient, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { server } from "../../../tests/mocks/server";
import { LocalAuthClient } from "./local-auth-client";
import { safeRedirect } from "./redirects";

// The dashboard's own data is not what these tests are about: it stays loading.
vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  usePaginatedQuery: () => ({ results: [], status: "LoadingFirstPage", loadMore: () => {} }),
  useMutation: () => () => Promise.resolve(null),
}));

describe("safeRedirect", () => {
  it("keeps same-site paths and drops anything a browser would send elsewhere", () => {
    expect(safeRedirect("/dashboard/settings?tab=profile")).toBe("/dashboard/settings?tab=profile");
    for (const unsafe of ["//evil.example", "/\\evil.example", "https://evil.example", "dashboard", "", 42, undefined]) {
      expect(safeRedirect(unsafe)).toBeUndefined();
    }
  });
});

describe("member-area guard", () => {
  it("sends signed-out visitors to /login with the page they wanted", async () => {
    const { router } = renderApp("/dashboard/settings", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/dashboard/settings" });
    expect(router.state.location.href).toBe("/login?redirect=%2Fdashboard%2Fsettings");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
  });

  it("waits while sign-in is loading, then shows the page", async () => {
    const auth = testAuthSession("loading");
    const { router } = renderApp("/dashboard", { auth: auth.session, viewer: signedIn({ firstName: "Maya" }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");

    act(() => auth.set("signed-in"));
    expect(await screen.findByRole("heading", { level: 1, name: /, Maya$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("sends the member to /login when the session ends on a member page", async () => {
    server.use(
      http.post("*/auth/token", () => HttpResponse.json({ accessToken: "access", expiresAt: Date.now() + 60 * 60 * 1000 })),
      http.post("*/auth/logout", () => new HttpResponse(null, { status: 204 })),
    );
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    const client = new LocalAuthClient();
    client.start();
    const { router } = renderApp("/dashboard", { localAuth: client, viewer: { status: "loading" } });
    await screen.findByText("Loading your dashboard");

    await act(() => client.signOut());
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/dashboard" });
  });
});

describe("sign-in pages for people already signed in", () => {
  it("go on to the requested page", async () => {
    const auth = testAuthSession("signed-in");
    const { router } = renderApp("/login?redirect=%2Fdashboard%2Fsettings", { auth: auth.session, viewer: { status: "loading" } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/settings"));
  });

  it("go to the dashboard when the requested page is on another site", async () => {
    const auth = testAuthSession("signed-in");
    const { router } = renderApp("/register?redirect=%2F%2Fevil.example", { auth: auth.session, viewer: signedIn({ firstName: "Maya" }) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { level: 1, name: /, Maya$/ })).toBeInTheDocument();
  });
});
