import type { Id } from "@convex/_generated/dataModel";
import { TZDate } from "@date-fns/tz";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format } from "date-fns";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { CalendarPage, calendarDays } from "./calendar-page";

const zone = "Asia/Tokyo";
const pages: Record<string, unknown[]> = { upcoming: [], past: [] };

vi.mock("convex/react", () => ({
  usePaginatedQuery: (_query: unknown, args: { scope: string }) => ({
    results: pages[args.scope] ?? [],
    status: "Exhausted",
    loadMore: vi.fn(),
  }),
}));

it("lays out whole Monday-first weeks covering the month, in the member's zone", () => {
  const days = calendarDays(new TZDate(2026, 1, 14, 12, 0, 0, 0, zone), "month");
  expect(days).toHaveLength(35);
  expect(format(days[0]!, "yyyy-MM-dd EEE")).toBe("2026-01-26 Mon");
  expect(days[0]!.getTime()).toBe(new TZDate(2026, 0, 26, 0, 0, 0, 0, zone).getTime());
  expect(calendarDays(new TZDate(2026, 1, 14, 12, 0, 0, 0, zone), "week")).toHaveLength(7);
});

it("puts a session on its local day and links to the booking; Next moves a month", async () => {
  const user = userEvent.setup();
  const now = new TZDate(Date.now(), zone);
  // 23:30 in Tokyo is the previous day in UTC.
  const startsAt = new TZDate(now.getFullYear(), now.getMonth(), 15, 23, 30, 0, 0, zone).getTime();
  pages.upcoming = [
    {
      _id: "k57session1" as Id<"sessions">,
      title: "Coaching session",
      startsAt,
      status: "scheduled",
    },
  ];
  renderPage(<CalendarPage />, { path: "/dashboard/calendar", viewer: signedIn({ timezone: zone }) });
  const day = await screen.findByRole("listitem", { name: new RegExp(`${format(new TZDate(startsAt, zone), "EEEE, MMMM d")}, 1 session`) });
  expect(within(day).getByRole("link")).toHaveTextContent("11:30 PM");
  expect(within(day).getByRole("link")).toHaveAttribute("href", "/dashboard/bookings/k57session1");
  const title = screen.getByRole("heading", { level: 2 }).textContent;
  await user.click(screen.getByRole("button", { name: "Next" }));
  expect(screen.getByRole("heading", { level: 2 }).textContent).not.toBe(title);
  await user.click(screen.getByRole("button", { name: "Week" }));
  expect(screen.getAllByRole("listitem")).toHaveLength(7);
});
