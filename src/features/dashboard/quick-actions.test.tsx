import type { Id } from "@convex/_generated/dataModel";
import { render, screen } from "@testing-library/react";
import { QuickActions, type NextSession } from "./quick-actions";

const MINUTE = 60_000;
const NOW = Date.UTC(2025, 6, 8, 12, 0);

const session = (startsIn: number): NextSession => {
  const startsAt = NOW + startsIn;
  return { id: "sessions:s1" as Id<"sessions">, startsAt, joinOpensAt: startsAt - 10 * MINUTE, endsAt: startsAt + 60 * MINUTE };
};

describe("QuickActions", () => {
  it("offers the four actions, booking first when no session is open", () => {
    render(<QuickActions remainingMinutes={200} now={NOW} />);
    expect(screen.getByRole("heading", { level: 2, name: "Quick Actions" })).toBeInTheDocument();
    const book = screen.getByRole("link", { name: /^Book a Session/ });
    expect(book).toHaveAttribute("href", "/dashboard/book-session");
    expect(book).toHaveClass("bg-primary", "min-h-20");
    expect(screen.getByRole("link", { name: /^Community Forum/ })).toHaveAttribute("href", "/forum");
    expect(screen.getAllByRole("listitem")).toHaveLength(4);
  });

  it("shows the available time in whole hours", () => {
    const { rerender } = render(<QuickActions remainingMinutes={200} now={NOW} />);
    expect(screen.getByText("3 h available")).toBeInTheDocument();
    rerender(<QuickActions remainingMinutes={59} now={NOW} />);
    expect(screen.getByText("0 h available")).toBeInTheDocument();
    rerender(<QuickActions remainingMinutes={undefined} now={NOW} />);
    expect(screen.queryByText(/h available/)).not.toBeInTheDocument();
  });

  it("says why Join Session is not available yet", () => {
    const { rerender } = render(<QuickActions remainingMinutes={120} now={NOW} />);
    expect(screen.queryByRole("link", { name: /Join Session/ })).not.toBeInTheDocument();
    expect(screen.getByText("No session booked")).toBeInTheDocument();

    rerender(<QuickActions remainingMinutes={120} nextSession={session(2 * 60 * MINUTE + 15 * MINUTE)} now={NOW} />);
    expect(screen.queryByRole("link", { name: /Join Session/ })).not.toBeInTheDocument();
    expect(screen.getByText("Opens 10 minutes before")).toBeInTheDocument();
    expect(screen.getByText("Starts in 2 h 15 min")).toBeInTheDocument();
    expect(screen.getByText("Join Session").closest("[aria-disabled]")).toHaveAttribute("aria-disabled", "true");

    // After the end the session is over, not joinable.
    rerender(<QuickActions remainingMinutes={120} nextSession={session(-61 * MINUTE)} now={NOW} />);
    expect(screen.getByText("No session booked")).toBeInTheDocument();
  });

  it("turns Join Session into the first link once the room opens", () => {
    const { rerender } = render(<QuickActions remainingMinutes={120} nextSession={session(10 * MINUTE)} now={NOW} />);
    const join = screen.getByRole("link", { name: /^Join Session/ });
    expect(join).toHaveAttribute("href", "/session/sessions:s1");
    expect(join).toHaveClass("bg-primary");
    expect(join).toHaveTextContent("Starts in 10 min");
    expect(screen.getByRole("link", { name: /^Book a Session/ })).not.toHaveClass("bg-primary");

    rerender(<QuickActions remainingMinutes={120} nextSession={session(-5 * MINUTE)} now={NOW} />);
    expect(screen.getByRole("link", { name: /^Join Session/ })).toHaveTextContent("Started 5 minutes ago");
  });

  it("links the latest recording, or says there is none", () => {
    const { rerender } = render(<QuickActions remainingMinutes={0} now={NOW} />);
    expect(screen.queryByRole("link", { name: /Latest Recording/ })).not.toBeInTheDocument();
    expect(screen.getByText("No recordings yet")).toBeInTheDocument();
    rerender(<QuickActions remainingMinutes={0} latestRecordingId={"recordings:r9" as Id<"recordings">} now={NOW} />);
    expect(screen.getByRole("link", { name: /^Latest Recording/ })).toHaveAttribute("href", "/dashboard/recordings/recordings:r9");
  });
});
