import type { Id } from "@convex/_generated/dataModel";
import { FORUM_MESSAGES } from "@convex/model/messages";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ForumHomePage } from "./forum-home-page";
import { convex, standing } from "./test-convex";

vi.mock("convex/react", async () => (await import("./test-convex")).convexReact);

beforeEach(() => {
  convex.reset();
  convex.queries.set("forum:categories", [
    {
      _id: "forumCategories:c1" as Id<"forumCategories">,
      slug: "planning",
      name: "Planning",
      description: "Weeks, days and calendars.",
      visibility: "members",
      threadCount: 3,
      lastActivityAt: Date.now() - 10 * 60_000,
    },
    {
      _id: "forumCategories:c2" as Id<"forumCategories">,
      slug: "focus",
      name: "Focus",
      description: "Timers and body doubling.",
      visibility: "members",
      threadCount: 1,
      // A reply just posted, stamped by a server clock seconds ahead of the browser.
      lastActivityAt: Date.now() + 20_000,
    },
  ]);
});

async function renderHome() {
  renderPage(<ForumHomePage />, { path: "/forum", viewer: signedIn() });
  await screen.findByRole("heading", { level: 1, name: "Community Forum" });
}

describe("forum home", () => {
  it("lists categories with their thread count and last activity, and a search box", async () => {
    convex.queries.set("forum:standing", standing());
    await renderHome();
    const item = screen.getByRole("listitem", { name: "Planning" });
    expect(within(item).getByRole("link", { name: "Planning" })).toHaveAttribute("href", "/forum/c/planning");
    expect(item).toHaveTextContent("3 threads");
    expect(item).toHaveTextContent(/Last activity 10 minutes ago/);
    expect(screen.getByRole("listitem", { name: "Focus" })).toHaveTextContent(/Last activity just now · /);
    expect(screen.getByRole("searchbox", { name: "Search the forum" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Join the forum" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Moderation/ })).not.toBeInTheDocument();
  });

  it("offers joining, prefilled with the forum name already chosen, and sends it", async () => {
    convex.queries.set("forum:standing", standing({ forumMember: false, forumName: "Maya R", blocked: "not_joined" }));
    await renderHome();
    const field = screen.getByRole("textbox", { name: /Forum name/ });
    expect(field).toHaveValue("Maya R");
    await userEvent.click(screen.getByRole("button", { name: "Join the forum" }));
    expect(convex.callsTo("forum:join")).toEqual([{ forumName: "Maya R" }]);
  });

  it("asks for a name before joining, and shows the server's field error beside the field", async () => {
    convex.queries.set("forum:standing", standing({ forumMember: false, forumName: undefined, blocked: "not_joined" }));
    await renderHome();
    await userEvent.click(screen.getByRole("button", { name: "Join the forum" }));
    expect(screen.getByText(FORUM_MESSAGES.FORUM_NAME_REQUIRED)).toBeInTheDocument();
    expect(convex.callsTo("forum:join")).toEqual([]);

    convex.errors.set("forum:join", new ConvexError({ code: "FORUM_NAME_TAKEN", message: "Taken", fields: { forumName: "Someone already uses that forum name. Please choose another." } }));
    const field = screen.getByRole("textbox", { name: /Forum name/ });
    await userEvent.type(field, "Maya");
    await userEvent.click(screen.getByRole("button", { name: "Join the forum" }));
    expect(await screen.findByText("Someone already uses that forum name. Please choose another.")).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/Someone already uses that forum name/);
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("tells guests calmly that they can read, with the way to membership", async () => {
    convex.queries.set("forum:standing", standing({ forumMember: false, blocked: "guest" }));
    await renderHome();
    expect(screen.getByText("Guests can read the forum; posting opens with membership.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See membership plans" })).toHaveAttribute("href", "/account/upgrade");
    expect(screen.queryByRole("heading", { name: "Join the forum" })).not.toBeInTheDocument();
  });

  it("links staff to moderation", async () => {
    convex.queries.set("forum:standing", standing({ canModerate: true }));
    await renderHome();
    expect(screen.getByRole("link", { name: /Moderation/ })).toHaveAttribute("href", "/forum/moderation");
  });
});
