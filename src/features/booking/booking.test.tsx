import type { Id } from "@convex/_generated/dataModel";
import { TZDate } from "@date-fns/tz";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { CoachWaitlist } from "./waitlist";
import { signedIn } from "@/test/auth";
import { AvailabilityEditor, TIMEZONE_ERROR } from "./availability-editor";
import { BookSessionPage } from "./book-session-page";
import { BookingDetailPage } from "./booking-detail-page";
import { BookingsPage } from "./bookings-page";
import { groupByDay, zonedDays } from "./shared";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const coachId = "users:coach" as Id<"users">;
const sessionId = "sessions:one" as Id<"sessions">;

const state = {
  queries: {} as Record<string, unknown>,
  queryArgs: {} as Record<string, unknown>,
  pages: {} as Record<string, unknown[]>,
  pageArgs: [] as unknown[],
  calls: [] as { name: string; args: unknown }[],
  fail: null as Error | null,
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    const name = getFunctionName(query as never);
    state.queryArgs[name] = args;
    return state.queries[name];
  },
  usePaginatedQuery: (_query: unknown, args: { scope: string }) => {
    state.pageArgs.push(args);
    return { results: state.pages[args.scope] ?? [], status: "Exhausted", loadMore: vi.fn() };
  },
  useMutation: (mutation: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(mutation as never), args });
    return state.fail ? Promise.reject(state.fail) : Promise.resolve(state.queries[`${getFunctionName(mutation as never)}#result`] ?? null);
  },
  useConvex: () => ({
    query: (query: unknown, args: unknown) => {
      state.calls.push({ name: getFunctionName(query as never), args });
      return state.fail ? Promise.reject(state.fail) : Promise.resolve(state.queries[`${getFunctionName(query as never)}#result`]);
    },
  }),
}));

const member = signedIn({ role: "client", timezone: "America/Los_Angeles" });

function session(overrides: Record<string, unknown> = {}) {
  const startsAt = Date.now() + 3 * DAY;
  return {
    _id: sessionId,
    _creationTime: 0,
    title: "Coaching session",
    description: "",
    coachId,
    memberId: "users:maya" as Id<"users">,
    startsAt,
    endsAt: startsAt + HOUR,
    durationMinutes: 60,
    status: "scheduled" as const,
    meetingUrl: "https://meet.jit.si/x",
    bookedAt: 0,
    debitedMinutes: 60,
    coachName: "Casey Coach",
    memberName: "Maya Lopez",
    ...overrides,
  };
}

beforeEach(() => {
  state.queries = {};
  state.queryArgs = {};
  state.pages = {};
  state.pageArgs = [];
  state.calls = [];
  state.fail = null;
});

describe("slot grouping", () => {
  it("groups UTC instants by the member's local day, not the UTC day", () => {
    const zone = "America/Los_Angeles";
    // 2026-03-10 18:00 local is 2026-03-11 01:00 UTC: it belongs to the 10th in Los Angeles.
    const evening = new TZDate(2026, 2, 10, 18, 0, 0, 0, zone).getTime();
    const morning = new TZDate(2026, 2, 11, 9, 0, 0, 0, zone).getTime();
    const days = zonedDays(new TZDate(2026, 2, 10, 12, 0, 0, 0, zone).getTime(), 7, zone);
    expect(new Date(evening).getUTCDate()).toBe(11);
    const groups = groupByDay([evening, morning], (ms) => ms, days, zone);
    expect(groups).toHaveLength(7);
    expect(groups[0]!.key).toBe("2026-03-10");
    expect(groups[0]!.items).toEqual([evening]);
    expect(groups[1]!.items).toEqual([morning]);
    expect(days[0]!.getTime()).toBe(new TZDate(2026, 2, 10, 0, 0, 0, 0, zone).getTime());
  });
});

