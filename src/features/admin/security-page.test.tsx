import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { SecurityPage } from "./security-page";

const state = { results: [] as unknown[], status: "Exhausted" };
vi.mock("convex/react", () => ({
  usePaginatedQuery: () => ({ results: state.results, status: state.status, loadMore: () => {} }),
}));

const incident = (id: string, kind: "invalid_signature" | "wrong_account", at: number) => ({
  _id: `securityIncidents:${id}` as Id<"securityIncidents">,
  _creationTime: at,
  kind,
  at,
  tokenFingerprint: "0123456789abcdef",
  claimedEmail: "dana@example.com",
  claimedUserId: "users:dana",
  ...(kind === "wrong_account" ? { viewerId: "users:sam" as Id<"users"> } : {}),
  detail: "A reactivation link for another account was opened while signed in.",
});

describe("security page", () => {
  it("lists logged incidents for admins, newest first as the server sends them", async () => {
    state.results = [incident("b", "wrong_account", Date.now() - 60_000), incident("a", "invalid_signature", Date.now() - 3_600_000)];
    renderPage(<SecurityPage />, { viewer: signedIn({ role: "admin" }) });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("aria-label"))).toEqual(["Reactivation link for another account", "Tampered reactivation link"]);
    expect(within(items[0]!).getByText("users:sam")).toBeInTheDocument();
    expect(within(items[1]!).getByText("Nobody")).toBeInTheDocument();
    expect(screen.getByText("Showing 2 incidents, newest first.")).toBeInTheDocument();
  });

  it("asks anyone else for an admin account", async () => {
    renderPage(<SecurityPage />, { viewer: signedIn({ role: "client" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent("You need an admin account to see this.");
  });
});
