import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { CommunityPage, HOUSE_RULES } from "./community-page";
import { convex } from "./test-convex";

vi.mock("convex/react", async () => (await import("./test-convex")).convexReact);

beforeEach(() => convex.reset());

async function renderCommunity(viewer = signedIn()) {
  renderPage(<CommunityPage />, { path: "/community", viewer });
  await screen.findByRole("heading", { level: 1, name: "A forum for ADHD entrepreneurs" });
}

describe("/community", () => {
  it("explains the forum and lists its house rules", async () => {
    await renderCommunity({ status: "signed-out" });
    const rules = screen.getByRole("region", { name: "House rules" });
    expect(within(rules).getAllByRole("listitem")).toHaveLength(HOUSE_RULES.length);
    expect(rules).toHaveTextContent("No medical advice");
    expect(rules).toHaveTextContent("Report rather than reply");
    expect(screen.getByRole("link", { name: "Join the community" })).toHaveAttribute("href", "/register?redirect=%2Fforum");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login?redirect=%2Fforum");
  });

  it("shows skeletons, then the recent thread titles only", async () => {
    await renderCommunity();
    expect(screen.getByText("Loading recent threads")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the forum" })).toHaveAttribute("href", "/forum");
  });

  it("lists recent titles with their category and replies, or says none yet", async () => {
    convex.queries.set("forum:recentPublic", [
      { _id: "forumThreads:a" as Id<"forumThreads">, title: "What finally got me to inbox zero", category: "Tools", lastActivityAt: Date.now() - 60_000 * 30, replyCount: 4 },
    ]);
    await renderCommunity();
    const recent = screen.getByRole("region", { name: "Recent conversations" });
    expect(within(recent).getByText("What finally got me to inbox zero")).toBeInTheDocument();
    expect(recent).toHaveTextContent("Tools");
    expect(recent).toHaveTextContent("4 replies");
    expect(recent).toHaveTextContent("active 30 minutes ago");
  });

  it("says when there is nothing yet", async () => {
    convex.queries.set("forum:recentPublic", []);
    await renderCommunity();
    expect(screen.getByText(/The first conversations are about to start/)).toBeInTheDocument();
  });
});
