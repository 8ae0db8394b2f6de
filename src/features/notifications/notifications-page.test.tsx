import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { NotificationsPage } from "./notifications-page";

const MINUTE = 60_000;
const now = Date.now();
const notification = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id as Id<"notifications">,
  _creationTime: now,
  userId: "users:maya" as Id<"users">,
  type: "transcript_ready",
  priority: "medium",
  title: "Transcript ready",
  message: 'The transcript of "Weekly planning" is ready to read.',
  read: false,
  timestamp: now - 5 * MINUTE,
  actions: [{ label: "Open transcript", url: "/dashboard/transcripts/t1" }],
  data: {},
  ...overrides,
});

const state = {
  page: { results: [] as unknown[], status: "LoadingFirstPage", loadMore: vi.fn() },
  calls: [] as { name: string; args: unknown }[],
  error: null as Error | null,
};

vi.mock("convex/react", () => ({
  usePaginatedQuery: () => state.page,
  useMutation: (mutation: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(mutation as never), args });
    return state.error ? Promise.reject(state.error) : Promise.resolve(null);
  },
}));

beforeEach(() => {
  state.page = { results: [], status: "LoadingFirstPage", loadMore: vi.fn() };
  state.calls = [];
  state.error = null;
});

async function renderNotifications() {
  renderPage(<NotificationsPage />, { path: "/dashboard/notifications", viewer: signedIn() });
  await screen.findByRole("heading", { level: 1, name: "Notifications" });
}

describe("notifications page", () => {
  it("shows a skeleton while loading", async () => {
    await renderNotifications();
    expect(screen.getByText("Loading your notifications")).toBeInTheDocument();
  });

  it("says when there are none yet", async () => {
    state.page = { results: [], status: "Exhausted", loadMore: vi.fn() };
    await renderNotifications();
    expect(screen.getByText("No notifications yet")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("marks unread ones with a word, shows priority, actions and times", async () => {
    state.page = {
      results: [
        notification("n1", { priority: "urgent", title: "System maintenance tonight" }),
        notification("n2", { read: true, priority: "low", actions: [] }),
      ],
      status: "Exhausted",
      loadMore: vi.fn(),
    };
    await renderNotifications();
    const [first, second] = screen.getAllByRole("listitem");
    expect(first).toHaveAccessibleName("System maintenance tonight");
    expect(within(first!).getByText("Unread")).toBeInTheDocument();
    expect(within(first!).getByText("Urgent")).toBeInTheDocument();
    expect(within(first!).getByText(/^5 minutes ago · /)).toBeInTheDocument();
    expect(within(first!).getByRole("link", { name: "Open transcript" })).toHaveAttribute("href", "/dashboard/transcripts/t1");
    expect(within(second!).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(second!).getByText("Low priority")).toBeInTheDocument();
    expect(within(second!).queryByRole("button", { name: /Mark as read/ })).not.toBeInTheDocument();
    expect(screen.getByText("1 unread")).toBeInTheDocument();
  });

  it("marks one or all as read", async () => {
    state.page = {
      results: [notification("n1"), notification("n2", { title: "Session completed" })],
      status: "Exhausted",
      loadMore: vi.fn(),
    };
    await renderNotifications();
    await userEvent.click(screen.getByRole("button", { name: "Mark as read: Session completed" }));
    await userEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(state.calls).toEqual([
      { name: "notifications:markRead", args: { notificationId: "n2" } },
      { name: "notifications:markAllRead", args: undefined },
    ]);
  });

  it("shows the server's message when marking fails", async () => {
    state.page = { results: [notification("n1")], status: "Exhausted", loadMore: vi.fn() };
    state.error = new ConvexError({ code: "NOTIFICATION_NOT_FOUND", message: "We couldn't find that notification." });
    await renderNotifications();
    await userEvent.click(screen.getByRole("button", { name: /^Mark as read/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't find that notification.");
  });

  it("loads older notifications", async () => {
    const loadMore = vi.fn();
    state.page = { results: [notification("n1", { read: true })], status: "CanLoadMore", loadMore };
    await renderNotifications();
    expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more notifications" }));
    expect(loadMore).toHaveBeenCalledWith(20);
  });
});
