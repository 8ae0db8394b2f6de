import type { Id } from "@convex/_generated/dataModel";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { ActivityPage } from "./activity-page";

const now = Date.now();
const activity = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id as Id<"activities">,
  _creationTime: now,
  userId: "users:maya" as Id<"users">,
  type: "transcript",
  title: "Transcript ready: Weekly planning",
  description: "12 passages, searchable by word or speaker.",
  timestamp: now - 3 * 60 * 60_000,
  status: "completed",
  metadata: {},
  actionUrl: "/dashboard/transcripts/t1",
  actionLabel: "Open transcript",
  ...overrides,
});

const state = {
  args: [] as unknown[],
  page: { results: [] as unknown[], status: "LoadingFirstPage", loadMore: vi.fn() },
};

vi.mock("convex/react", () => ({
  usePaginatedQuery: (_query: unknown, args: unknown, options: unknown) => {
    state.args.push({ args, options });
    return state.page;
  },
}));

beforeEach(() => {
  state.args = [];
  state.page = { results: [activity("a1")], status: "CanLoadMore", loadMore: vi.fn() };
});

async function renderActivity() {
  renderPage(<ActivityPage />, { path: "/dashboard/activity", viewer: signedIn() });
  await screen.findByRole("heading", { level: 1, name: "Activity" });
}

describe("activity page", () => {
  it("lists all activity first, with relative times and links", async () => {
    await renderActivity();
    expect(state.args.at(-1)).toEqual({ args: {}, options: { initialNumItems: 20 } });
    expect(screen.getByRole("heading", { name: "Transcript ready: Weekly planning" })).toBeInTheDocument();
    expect(screen.getByText("3 hours ago")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Open transcript/ })).toHaveAttribute("href", "/dashboard/transcripts/t1");
  });

  it("asks the server for one type when a filter chip is chosen", async () => {
    await renderActivity();
    await userEvent.click(screen.getByRole("button", { name: "Recordings" }));
    expect(state.args.at(-1)).toEqual({ args: { type: "recording" }, options: { initialNumItems: 20 } });
    expect(screen.getByRole("button", { name: "Recordings" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "All" }));
    expect(state.args.at(-1)).toEqual({ args: {}, options: { initialNumItems: 20 } });
  });

  it("loads the next page when more is asked for than is loaded", async () => {
    const loadMore = vi.fn();
    state.page = { results: [activity("a1")], status: "CanLoadMore", loadMore };
    await renderActivity();
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(loadMore).toHaveBeenCalledWith(20);
  });

  it("shows an empty state for a filter with nothing in it", async () => {
    state.page = { results: [], status: "Exhausted", loadMore: vi.fn() };
    await renderActivity();
    await userEvent.click(screen.getByRole("button", { name: "Bookings" }));
    expect(screen.getByText("No bookings yet")).toBeInTheDocument();
  });
});
