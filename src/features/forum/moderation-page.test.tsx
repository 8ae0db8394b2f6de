import type { Id } from "@convex/_generated/dataModel";
import { FORUM_MESSAGES } from "@convex/model/messages";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ModerationPage } from "./moderation-page";
import { convex, page, standing } from "./test-convex";

vi.mock("convex/react", async () => (await import("./test-convex")).convexReact);

const report = {
  reportId: "forumReports:r1" as Id<"forumReports">,
  postId: "forumPosts:p1" as Id<"forumPosts">,
  threadId: "thread-1" as Id<"forumThreads">,
  threadTitle: "Best planners",
  opening: false,
  excerpt: "Buy my course today",
  postStatus: "visible" as const,
  author: { _id: "users:x" as Id<"users">, name: "Seller" },
  reporter: { _id: "users:maya" as Id<"users">, name: "Maya R" },
  reason: "Selling",
  createdAt: Date.now() - 60_000,
  openReports: 2,
};

beforeEach(() => {
  convex.reset();
  convex.pages.set("forumModeration:queue", page([report]));
});

async function renderModeration() {
  renderPage(<ModerationPage />, { path: "/forum/moderation", viewer: signedIn({ role: "coach" }) });
  await screen.findByRole("heading", { level: 1, name: "Forum moderation" });
}

describe("forum moderation", () => {
  it("lists reports with their post, reporter, reason and count; hides with a reason or dismisses", async () => {
    convex.queries.set("forum:standing", standing({ canModerate: true }));
    await renderModeration();
    expect(screen.queryByRole("tab", { name: "Audit log" })).not.toBeInTheDocument();
    const item = screen.getByRole("listitem", { name: "Reply in: Best planners" });
    expect(item).toHaveTextContent("2 reports");
    expect(item).toHaveTextContent("Buy my course today");
    expect(item).toHaveTextContent("Maya R");
    expect(item).toHaveTextContent("Selling");

    await userEvent.click(within(item).getByRole("button", { name: "Hide post" }));
    const dialog = await screen.findByRole("dialog", { name: "Hide this post" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide post" }));
    expect(screen.getByText(FORUM_MESSAGES.REASON_INVALID)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "No selling");
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide post" }));
    expect(convex.callsTo("forumModeration:hidePost")).toEqual([{ postId: "forumPosts:p1", reason: "No selling" }]);

    await userEvent.click(within(item).getByRole("button", { name: "Dismiss" }));
    expect(convex.callsTo("forumModeration:dismissReport")).toEqual([{ reportId: "forumReports:r1" }]);
  });

  it("shows admins the audit log", async () => {
    convex.queries.set("forum:standing", standing({ canModerate: true, canAudit: true }));
    convex.pages.set(
      "forumModeration:auditLog",
      page([{ _id: "forumAudit:a1" as Id<"forumAudit">, action: "lock", actor: { _id: "users:sam" as Id<"users">, name: "Coach Sam" }, threadId: "thread-1" as Id<"forumThreads">, threadTitle: "Best planners", reason: "Heated", at: Date.now() }]),
    );
    await renderModeration();
    await userEvent.click(screen.getByRole("tab", { name: "Audit log" }));
    const log = screen.getByRole("list", { name: "Audit log" });
    expect(log).toHaveTextContent("Coach Sam locked the thread in Best planners");
    expect(log).toHaveTextContent("Reason: Heated");
  });

  it("tells members the page is for staff", async () => {
    convex.queries.set("forum:standing", standing());
    await renderModeration();
    expect(screen.getByText("Moderation is for coaches and admins.")).toBeInTheDocument();
  });
});
