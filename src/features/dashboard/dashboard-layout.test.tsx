import { AUTH_MESSAGES } from "@convex/model/authMessages";
import { screen } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";

const asked: string[] = [];

// The backend refuses every member query of a deactivated account, as convex/functions.ts does.
vi.mock("convex/react", () => ({
  useMutation: () => vi.fn(),
  useAction: () => vi.fn(),
  useConvexAuth: () => ({ isLoading: false, isAuthenticated: true }),
  useQuery: (query: unknown, args: unknown) => {
    if (args === "skip") return undefined;
    asked.push(getFunctionName(query as never));
    throw new ConvexError({ code: "ACCOUNT_DEACTIVATED", message: AUTH_MESSAGES.ACCOUNT_DEACTIVATED });
  },
  usePaginatedQuery: (query: unknown, args: unknown) => {
    if (args !== "skip") asked.push(getFunctionName(query as never));
    return { results: [], status: "Exhausted", loadMore: vi.fn() };
  },
}));

describe("dashboard layout", () => {
  it("asks nothing of the backend for an account deactivated while its page is open, and says the way back", async () => {
    // The sign-in is still being ended (the router's guard saw it signed in); the viewer already knows.
    renderApp("/dashboard/notifications", {
      viewer: { status: "signed-out", notice: AUTH_MESSAGES.ACCOUNT_DEACTIVATED },
      auth: testAuthSession("signed-in").session,
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("This account is deactivated.");
    expect(screen.queryByRole("heading", { name: "Your account is paused" })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