describe("book a session", () => {
  async function renderBook(slots?: number[], remainingMinutes = 90) {
    const slot = new TZDate(Date.now() + 2 * DAY, "America/Los_Angeles");
    slot.setHours(10, 0, 0, 0);
    state.queries = {
      "availability:coaches": [{ _id: coachId, name: "Casey Coach", timezone: "Europe/Berlin" }],
      "availability:slots": slots ?? [slot.getTime()],
      "timeBalance:mine": { totalMinutes: 120, consumedMinutes: 120 - remainingMinutes, remainingMinutes },
    };
    renderPage(<BookSessionPage />, { path: "/dashboard/book-session", viewer: member });
    await screen.findByRole("heading", { level: 1, name: "Book a session" });
    return slot.getTime();
  }

  it("asks for the week's slots from the start of today and books the chosen one", async () => {
    const user = userEvent.setup();
    const slot = await renderBook();
    const args = state.queryArgs["availability:slots"] as { from: number; to: number; durationMinutes: number; coachId: string };
    expect(args).toMatchObject({ coachId, durationMinutes: 60 });
    expect(args.from).toBe(new TZDate(Date.now(), "America/Los_Angeles").setHours(0, 0, 0, 0));
    expect(args.to - args.from).toBeGreaterThanOrEqual(7 * DAY - HOUR);

    await user.click(screen.getByRole("button", { name: "10:00 AM" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Casey Coach");
    expect(dialog).toHaveTextContent("This uses 60 minutes of your balance; you have 90.");
    expect(dialog).toHaveTextContent("free until 24 hours before");
    await user.click(within(dialog).getByRole("button", { name: "Book this session" }));
    expect(state.calls).toEqual([{ name: "bookings:book", args: { coachId, startsAt: slot, durationMinutes: 60 } }]);
  });

  it("shows the server's error in the dialog, with Top up for too few minutes", async () => {
    const user = userEvent.setup();
    await renderBook();
    state.fail = new ConvexError({ code: "INSUFFICIENT_MINUTES", message: "You don't have enough minutes for this session." });
    await user.click(screen.getByRole("button", { name: "10:00 AM" }));
    await user.click(await screen.findByRole("button", { name: "Book this session" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("You don't have enough minutes for this session.");
    expect(within(alert).getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/marketplace#time-packages");
  });

  it("says when the week has no open times, and moves to the next week", async () => {
    const user = userEvent.setup();
    await renderBook([]);
    expect(screen.getByText("No open times this week.")).toBeInTheDocument();
    const from = (state.queryArgs["availability:slots"] as { from: number }).from;
    await user.click(screen.getAllByRole("button", { name: /Next week/ })[1]!);
    expect((state.queryArgs["availability:slots"] as { from: number }).from).toBeGreaterThan(from + 6 * DAY);
  });

  it("shows the empty-balance message before the slots", async () => {
    await renderBook(undefined, 0);
    expect(screen.getByText("Your time balance is empty. Top up to book more sessions.")).toBeInTheDocument();
  });
});

describe("bookings list", () => {
  it("switches scope between upcoming and past", async () => {
    const user = userEvent.setup();
    state.pages = { upcoming: [session()], past: [session({ _id: "sessions:old", title: "Old one", status: "completed" })] };
    renderPage(<BookingsPage />, { path: "/dashboard/bookings", viewer: member });
    expect(await screen.findByText("Coaching session")).toBeInTheDocument();
    expect(screen.getByText("Scheduled")).toBeInTheDocument();
    expect(state.pageArgs.at(-1)).toEqual({ scope: "upcoming" });
    await user.click(screen.getByRole("tab", { name: "Past" }));
    expect(await screen.findByText("Old one")).toBeInTheDocument();
    expect(screen.getByText("Completed")).toBeInTheDocument();
    expect(state.pageArgs.at(-1)).toEqual({ scope: "past" });
  });

  it("invites a first booking when empty", async () => {
    renderPage(<BookingsPage />, { path: "/dashboard/bookings", viewer: member });
    expect(await screen.findByText("No upcoming sessions yet.")).toBeInTheDocument();
  });
});

describe("booking detail", () => {
  it("cancels with the reason and shows the refunded minutes", async () => {
    const user = userEvent.setup();
    state.queries = { "bookings:get": session(), "bookings:cancel#result": { refundedMinutes: 60, graceCancel: false } };
    renderPage(<BookingDetailPage id={sessionId} />, { path: "/dashboard/bookings/x", viewer: member });
    await user.click(await screen.findByRole("button", { name: "Cancel session" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("your 60 minutes come back");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Feeling unwell");
    await user.click(within(dialog).getByRole("button", { name: "Cancel session" }));
    expect(state.calls).toEqual([{ name: "bookings:cancel", args: { sessionId, reason: "Feeling unwell" } }]);
    expect(await within(dialog).findByText("60 minutes are back in your balance.")).toBeInTheDocument();
  });

  it("reschedules to a slot picked in the dialog", async () => {
    const user = userEvent.setup();
    const slot = new TZDate(Date.now() + 2 * DAY, "America/Los_Angeles");
    slot.setHours(14, 30, 0, 0);
    state.queries = { "bookings:get": session(), "availability:slots": [slot.getTime()] };
    renderPage(<BookingDetailPage id={sessionId} />, { path: "/dashboard/bookings/x", viewer: member });
    await user.click(await screen.findByRole("button", { name: "Reschedule" }));
    const dialog = await screen.findByRole("dialog");
    expect(state.queryArgs["availability:slots"]).toMatchObject({ coachId, durationMinutes: 60 });
    await user.click(within(dialog).getByRole("button", { name: "2:30 PM" }));
    await user.click(within(dialog).getByRole("button", { name: "Move the session" }));
    expect(state.calls).toEqual([{ name: "bookings:reschedule", args: { sessionId, startsAt: slot.getTime() } }]);
  });

  it("adds the session to Google Calendar with its join link, or downloads it as an .ics file", async () => {
    const user = userEvent.setup();
    const booked = session();
    const file = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
    state.queries = { "bookings:get": booked, "calendar:sessionFile#result": { filename: "lwcc-session.ics", content: file } };
    renderPage(<BookingDetailPage id={sessionId} />, { path: "/dashboard/bookings/x", viewer: member });
    const region = await screen.findByRole("region", { name: "Add to calendar" });
    const google = new URL(within(region).getByRole("link", { name: /Google Calendar/ }).getAttribute("href")!);
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Coaching session with Casey Coach",
      dates: `${stamp(booked.startsAt)}/${stamp(booked.endsAt)}`,
      details: `Join: ${window.location.origin}/session/${sessionId}`,
      location: `${window.location.origin}/session/${sessionId}`,
    });
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), "blob:calendar"));
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    await user.click(within(region).getByRole("button", { name: "Download .ics (Apple, Outlook)" }));
    expect(state.calls).toEqual([{ name: "calendar:sessionFile", args: { sessionId } }]);
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toMatchObject({ download: "lwcc-session.ics", href: "blob:calendar" });
    const text = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(saved[0]!);
    });
    expect(text).toBe(file);
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it("shows an earlier time held for the booking, taken or passed in one click", async () => {
    const user = userEvent.setup();
    const booked = session();
    const offer = { _id: "waitlistOffers:1", sessionId, startsAt: booked.startsAt - DAY, endsAt: booked.startsAt - DAY + HOUR, expiresAt: Date.now() + 15 * 60 * 1000 };
    state.queries = { "bookings:get": booked, "waitlist:myOffers": [offer], "waitlist:forBooking": null };
    renderPage(<BookingDetailPage id={sessionId} />, { path: "/dashboard/bookings/x", viewer: member });
    const banner = await screen.findByRole("region", { name: "An earlier time is free" });
    expect(banner).toHaveTextContent("is held for you until");
    expect(banner).toHaveTextContent("Your booking stays as it is unless you take it.");
    await user.click(within(banner).getByRole("button", { name: "Take the earlier time" }));
    await user.click(within(banner).getByRole("button", { name: "Keep my time" }));
    expect(state.calls).toEqual([
      { name: "waitlist:claim", args: { offerId: offer._id } },
      { name: "waitlist:decline", args: { offerId: offer._id } },
    ]);
  });

  it("puts the booking on the waitlist with the window chosen, and takes it off again", async () => {
    const user = userEvent.setup();
    state.queries = { "bookings:get": session(), "waitlist:myOffers": [], "waitlist:forBooking": null };
    const { unmount } = renderPage(<BookingDetailPage id={sessionId} />, { path: "/dashboard/bookings/x", viewer: member });
    const section = await screen.findByRole("region", { name: "Hear about an earlier time" });
    await user.click(within(section).getByRole("checkbox", { name: "Sat" }));
    await user.clear(within(section).getByLabelText("Not before"));
    await user.type(within(section).getByLabelText("Not before"), "10:00");
    await user.click(within(section).getByRole("button", { name: "Tell me about earlier times" }));
    expect(state.calls).toEqual([
      {
        name: "waitlist:join",
        args: {
          sessionId,
          window: {
            fromDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
            toDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
            fromTime: "10:00",
            toTime: "17:00",
            weekdays: [1, 2, 3, 4, 5, 6],
          },
        },
      },
    ]);
    unmount();
    state.calls = [];
    state.queries = {
      "bookings:get": session(),
      "waitlist:myOffers": [],
      "waitlist:forBooking": { window: { fromDay: "2026-03-02", toDay: "2026-03-05", fromTime: "09:00", toTime: "17:00", weekdays: [1] }, timezone: "UTC", offered: false },
    };
    renderPage(<BookingDetailPage id={sessionId} />, { path: "/dashboard/bookings/x", viewer: member });
    const waiting = await screen.findByRole("region", { name: "Hear about an earlier time" });
    expect(waiting).toHaveTextContent("You're on the list. If a time from Mon, Mar 2 to Thu, Mar 5, between 09:00 and 17:00, opens up, we'll hold it for you for 15 minutes");
    await user.click(within(waiting).getByRole("button", { name: "Stop waiting" }));
    expect(state.calls).toEqual([{ name: "waitlist:leave", args: { sessionId } }]);
  });

  it("shows the coach who waits for an earlier time, first to join first, or says nobody does", async () => {
    const bookedFor = Date.now() + 3 * DAY;
    const window = { fromDay: "2026-03-02", toDay: "2026-03-05", fromTime: "09:00", toTime: "12:00", weekdays: [1, 2] };
    state.queries = {
      "waitlist:waiting": [
        { requestId: "waitlistRequests:1", memberName: "Ada Lovelace", sessionId, bookedFor, window, timezone: "Europe/London", joinedAt: 1, offered: true },
        { requestId: "waitlistRequests:2", memberName: "Ben Okri", sessionId, bookedFor, window, timezone: "UTC", joinedAt: 2, offered: false },
      ],
    };
    const { unmount } = renderPage(<CoachWaitlist timeZone="UTC" now={Date.now()} />, { path: "/dashboard", viewer: member });
    const list = await screen.findByRole("region", { name: "Waiting for an earlier time" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      expect.stringContaining("Ada Lovelace · a time is held for them now") as string,
      expect.stringContaining("Ben Okri") as string,
    ]);
    expect(list).toHaveTextContent("would take Mon, Mar 2 to Thu, Mar 5, 09:00–12:00 (Europe/London)");
    unmount();
    state.queries = { "waitlist:waiting": [] };
    renderPage(<CoachWaitlist timeZone="UTC" now={Date.now()} />, { path: "/dashboard", viewer: member });
    expect(await screen.findByText("Nobody is waiting. When a member asks to hear about an earlier time, they show here.")).toBeInTheDocument();
  });

  it("hides Cancel and Reschedule for a cancelled session", async () => {
    state.queries = { "bookings:get": session({ status: "cancelled" }) };
    renderPage(<BookingDetailPage id={sessionId} />, { path: "/dashboard/bookings/x", viewer: member });
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel session" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reschedule" })).not.toBeInTheDocument();
  });
});

describe("availability editor", () => {
  const coach = signedIn({ role: "coach", timezone: "Europe/Berlin" });

  it("rejects an unknown time zone without saving", async () => {
    const user = userEvent.setup();
    state.queries = { "availability:mine": null };
    renderPage(<AvailabilityEditor />, { viewer: coach });
    const zone = await screen.findByLabelText("Time zone");
    expect(zone).toHaveValue("Europe/Berlin");
    await user.clear(zone);
    await user.type(zone, "Mars/Olympus");
    await user.click(screen.getByRole("button", { name: "Save availability" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(TIMEZONE_ERROR);
    expect(state.calls).toEqual([]);
  });

  it("saves weekly hours and a day off", async () => {
    const user = userEvent.setup();
    state.queries = { "availability:mine": null };
    renderPage(<AvailabilityEditor />, { viewer: coach });
    await user.click(await screen.findByRole("button", { name: "Add hours on Monday" }));
    await user.selectOptions(screen.getByLabelText("Monday hours end"), "12:30");
    await user.click(screen.getByRole("button", { name: "Add an exception" }));
    await user.type(screen.getByLabelText("Date"), "2026-12-24");
    await user.click(screen.getByRole("button", { name: "Save availability" }));
    expect(state.calls).toEqual([
      {
        name: "availability:save",
        args: {
          timezone: "Europe/Berlin",
          weekly: [{ weekday: 1, start: "09:00", end: "12:30" }],
          exceptions: [{ date: "2026-12-24", windows: [] }],
        },
      },
    ]);
    expect(await screen.findByText("Your availability is saved.")).toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    const user = userEvent.setup();
    state.queries = {
      "availability:mine": {
        _id: "availability:a",
        _creationTime: 0,
        coachId,
        timezone: "Europe/Berlin",
        weekly: [],
        exceptions: [],
        updatedAt: 0,
      },
    };
    state.fail = new ConvexError({ code: "INVALID_AVAILABILITY", message: "Please check the times." });
    renderPage(<AvailabilityEditor />, { viewer: coach });
    await user.click(await screen.findByRole("button", { name: "Save availability" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the times.");
  });
});
