import type { Id } from "@convex/_generated/dataModel";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { MessagesPage } from "./messages-page";

const MINUTE = 60_000;
const now = Date.now();
const message = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: `contactMessages:${id}` as Id<"contactMessages">,
  _creationTime: now,
  name: "Sam Rivera",
  email: "sam@example.com",
  subject: "course" as const,
  message: "Which course fits a beginner?",
  createdAt: now - 5 * MINUTE,
  read: false,
  ...overrides,
});

type Page = { results: unknown[]; status: string; loadMore: (n: number) => void };
const state = {
  inbox: { results: [], status: "LoadingFirstPage", loadMore: vi.fn() } as Page,
  outbox: { results: [], status: "Exhausted", loadMore: vi.fn() } as Page,
  fail: null as Error | null,
  setRead: [] as unknown[],
  listeners: new Set<() => void>(),
};
function update(change: Partial<typeof state>) {
  Object.assign(state, change);
  act(() => state.listeners.forEach((listener) => listener()));
}

vi.mock("convex/react", async () => {
  const { useEffect, useReducer } = await import("react");
  return {
    usePaginatedQuery: (query: unknown) => {
      const [, rerender] = useReducer((n: number) => n + 1, 0);
      useEffect(() => {
        state.listeners.add(rerender);
        return () => void state.listeners.delete(rerender);
      }, []);
      if (state.fail) throw state.fail;
      return getFunctionName(query as never) === "contact:list" ? state.inbox : state.outbox;
    },
    useMutation: () => (args: unknown) => {
      state.setRead.push(args);
      return Promise.resolve(null);
    },
  };
});

const admin = signedIn({ role: "admin", firstName: "Ada" });

beforeEach(() => {
  state.inbox = { results: [], status: "LoadingFirstPage", loadMore: vi.fn() };
  state.outbox = { results: [], status: "Exhausted", loadMore: vi.fn() };
  state.fail = null;
  state.setRead = [];
});

async function renderMessages(viewer = admin) {
  renderPage(<MessagesPage />, { path: "/admin/messages", viewer });
  await screen.findByRole("heading", { level: 1, name: "Messages" });
}

describe("admin inbox", () => {
  it("tells people without an admin account calmly, without asking the server", async () => {
    await renderMessages(signedIn({ role: "client" }));
    expect(screen.getByRole("alert")).toHaveTextContent("You need an admin account to see this.");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });

  it("shows the admin-required state when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.fail = new ConvexError({ code: "FORBIDDEN", message: "You don't have permission to do that." });
    await renderMessages();
    expect(await screen.findByText("You need an admin account to see this.")).toBeInTheDocument();
  });

  it("shows skeletons, then messages newest first with unread marked", async () => {
    await renderMessages();
    expect(screen.getByText("Loading messages")).toBeInTheDocument();
    update({
      inbox: {
        results: [message("b", { name: "Robin Okafor", createdAt: now - MINUTE }), message("a", { read: true, subject: undefined })],
        status: "Exhausted",
        loadMore: vi.fn(),
      },
    });
    const items = screen.getAllByRole("listitem");
    expect(items[0]).toHaveAccessibleName(/Robin Okafor/);
    expect(within(items[0]!).getByText("Unread")).toBeInTheDocument();
    expect(within(items[0]!).getByText("· Courses")).toBeInTheDocument();
    expect(within(items[1]!).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole("link", { name: "sam@example.com" })).toHaveAttribute("href", "mailto:sam@example.com");
    expect(screen.getByText("Showing 2 messages, 1 unread.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Load more/ })).not.toBeInTheDocument();
  });

  it("marks a message read or unread", async () => {
    state.inbox = { results: [message("a"), message("b", { read: true })], status: "Exhausted", loadMore: vi.fn() };
    await renderMessages();
    await userEvent.click(screen.getAllByRole("button", { name: /^Mark as read/ })[0]!);
    await userEvent.click(screen.getByRole("button", { name: /^Mark as unread/ }));
    expect(state.setRead).toEqual([
      { id: "contactMessages:a", read: true },
      { id: "contactMessages:b", read: false },
    ]);
  });

  it("loads older messages on request", async () => {
    const loadMore = vi.fn();
    state.inbox = { results: [message("a")], status: "CanLoadMore", loadMore };
    await renderMessages();
    await userEvent.click(screen.getByRole("button", { name: "Load more messages" }));
    expect(loadMore).toHaveBeenCalledWith(20);
  });

  it("announces messages that arrive live, politely", async () => {
    state.inbox = { results: [message("a")], status: "Exhausted", loadMore: vi.fn() };
    await renderMessages();
    update({ inbox: { results: [message("new", { name: "Kim", createdAt: now }), message("a")], status: "Exhausted", loadMore: vi.fn() } });
    expect(screen.getByRole("listitem", { name: /Kim/ })).toBeInTheDocument();
    const announcement = screen.getByText("1 new message");
    expect(announcement).toHaveAttribute("aria-live", "polite");
  });

  it("shows the e-mail outbox in its own tab", async () => {
    state.inbox = { results: [], status: "Exhausted", loadMore: vi.fn() };
    state.outbox = {
      results: [
        {
          _id: "emailOutbox:1",
          _creationTime: now,
          to: "admin@example.com",
          subject: "New message from Sam Rivera (Courses)",
          text: "Sam Rivera <sam@example.com> wrote:\n\nHello",
          template: "contact_notification",
          createdAt: now - MINUTE,
          status: "delivered",
        },
        {
          _id: "emailOutbox:2",
          _creationTime: now,
          to: "nobody@example.invalid",
          subject: "Your session starts in 1 hour",
          text: "Coaching session with Cora Reyes.",
          template: "session_reminder",
          createdAt: now - 2 * MINUTE,
          status: "failed",
          error: "The domain of nobody@example.invalid does not exist.",
        },
      ],
      status: "Exhausted",
      loadMore: vi.fn(),
    };
    await renderMessages();
    expect(screen.getByText("No messages yet.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "E-mail outbox" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByRole("heading", { name: "New message from Sam Rivera (Courses)" })).toBeInTheDocument();
    expect(panel).toHaveTextContent("To: admin@example.com");
    const [delivered, failed] = within(panel).getAllByRole("listitem");
    // Statuses are words (with an icon), never colour alone; a failure says why.
    expect(delivered).toHaveTextContent("Delivered");
    expect(failed).toHaveTextContent("Failed");
    expect(failed).toHaveTextContent("Reason: The domain of nobody@example.invalid does not exist.");
  });
});
