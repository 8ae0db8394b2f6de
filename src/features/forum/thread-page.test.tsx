import type { Id } from "@convex/_generated/dataModel";
import { FORUM_MESSAGES } from "@convex/model/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { author, convex, page, post, standing, threadView } from "./test-convex";
import { ThreadPage } from "./thread-page";

vi.mock("convex/react", async () => (await import("./test-convex")).convexReact);

const THREAD = "thread-1" as Id<"forumThreads">;
const HOUR = 60 * 60_000;

beforeEach(() => {
  convex.reset();
  convex.queries.set("forum:standing", standing());
  convex.queries.set("forum:thread", threadView());
});

async function renderThread() {
  renderPage(<ThreadPage threadId={THREAD} />, { path: "/forum/t/thread-1", viewer: signedIn() });
  await screen.findByRole("heading", { level: 1, name: "How do you plan your week?" });
}

const postNamed = (name: RegExp | string) => screen.getByRole("article", { name });

describe("forum thread", () => {
  it("shows the breadcrumb, markers, the opening post first with its author's badge, and marks the thread read", async () => {
    convex.queries.set("forum:thread", threadView({}, { pinned: true, locked: true }));
    convex.pages.set(
      "forum:posts",
      page([
        post("p1", { opening: true, author: author("Coach Sam", "coach"), body: "Share your **weekly** plan.", editedAt: Date.now() }),
        post("p2", { body: "Paper list here." }),
      ]),
    );
    await renderThread();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Planning" })).toHaveAttribute("href", "/forum/c/planning");
    expect(screen.getByText("Pinned")).toBeInTheDocument();
    expect(screen.getByText("Locked")).toBeInTheDocument();
    const [first, second] = screen.getAllByRole("article");
    expect(first).toHaveAccessibleName("Opening post by Coach Sam");
    expect(within(first!).getByText("Coach")).toBeInTheDocument();
    expect(within(first!).getByText("(edited)")).toBeInTheDocument();
    expect(within(first!).getByText("weekly").tagName).toBe("STRONG");
    expect(second).toHaveAccessibleName("Reply by Theo");
    await waitFor(() => expect(convex.callsTo("forum:markRead")).toEqual([{ threadId: "forumThreads:t1" }]));
  });

  it("renders Markdown safely: no raw HTML, no script links, member links marked nofollow", async () => {
    convex.pages.set(
      "forum:posts",
      page([
        post("p1", {
          opening: true,
          body: '<script>window.pwned = true</script>\n\n<b>raw bold</b> and <img src="x" onerror="alert(1)">\n\n[click me](javascript:alert(1)) and [a site](https://example.com)',
        }),
      ]),
    );
    await renderThread();
    const article = postNamed(/Opening post/);
    expect(article.querySelector("script, b, img, [onerror]")).toBeNull();
    expect(within(article).queryByRole("link", { name: "click me" })).not.toBeInTheDocument();
    expect(within(article).getByText("click me")).toBeInTheDocument();
    const link = within(article).getByRole("link", { name: "a site" });
    expect(link).toHaveAttribute("href", "https://example.com");
    expect(link).toHaveAttribute("rel", "nofollow ugc noopener noreferrer");
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it("toggles a reaction, showing counts and which are the reader's", async () => {
    convex.pages.set("forum:posts", page([post("p1", { opening: true, reactions: [{ reaction: "helpful", count: 3, mine: true }] })]));
    await renderThread();
    const reactions = within(postNamed(/Opening post/)).getByRole("group", { name: "Reactions" });
    const helpful = within(reactions).getByRole("button", { name: /Helpful/ });
    expect(helpful).toHaveAttribute("aria-pressed", "true");
    expect(helpful).toHaveTextContent("3");
    const same = within(reactions).getByRole("button", { name: /Same here/ });
    expect(same).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(same);
    expect(convex.callsTo("forum:react")).toEqual([{ postId: "forumPosts:p1", reaction: "same" }]);
  });

  it("offers Edit and Delete on the reader's own post only while allowed, and Report on others'", async () => {
    convex.pages.set(
      "forum:posts",
      page([
        post("p1", { opening: true, mine: true, canEdit: true, author: author("Maya R") }),
        post("p2", { mine: true, canEdit: false, author: author("Maya R"), createdAt: Date.now() - 3 * HOUR }),
        post("p3", { author: author("Theo"), createdAt: Date.now() + 20_000 }),
      ]),
    );
    await renderThread();
    const [editable, old, others] = screen.getAllByRole("article");
    // A reply stamped by a server clock seconds ahead of the browser reads as just posted.
    expect(others).toHaveTextContent(/just now · /);
    expect(within(editable!).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(within(editable!).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(within(editable!).queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
    expect(within(old!).queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(within(old!).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(within(others!).queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(within(others!).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(within(others!).getByRole("button", { name: "Report" })).toBeInTheDocument();

    await userEvent.click(within(editable!).getByRole("button", { name: "Edit" }));
    const title = within(editable!).getByRole("textbox", { name: /Title/ });
    expect(title).toHaveValue("How do you plan your week?");
    await userEvent.clear(title);
    await userEvent.type(title, "How do you plan your month?");
    await userEvent.click(within(editable!).getByRole("button", { name: "Save changes" }));
    expect(convex.callsTo("forum:editPost")).toEqual([{ postId: "forumPosts:p1", body: "I use a paper list.", title: "How do you plan your month?" }]);

    await userEvent.click(within(old!).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this post?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete post" }));
    expect(convex.callsTo("forum:deletePost")).toEqual([{ postId: "forumPosts:p2" }]);
  });

  it("asks for a reason before sending a report", async () => {
    convex.pages.set("forum:posts", page([post("p1", { opening: true })]));
    await renderThread();
    await userEvent.click(screen.getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this post" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    const reason = within(dialog).getByRole("textbox", { name: /What is the problem/ });
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.REASON_INVALID));
    expect(convex.callsTo("forum:report")).toEqual([]);
    await userEvent.type(reason, "Selling a course");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(convex.callsTo("forum:report")).toEqual([{ postId: "forumPosts:p1", reason: "Selling a course" }]);
    expect(await screen.findByText("Reported. A moderator will look at it soon.")).toBeInTheDocument();
  });

  it("gives members no moderation menu", async () => {
    convex.pages.set("forum:posts", page([post("p1", { opening: true }), post("p2", { status: "hidden", moderationReason: "Off topic" })]));
    await renderThread();
    expect(screen.queryByRole("button", { name: "Moderate" })).not.toBeInTheDocument();
  });

  it("lets staff hide with a reason, restore, lock and pin", async () => {
    convex.queries.set("forum:standing", standing({ canModerate: true }));
    convex.pages.set("forum:posts", page([post("p1", { opening: true }), post("p2", { status: "hidden", moderationReason: "Off topic" })]));
    await renderThread();
    const [opening, hidden] = screen.getAllByRole("article");
    expect(within(hidden!).getByText("Hidden")).toBeInTheDocument();
    expect(within(hidden!).getByText("Moderator's reason: Off topic")).toBeInTheDocument();

    await userEvent.click(within(opening!).getByRole("button", { name: "Moderate" }));
    expect(screen.getByRole("menuitem", { name: "Lock thread" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Pin thread" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Move to category" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("menuitem", { name: "Hide post" }));
    const dialog = await screen.findByRole("dialog", { name: "Hide this post" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Spam link");
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide post" }));
    expect(convex.callsTo("forumModeration:hidePost")).toEqual([{ postId: "forumPosts:p1", reason: "Spam link" }]);

    await userEvent.click(within(opening!).getByRole("button", { name: "Moderate" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Lock thread" }));
    expect(convex.callsTo("forumModeration:setLocked")).toEqual([{ threadId: "forumThreads:t1", locked: true }]);

    await userEvent.click(within(hidden!).getByRole("button", { name: "Moderate" }));
    expect(screen.queryByRole("menuitem", { name: "Lock thread" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("menuitem", { name: "Restore post" }));
    expect(convex.callsTo("forumModeration:restorePost")).toEqual([{ postId: "forumPosts:p2" }]);
  });

  it("shows deleted posts as a quiet note", async () => {
    convex.pages.set("forum:posts", page([post("p1", { opening: true }), post("p2", { status: "deleted", body: "" })]));
    await renderThread();
    const [, deleted] = screen.getAllByRole("article");
    expect(within(deleted!).getByText("This post was deleted.")).toBeInTheDocument();
    expect(within(deleted!).queryByRole("group", { name: "Reactions" })).not.toBeInTheDocument();
    expect(within(deleted!).queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("puts a divider before the first post since the last visit", async () => {
    const lastReadAt = Date.now() - 2 * HOUR;
    convex.queries.set("forum:thread", threadView({ lastReadAt }));
    convex.pages.set(
      "forum:posts",
      page([
        post("p1", { opening: true, createdAt: lastReadAt - HOUR }),
        post("p2", { createdAt: lastReadAt - 1000 }),
        post("p3", { createdAt: lastReadAt + HOUR, body: "Something new" }),
      ]),
    );
    await renderThread();
    const items = within(screen.getByRole("list", { name: "Posts" })).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    const divider = items.find((item) => item.textContent === "Unread since your last visit");
    expect(divider?.nextElementSibling).toHaveTextContent("Something new");
  });

  it("replies, checking the text first", async () => {
    convex.pages.set("forum:posts", page([post("p1", { opening: true })]));
    await renderThread();
    const reply = screen.getByRole("textbox", { name: /Your reply/ });
    await userEvent.click(screen.getByRole("button", { name: "Post reply" }));
    expect(reply).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.BODY_EMPTY));
    await userEvent.type(reply, "Try a [timer](javascript:alert(1))");
    await userEvent.click(screen.getByRole("button", { name: "Post reply" }));
    expect(reply).toHaveAccessibleDescription(expect.stringContaining(FORUM_MESSAGES.BODY_UNSAFE));
    expect(convex.callsTo("forum:reply")).toEqual([]);
    await userEvent.clear(reply);
    await userEvent.type(reply, "Same here!");
    await userEvent.click(screen.getByRole("button", { name: "Post reply" }));
    expect(convex.callsTo("forum:reply")).toEqual([{ threadId: THREAD, body: "Same here!" }]);
    expect(await screen.findByText("Your reply is posted.")).toBeInTheDocument();
    expect(reply).toHaveValue("");
  });

  it("says why there is no reply form: a locked thread, a guest", async () => {
    convex.queries.set("forum:thread", threadView({ canReply: false }, { locked: true }));
    convex.pages.set("forum:posts", page([post("p1", { opening: true })]));
    await renderThread();
    expect(screen.getByText(FORUM_MESSAGES.THREAD_LOCKED)).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: /Your reply/ })).not.toBeInTheDocument();
  });

  it("lets guests read, without reacting, following or reporting", async () => {
    convex.queries.set("forum:standing", standing({ forumMember: false, blocked: "guest" }));
    convex.queries.set("forum:thread", threadView({ canReply: false }));
    convex.pages.set("forum:posts", page([post("p1", { opening: true, reactions: [{ reaction: "support", count: 2, mine: false }] })]));
    await renderThread();
    expect(screen.getByText("Guests can read the forum; posting opens with membership.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Support/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Support: 2/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Follow" })).not.toBeInTheDocument();
  });

  it("follows and unfollows", async () => {
    convex.pages.set("forum:posts", page([post("p1", { opening: true })]));
    await renderThread();
    const follow = screen.getByRole("button", { name: "Follow" });
    expect(follow).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(follow);
    expect(convex.callsTo("forum:follow")).toEqual([{ threadId: "forumThreads:t1", followed: true }]);
  });

  it("says when the thread is not there", async () => {
    convex.queries.set("forum:thread", null);
    renderPage(<ThreadPage threadId={THREAD} />, { path: "/forum/t/thread-1", viewer: signedIn() });
    expect(await screen.findByText(FORUM_MESSAGES.THREAD_NOT_FOUND)).toBeInTheDocument();
  });
});
