import { act, render, screen, waitFor } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { AccountNotice } from "@/components/layout/account-notice";
import { memberUser, testAuthSession } from "@/test/auth";
import { CurrentViewerProvider } from "./current-viewer";
import { AuthSessionProvider } from "./use-auth";
import { useViewer } from "./viewer";

const backend = {
  authenticated: false,
  me: null as ReturnType<typeof memberUser> | null,
  ensureCalls: [] as unknown[],
  ensure: (): Promise<unknown> => Promise.resolve(null),
};
vi.mock("convex/react", () => ({
  useConvexAuth: () => ({ isLoading: false, isAuthenticated: backend.authenticated }),
  useConvexConnectionState: () => ({ isWebSocketConnected: true, hasEverConnected: true }),
  useQuery: (_query: unknown, args: unknown) => (args === "skip" ? undefined : backend.me),
  useMutation: () => (args: unknown) => {
    backend.ensureCalls.push(args);
    return backend.ensure();
  },
}));

function Probe() {
  const viewer = useViewer();
  return <p data-testid="viewer">{viewer.status === "signed-in" ? `${viewer.status}:${viewer.user.firstName}` : viewer.status}</p>;
}

function viewerTree(auth: ReturnType<typeof testAuthSession>) {
  return (
    <AuthSessionProvider session={auth.session}>
      <CurrentViewerProvider>
        <AccountNotice />
        <Probe />
      </CurrentViewerProvider>
    </AuthSessionProvider>
  );
}

describe("CurrentViewerProvider", () => {
  beforeEach(() => {
    backend.authenticated = false;
    backend.me = null;
    backend.ensureCalls = [];
    backend.ensure = () => Promise.resolve(null);
  });

  it("sets up the account once Convex accepts the token, then shows the member", () => {
    const auth = testAuthSession("signed-in");
    const view = render(viewerTree(auth));
    expect(screen.getByTestId("viewer")).toHaveTextContent("loading");
    expect(backend.ensureCalls).toEqual([]);

    backend.authenticated = true;
    backend.me = memberUser({ firstName: "Maya" });
    view.rerender(viewerTree(auth));
    expect(screen.getByTestId("viewer")).toHaveTextContent("signed-in:Maya");
    expect(backend.ensureCalls).toEqual([{ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
  });

  it("signs a deactivated account out and says why", async () => {
    backend.authenticated = true;
    backend.ensure = () =>
      Promise.reject(
        new ConvexError({
          code: "ACCOUNT_DEACTIVATED",
          message: "This account is deactivated. Visit /account/reactivate or contact support to restore it.",
        }),
      );
    const auth = testAuthSession("signed-in");
    render(viewerTree(auth));

    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(screen.getByTestId("viewer")).toHaveTextContent("signed-out");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This account is deactivated. Visit /account/reactivate or contact support to restore it.",
    );
    expect(screen.getByRole("link", { name: "/account/reactivate" })).toHaveAttribute("href", "/account/reactivate");
  });

  it("signs out with when to try again when too many accounts were just made from the network", async () => {
    backend.authenticated = true;
    const message = "Several accounts were just made from your network. Please try again in 3 minutes.";
    backend.ensure = () => Promise.reject(new ConvexError({ code: "RATE_LIMITED", message, retryAfter: 180_000 }));
    const auth = testAuthSession("signed-in");
    render(viewerTree(auth));

    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(screen.getByTestId("viewer")).toHaveTextContent("signed-out");
    expect(screen.getByRole("alert")).toHaveTextContent(message);
  });

  it("stops showing a deactivated account as signed in at once, before the sign-out has finished", () => {
    backend.authenticated = true;
    backend.me = memberUser({ firstName: "Maya" });
    const auth = testAuthSession("signed-in");
    // A sign-out still on its way: meanwhile the member's pages must not keep asking for member data.
    auth.signOut.mockImplementation(() => new Promise<void>(() => {}));
    const view = render(viewerTree(auth));

    backend.me = memberUser({ firstName: "Maya", status: "deactivated" });
    view.rerender(viewerTree(auth));
    expect(screen.getByTestId("viewer")).toHaveTextContent("signed-out");
    expect(screen.getByRole("alert")).toHaveTextContent("This account is deactivated.");
  });

  it("signs out with the reason when the account is deactivated while the app is open", async () => {
    backend.authenticated = true;
    backend.me = memberUser({ firstName: "Maya" });
    const auth = testAuthSession("signed-in");
    const view = render(viewerTree(auth));
    expect(screen.getByTestId("viewer")).toHaveTextContent("signed-in:Maya");

    backend.me = memberUser({ firstName: "Maya", status: "deactivated" });
    view.rerender(viewerTree(auth));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId("viewer")).toHaveTextContent("signed-out");
    expect(screen.getByRole("alert")).toHaveTextContent("This account is deactivated.");
  });
});
