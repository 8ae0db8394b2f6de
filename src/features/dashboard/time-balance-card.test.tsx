import { TIME_BALANCE_MESSAGES } from "@convex/model/messages";
import type { MonthlyMinutes } from "@convex/model/timeBalance";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { cloneElement, type ReactElement } from "react";
import { FIRST_BALANCE_TEXTS } from "./time-balance";
import { TimeBalanceCard, type LedgerEntry, type TimeBalance, type TimeBalanceHistory } from "./time-balance-card";

// jsdom lays nothing out, so the chart gets the size a dialog would give it.
vi.mock("recharts", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
    cloneElement(children, { width: 600, height: 224 }),
}));

const balance = (remainingMinutes: number, totalMinutes = 100, extra: Partial<TimeBalance> = {}): TimeBalance => ({
  totalMinutes,
  consumedMinutes: totalMinutes - remainingMinutes,
  remainingMinutes,
  ...extra,
});

const entries: LedgerEntry[] = [
  { id: "l3", kind: "booking_debit", minutes: -60, at: Date.UTC(2025, 6, 8, 14, 0), note: "Calendar clarity session" },
  { id: "l2", kind: "refund", minutes: 30, at: Date.UTC(2025, 6, 5, 9, 0), note: "" },
  { id: "l1", kind: "purchase", minutes: 600, at: Date.UTC(2025, 6, 1, 9, 0), note: "10-hour package" },
];

const history = (overrides: Partial<TimeBalanceHistory> = {}): TimeBalanceHistory => ({
  entries,
  canLoadMore: false,
  loadingMore: false,
  onLoadMore: vi.fn(),
  ...overrides,
});

const months: MonthlyMinutes[] = [
  { month: "2025-10", boughtMinutes: 600, usedMinutes: 0 },
  { month: "2025-11", boughtMinutes: 0, usedMinutes: 120 },
  { month: "2025-12", boughtMinutes: 0, usedMinutes: 0 },
  { month: "2026-01", boughtMinutes: 120, usedMinutes: 90 },
  { month: "2026-02", boughtMinutes: 0, usedMinutes: 60 },
  { month: "2026-03", boughtMinutes: 0, usedMinutes: 30 },
];

const ringTone = () => screen.getByTestId("balance-ring").getAttribute("data-tone");

