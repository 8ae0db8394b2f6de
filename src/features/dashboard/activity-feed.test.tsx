import type { Id } from "@convex/_generated/dataModel";
import { ACTIVITY_VISIBLE, activityUrls } from "@convex/model/activity";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ActivityFeed, type ActivityFeedProps, type ActivityItem } from "./activity-feed";

const MINUTE = 60_000;
const NOW = Date.UTC(2025, 6, 8, 12, 0);

function activity(index: number, overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    _id: `activities:${index}` as Id<"activities">,
    type: "session",
    title: `Activity ${index}`,
    description: "Calendar clarity with Dana",
    timestamp: NOW - index * 2 * MINUTE,
    status: "completed",
    ...overrides,
  };
}

const many = (count: number) => Array.from({ length: count }, (_, index) => activity(index + 1));

function props(overrides: Partial<ActivityFeedProps> = {}): ActivityFeedProps {
  return {
    items: [],
    now: NOW,
    filter: "all",
    onFilterChange: vi.fn(),
    canLoadMore: false,
    onLoadMore: vi.fn(),
    loading: false,
    ...overrides,
  };
}

const rows = () => within(screen.getByRole("list")).getAllByRole("listitem");

describe("ActivityFeed", () => {
  it("shows a skeleton while the first page loads", () => {
    render(<ActivityFeed {...props({ loading: true })} />);
    expect(screen.getByText("Loading your activity")).toBeInTheDocument();
    expect(screen.queryByText("No activity yet")).not.toBeInTheDocument();
  });

  it("shows each item with its relative time, status in words and its action link", () => {
    const items = [
      activity(1, {
        type: "transcript",
        title: "Transcript ready",
        timestamp: NOW - 5 * MINUTE,
        status: "completed",
        actionUrl: activityUrls.transcript("transcripts:t1" as Id<"transcripts">),
        actionLabel: "Read transcript",
      }),
      activity(2, { type: "booking", title: "Session booked", timestamp: NOW - 3 * 60 * MINUTE, status: "pending" }),
      activity(3, { type: "recording", title: "Recording processing", timestamp: NOW - 2 * 24 * 60 * MINUTE, status: "in_progress" }),
      activity(4, { type: "system", title: "Upload failed", timestamp: NOW - 30_000, status: "error" }),
      activity(5, { type: "system", title: "Reply posted", timestamp: NOW + 20_000, status: "completed" }),
    ];
    render(<ActivityFeed {...props({ items })} />);
    const [transcript, booking, recording, system, ahead] = rows();
    // Stamped by a server clock seconds ahead of the browser: still in the past.
    expect(ahead).toHaveTextContent("just now");
    expect(within(transcript!).getByRole("heading", { level: 3, name: "Transcript ready" })).toBeInTheDocument();
    expect(transcript).toHaveTextContent("5 minutes ago");
    expect(transcript).toHaveTextContent("Completed");
    expect(within(transcript!).getByRole("link", { name: "Read transcript: Transcript ready" })).toHaveAttribute(
      "href",
      "/dashboard/transcripts/transcripts:t1",
    );
    expect(booking).toHaveTextContent("3 hours ago");
    expect(booking).toHaveTextContent("Pending");
    expect(within(booking!).queryByRole("link")).not.toBeInTheDocument();
    expect(recording).toHaveTextContent("2 days ago");
    expect(recording).toHaveTextContent("In progress");
    expect(system).toHaveTextContent("just now");
    expect(system).toHaveTextContent("Error");
  });

  it("shows a forum reply as the reply it is, not as something completed", () => {
    const reply = activity(1, {
      type: "system",
      title: 'New reply in "Timers that work"',
      description: "A 25-minute timer helps me start.",
      status: "completed",
      actionUrl: "/forum/t/forumThreads:t1",
      actionLabel: "Open thread",
    });
    render(<ActivityFeed {...props({ items: [reply] })} />);
    const [row] = rows();
    expect(within(row!).getByRole("heading", { level: 3, name: 'New reply in "Timers that work"' })).toBeInTheDocument();
    expect(row).not.toHaveTextContent("Completed");
    expect(within(row!).getByRole("link", { name: 'Open thread: New reply in "Timers that work"' })).toBeInTheDocument();
  });

  it("shows ten, then the rest on 'Show more', asking the server only when it has more", async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const { rerender } = render(<ActivityFeed {...props({ items: many(15), onLoadMore })} />);
    expect(rows()).toHaveLength(ACTIVITY_VISIBLE);
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(rows()).toHaveLength(15);
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();

    rerender(<ActivityFeed {...props({ items: many(15), onLoadMore, canLoadMore: true })} />);
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(<ActivityFeed {...props({ items: many(15), onLoadMore, canLoadMore: true, loading: true })} />);
    expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
    rerender(<ActivityFeed {...props({ items: many(25), onLoadMore })} />);
    expect(rows()).toHaveLength(25);
  });

  it("filters with toggle chips and starts over at ten for a new filter", async () => {
    const user = userEvent.setup();
    const onFilterChange = vi.fn();
    const { rerender } = render(<ActivityFeed {...props({ items: many(15), onFilterChange })} />);
    const chips = within(screen.getByRole("group", { name: "Show activity of one kind" })).getAllByRole("button");
    expect(chips.map((chip) => chip.textContent)).toEqual(["All", "Sessions", "Recordings", "Bookings", "Transcripts", "System"]);
    expect(screen.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Sessions" })).toHaveAttribute("aria-pressed", "false");

    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(rows()).toHaveLength(15);

    screen.getByRole("button", { name: "Sessions" }).focus();
    await user.keyboard("{Enter}");
    expect(onFilterChange).toHaveBeenCalledWith("session");
    rerender(<ActivityFeed {...props({ items: many(15), filter: "session", onFilterChange })} />);
    expect(screen.getByRole("button", { name: "Sessions" })).toHaveAttribute("aria-pressed", "true");
    expect(rows()).toHaveLength(ACTIVITY_VISIBLE);
  });

  it("invites a first step when there is nothing to show", async () => {
    const user = userEvent.setup();
    const onFilterChange = vi.fn();
    const { rerender } = render(<ActivityFeed {...props({ onFilterChange })} />);
    expect(screen.getByText("No activity yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a session" })).toHaveAttribute("href", "/dashboard/book-session");
    expect(screen.queryByRole("button", { name: "Show all activity" })).not.toBeInTheDocument();

    rerender(<ActivityFeed {...props({ filter: "recording", onFilterChange })} />);
    expect(screen.getByText("No recordings yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a session" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show all activity" }));
    expect(onFilterChange).toHaveBeenCalledWith("all");
  });

  it("announces activity that arrives while the page is open", () => {
    const items = many(3);
    const { rerender } = render(<ActivityFeed {...props({ items })} />);
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toBeEmptyDOMElement();
    rerender(<ActivityFeed {...props({ items: [activity(0, { title: "Session started", timestamp: NOW }), ...items] })} />);
    expect(status).toHaveTextContent("1 new activity");
    expect(rows()[0]).toHaveTextContent("Session started");
  });
});
