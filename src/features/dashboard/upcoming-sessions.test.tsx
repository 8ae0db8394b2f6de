import type { Id } from "@convex/_generated/dataModel";
import { WELCOME_UPCOMING } from "@convex/model/dashboard";
import { render, screen, within } from "@testing-library/react";
import { UpcomingSessions, type UpcomingSession } from "./upcoming-sessions";

const MINUTE = 60_000;
// Tuesday, July 8, 2025, 12:45 UTC = 8:45 AM in New York.
const NOW = Date.UTC(2025, 6, 8, 12, 45);

const session = (index: number, startsAt: number): UpcomingSession => ({
  id: `sessions:${index}` as Id<"sessions">,
  title: `Session ${index}`,
  startsAt,
  durationMinutes: 60,
  coachName: "Dana Reyes",
});

describe("UpcomingSessions", () => {
  it("shows a skeleton while loading", () => {
    render(<UpcomingSessions sessions={undefined} timeZone="UTC" now={NOW} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your sessions");
  });

  it("lists up to three sessions with relative and clock time in the member's zone", () => {
    const sessions = [
      session(1, NOW + 2 * 60 * MINUTE + 15 * MINUTE),
      session(2, Date.UTC(2025, 6, 10, 18, 0)),
      session(3, Date.UTC(2025, 6, 11, 18, 0)),
      session(4, Date.UTC(2025, 6, 12, 18, 0)),
    ];
    render(<UpcomingSessions sessions={sessions} timeZone="America/New_York" now={NOW} />);
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(WELCOME_UPCOMING);
    expect(within(items[0]!).getByRole("link", { name: "Session 1" })).toHaveAttribute("href", "/dashboard/bookings/sessions:1");
    expect(items[0]).toHaveTextContent("in 2 h 15 min · 11:00 AM");
    expect(items[0]).toHaveTextContent("1 h with Dana Reyes");
    expect(items[1]).toHaveTextContent("in 2 days · Thu, Jul 10, 2:00 PM");
    expect(screen.queryByText("Session 4")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Calendar" })).toHaveAttribute("href", "/dashboard/calendar");
  });

  it("invites booking when nothing is scheduled", () => {
    render(<UpcomingSessions sessions={[]} timeZone="UTC" now={NOW} />);
    expect(screen.getByText("No sessions booked")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a session" })).toHaveAttribute("href", "/dashboard/book-session");
  });
});