describe("TimeBalanceCard", () => {
  it("shows a skeleton while the balance loads", () => {
    render(<TimeBalanceCard balance={undefined} timeZone="UTC" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your time balance");
    expect(screen.queryByRole("button", { name: "Details" })).not.toBeInTheDocument();
  });

  it("shows remaining hours and minutes, the share left and what was used", () => {
    render(<TimeBalanceCard balance={balance(200, 600, { expiresAt: Date.UTC(2025, 11, 31, 23, 0) })} timeZone="America/New_York" />);
    expect(screen.getByRole("heading", { level: 2, name: "Time balance" })).toBeInTheDocument();
    expect(screen.getByText("3 h 20 min")).toBeInTheDocument();
    expect(screen.getByText("left of 10 h")).toBeInTheDocument();
    expect(screen.getByText("33% left")).toBeInTheDocument();
    expect(screen.getByText("Used 6 h 40 min")).toBeInTheDocument();
    expect(screen.getByText("Expires Dec 31, 2025, 6:00 PM")).toBeInTheDocument();
  });

  it.each([
    [100, "green"],
    [51, "green"],
    [50, "yellow"],
    [21, "yellow"],
    [20, "red"],
    [0, "red"],
  ])("colours the ring for %i of 100 minutes %s, with an icon and the percentage in words", (remaining, tone) => {
    render(<TimeBalanceCard balance={balance(remaining)} timeZone="UTC" />);
    expect(ringTone()).toBe(tone);
    expect(screen.getByText(`${remaining}% left`)).toBeInTheDocument();
  });

  it("warns when the balance is empty or under 60 minutes, and offers a top-up", () => {
    const { rerender } = render(<TimeBalanceCard balance={balance(0, 600)} timeZone="UTC" />);
    expect(screen.getByText(TIME_BALANCE_MESSAGES.EMPTY)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/marketplace#time-packages");

    rerender(<TimeBalanceCard balance={balance(59, 600)} timeZone="UTC" />);
    expect(screen.getByText("Running low on time. Consider topping up soon.")).toBeInTheDocument();
    expect(screen.queryByText(TIME_BALANCE_MESSAGES.EMPTY)).not.toBeInTheDocument();

    rerender(<TimeBalanceCard balance={balance(60, 600)} timeZone="UTC" />);
    expect(screen.queryByText(TIME_BALANCE_MESSAGES.LOW)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Top up" })).not.toBeInTheDocument();
  });

  it("invites a member who never had minutes to the next step, without the empty-balance alarm", () => {
    render(<TimeBalanceCard balance={balance(0, 0)} timeZone="UTC" />);
    expect(screen.getByText(FIRST_BALANCE_TEXTS.headline)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: FIRST_BALANCE_TEXTS.buy })).toHaveAttribute("href", "/marketplace#time-packages");
    expect(screen.getByRole("link", { name: FIRST_BALANCE_TEXTS.intro })).toHaveAttribute("href", "/free-intro-session");
    expect(screen.queryByText(TIME_BALANCE_MESSAGES.EMPTY)).not.toBeInTheDocument();
    expect(screen.queryByText("0% left")).not.toBeInTheDocument();
    expect(screen.queryByTestId("balance-ring")).not.toBeInTheDocument();
    expect(document.querySelector(".text-destructive, .stroke-destructive")).toBeNull();
  });

  it("opens a details dialog with the history and a Top up link", async () => {
    const user = userEvent.setup();
    const onDetailsOpenChange = vi.fn();
    const onLoadMore = vi.fn();
    render(
      <TimeBalanceCard
        balance={balance(570, 630, { lastPurchaseAt: Date.UTC(2025, 6, 1, 9, 0) })}
        history={history({ canLoadMore: true, onLoadMore })}
        onDetailsOpenChange={onDetailsOpenChange}
        timeZone="Europe/Berlin"
      />,
    );
    await user.click(screen.getByRole("button", { name: "Details" }));
    expect(onDetailsOpenChange).toHaveBeenCalledWith(true);

    const dialog = screen.getByRole("dialog", { name: "Time balance details" });
    expect(within(dialog).getByText("Last top-up Jul 1, 2025, 11:00 AM")).toBeInTheDocument();
    const rows = within(dialog).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent("Jul 8, 2025, 4:00 PM");
    expect(rows[1]).toHaveTextContent("Session booked");
    expect(rows[1]).toHaveTextContent("Calendar clarity session");
    expect(rows[1]).toHaveTextContent("\u22121 h");
    expect(rows[2]).toHaveTextContent("Refund");
    expect(rows[2]).toHaveTextContent("+30 min");
    expect(rows[3]).toHaveTextContent("Purchase");
    expect(rows[3]).toHaveTextContent("+10 h");
    expect(within(dialog).getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/marketplace#time-packages");

    await user.click(within(dialog).getByRole("button", { name: "Load more" }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onDetailsOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole("button", { name: "Details" })).toHaveFocus();
  });

  it("labels every ledger kind and shows loading and empty history", async () => {
    const user = userEvent.setup();
    const kinds: LedgerEntry[] = [
      { id: "a", kind: "expiry", minutes: -15, at: 0, note: "" },
      { id: "b", kind: "adjustment", minutes: 45, at: 0, note: "Goodwill credit" },
    ];
    const { rerender } = render(<TimeBalanceCard balance={balance(60)} history={history({ entries: undefined })} timeZone="UTC" />);
    await user.click(screen.getByRole("button", { name: "Details" }));
    expect(within(screen.getByRole("dialog")).getByText("Loading your history")).toHaveAttribute("role", "status");

    rerender(<TimeBalanceCard balance={balance(60)} history={history({ entries: [] })} timeZone="UTC" />);
    expect(screen.getByText(/^No history yet/)).toBeInTheDocument();

    rerender(
      <TimeBalanceCard balance={balance(60)} history={history({ entries: kinds, canLoadMore: true, loadingMore: true })} timeZone="UTC" />,
    );
    expect(screen.getByText("Expired")).toBeInTheDocument();
    expect(screen.getByText("Adjustment")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
  });

  it("charts minutes bought and used per month, with the figures as a table for screen readers", async () => {
    const user = userEvent.setup();
    render(<TimeBalanceCard balance={balance(300, 720)} history={history()} months={months} timeZone="UTC" />);
    await user.click(screen.getByRole("button", { name: "Details" }));
    const dialog = screen.getByRole("dialog", { name: "Time balance details" });
    const section = within(dialog).getByRole("region", { name: "Minutes by month" });
    expect(section).toHaveTextContent("In the last 6 months: 12 h bought, 5 h used.");

    const table = within(section).getByRole("table", { name: "Minutes bought and used per month, the last 6 months" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "MonthBoughtUsed",
      "October 202510 h0 min",
      "November 20250 min2 h",
      "December 20250 min0 min",
      "January 20262 h1 h 30 min",
      "February 20260 min1 h",
      "March 20260 min30 min",
    ]);
    expect(within(rows[4]!).getByRole("rowheader", { name: "January 2026" })).toBeInTheDocument();

    // The chart itself arrives in its own chunk, as bars hidden from screen readers.
    await waitFor(() => expect(section.querySelectorAll(".recharts-bar-rectangle").length).toBeGreaterThan(0));
    expect(section.querySelector(".recharts-wrapper")!.closest("[aria-hidden]")).toBeInTheDocument();
    expect(section).toHaveTextContent("Bought");
    expect(section).toHaveTextContent("Used");
  });

  it("shows a skeleton while the months load, and says so when nothing was bought or booked", async () => {
    const user = userEvent.setup();
    const empty = months.map((month) => ({ ...month, boughtMinutes: 0, usedMinutes: 0 }));
    const { rerender } = render(<TimeBalanceCard balance={balance(0, 600)} history={history()} timeZone="UTC" />);
    await user.click(screen.getByRole("button", { name: "Details" }));
    const section = within(screen.getByRole("dialog")).getByRole("region", { name: "Minutes by month" });
    expect(within(section).getByRole("status")).toHaveTextContent("Loading your minutes by month");

    rerender(<TimeBalanceCard balance={balance(0, 600)} history={history()} months={empty} timeZone="UTC" />);
    expect(section).toHaveTextContent("Nothing bought or booked in the last 6 months. Top up to book your next session.");
    expect(within(section).queryByRole("table")).not.toBeInTheDocument();
    expect(within(section).queryByRole("status")).not.toBeInTheDocument();
  });
});
