import type { Id } from "@convex/_generated/dataModel";
import { FORUM_MESSAGES } from "@convex/model/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { CategoryPage } from "./category-page";
import { convex, page, standing, threadSummary } from "./test-convex";

vi.mock("convex/react", async () => (await import("./test-convex")).convexReact);

const category = {
  _id: "forumCategories:c1" as Id<"forumCategories">,
  slug: "planning",
  name: "Planning",
  description: "Weeks, days and calendars.",
  visibility: "members" as const,
  threadCount: 2,
};

beforeEach(() => {
  convex.reset();
  convex.queries.set("forum:category", category);
  convex.queries.set("forum:standing", standing());
});

async function renderCategory() {
  const view = renderPage(<CategoryPage slug="planning" />, { path: "/forum/c/planning", viewer: signedIn() });
  await screen.findByRole("heading", { level: 1, name: "Planning" });
  return view;
}

async function openForm() {
  await userEvent.click(screen.getByRole("button", { name: "New thread" }));
  return { title: screen.getByRole("textbox", { name: /Title/ }), body: screen.getByRole("textbox", { name: /Your post/ }) };
}

describe("forum category", () => {
  it("marks pinned, locked and new threads with words, with replies and last activity", async () => {
    convex.pages.set(
      "forum:threads",
      page([
        threadSummary({ _id: "thread-a" as Id<"forumThreads">, title: "House rules", pinned: true, locked: true, replyCount: 1 }),
        threadSummary({ _id: "thread-b" as Id<"forumThreads">, title: "Morning routines", unread: true, replyCount: 4 }),
      ]),
    );
    await renderCategory();
    const pinned = screen.getByRole("listitem", { name: "House rules" });
    expect(within(pinned).getByText("Pinned")).toBeInTheDocument();
    expect(within(pinned).getByText("Locked")).toBeInTheDocument();
    expect(within(pinned).queryByText("New")).not.toBeInTheDocument();
    expect(pinned).toHaveTextContent("1 reply");
    expect(within(pinned).getByRole("link", { name: "House rules" })).toHaveAttribute("href", "/forum/t/thread-a");
    const fresh = screen.getByRole("listitem", { name: "Morning routines" });
    expect(within(fresh).getByText("New")).toBeInTheDocument();
    expect(within(fresh).queryByText("Pinned")).not.toBeInTheDocument();
    expect(fresh).toHaveTextContent("4 replies");
    expect(fresh).toHaveTextContent(/Last activity 5 minutes ago · /);
    expect(screen.queryByRole("button", { name: /Load more/ })).not.toBeInTheDocument();
  });

  it("invites the first thread when there are none, and says when the category does not exist", async () => {
    convex.pages.set("forum:threads", page([]));
    await renderCategory();
    expect(screen.getByText("No threads here yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Start the first thread" }));
    expect(screen.getByRole("heading", { name: "New thread" })).toBeInTheDocument();
  });

  it("refuses an empty thread, a long title and HTML in the body before sending anything", async () => {
    convex.pages.set("forum:threads", page([]));
    await renderCategory();
    const { title, body } = await openForm();
    await userEvent.click(screen.getByRole("button", { name: "Post thread" }));
    expect(title).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.TITLE_INVALID));
    expect(body).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.BODY_EMPTY));

    await userEvent.click(title);
    await userEvent.paste("x".repeat(121));
    await userEvent.type(body, "<script>alert(1)</script>");
    await userEvent.click(screen.getByRole("button", { name: "Post thread" }));
    expect(title).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.TITLE_INVALID));
    expect(body).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.BODY_UNSAFE));
    expect(convex.callsTo("forum:createThread")).toEqual([]);
  });

  it("posts a thread, showing progress, and opens it", async () => {
    convex.pages.set("forum:threads", page([]));
    convex.results.set("forum:createThread", "t-new");
    const { router } = await renderCategory();
    const { title, body } = await openForm();
    await userEvent.type(title, "  Time blocking with a toddler  ");
    await userEvent.type(body, "Does **anyone** manage it?");
    await userEvent.click(screen.getByRole("button", { name: "Post thread" }));
    expect(convex.callsTo("forum:createThread")).toEqual([{ categoryId: "forumCategories:c1", title: "Time blocking with a toddler", body: "Does **anyone** manage it?" }]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/forum/t/t-new"));
  });

  it("shows the server's refusal beside the field, keeping what was written", async () => {
    convex.pages.set("forum:threads", page([]));
    convex.errors.set("forum:createThread", new ConvexError({ code: "INVALID_FORUM_POST", message: FORUM_MESSAGES.INVALID_FORUM_POST, fields: { body: FORUM_MESSAGES.BODY_UNSAFE } }));
    await renderCategory();
    const { title, body } = await openForm();
    await userEvent.type(title, "A fine title");
    await userEvent.type(body, "Fine text");
    await userEvent.click(screen.getByRole("button", { name: "Post thread" }));
    await waitFor(() => expect(body).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.BODY_UNSAFE)));
    expect(body).toHaveValue("Fine text");
    expect(screen.getByRole("button", { name: "Post thread" })).toBeEnabled();
  });

  it("shows a Markdown preview of the post", async () => {
    convex.pages.set("forum:threads", page([]));
    await renderCategory();
    const { body } = await openForm();
    await userEvent.type(body, "Some **bold** words");
    await userEvent.click(screen.getByRole("tab", { name: "Preview" }));
    expect(screen.getByText("bold").tagName).toBe("STRONG");
  });

  it("tells members who have not joined how to, instead of the form", async () => {
    convex.queries.set("forum:standing", standing({ forumMember: false, blocked: "not_joined" }));
    convex.pages.set("forum:threads", page([]));
    await renderCategory();
    expect(screen.getByText(FORUM_MESSAGES.FORUM_NOT_JOINED, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New thread" })).not.toBeInTheDocument();
  });

  it("says when the category is not there", async () => {
    convex.queries.set("forum:category", null);
    renderPage(<CategoryPage slug="gone" />, { path: "/forum/c/gone", viewer: signedIn() });
    expect(await screen.findByText(FORUM_MESSAGES.CATEGORY_NOT_FOUND)).toBeInTheDocument();
  });
});
