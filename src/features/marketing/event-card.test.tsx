import type { Id } from "@convex/_generated/dataModel";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { retryTimer } from "@/lib/retry";
import { server } from "../../../tests/mocks/server";
import { EventCard, type EventItem } from "./event-card";
import { eventWhen, needsShowMore } from "./events";

const HOUR = 60 * 60 * 1000;
const NOW = new Date(2025, 6, 1, 9, 0).getTime();

const event = (overrides: Partial<EventItem> = {}): EventItem => ({
  _id: "events:qa" as Id<"events">,
  slug: "calendar-clarity-live-q-and-a",
  title: "Calendar Clarity: Live Q&A",
  startsAt: new Date(2025, 6, 10, 17, 0).getTime(),
  durationMinutes: 60,
  location: "Online (video call)",
  isOnline: true,
  description: "Bring your calendar questions.",
  registrationUrl: "https://lwcc.example/events/calendar-clarity-live-q-and-a",
  registered: false,
  ...overrides,
});

function renderCard(overrides: Partial<EventItem> = {}) {
  return render(
    <ul>
      <EventCard event={event(overrides)} now={NOW} />
    </ul>,
  );
}

describe("event card", () => {
  // Retries after an outage happen at once here.
  beforeEach(() => vi.spyOn(retryTimer, "sleep").mockResolvedValue());

  it("shows title, local date and time, location and an online badge", () => {
    renderCard();
    expect(screen.getByRole("heading", { level: 3, name: "Calendar Clarity: Live Q&A" })).toBeInTheDocument();
    expect(screen.getByText("Thursday, July 10, 2025")).toBeInTheDocument();
    expect(screen.getByText(/^5:00 PM – 6:00 PM/)).toBeInTheDocument();
    expect(screen.getByText("in 9 days")).toBeInTheDocument();
    expect(screen.getByText("Online (video call)")).toBeInTheDocument();
    expect(screen.getByText("Online")).toBeInTheDocument();
  });

  it("marks in-person events", () => {
    renderCard({ isOnline: false, location: "LWCC Studio" });
    expect(screen.getByText("In person")).toBeInTheDocument();
  });

  it("shows 'Show more' only for descriptions over 100 characters", async () => {
    expect(needsShowMore("x".repeat(100))).toBe(false);
    expect(needsShowMore("x".repeat(101))).toBe(true);

    const { unmount } = renderCard({ description: "a".repeat(100) });
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    unmount();

    renderCard({ description: "b".repeat(101) });
    const more = screen.getByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("b".repeat(101))).toHaveClass("line-clamp-2");
    await userEvent.click(more);
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("b".repeat(101))).not.toHaveClass("line-clamp-2");
  });

  it("registers by title and then says 'You're registered'", async () => {
    let sent: unknown;
    server.use(
      http.post("*/api/events/register", async ({ request }) => {
        sent = await request.json();
        await delay(30);
        return HttpResponse.json({ status: "registered" });
      }),
    );
    const open = vi.spyOn(window, "open");
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Register for Calendar Clarity: Live Q&A" }));
    expect(screen.getByRole("button", { name: /^Registering\.\.\./ })).toBeDisabled();
    expect(await screen.findByText("You're registered")).toBeInTheDocument();
    expect(screen.getByText("You're registered").closest('[aria-live="polite"]')).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Register/ })).not.toBeInTheDocument();
    expect(sent).toEqual({ eventTitle: "Calendar Clarity: Live Q&A" });
    expect(open).not.toHaveBeenCalled();
  });

  it.each([
    ["an unknown event", () => HttpResponse.json({ code: "NOT_FOUND", message: "We couldn't find that event." }, { status: 404 })],
    ["too many registrations", () => HttpResponse.json({ code: "RATE_LIMITED", message: "busy" }, { status: 429 })],
    ["a network failure", () => HttpResponse.error()],
  ])("opens the registration page in a new tab after %s", async (_label, answer) => {
    server.use(http.post("*/api/events/register", answer));
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, "open").mockReturnValue(tab);
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: /^Register/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith("https://lwcc.example/events/calendar-clarity-live-q-and-a", "_blank"));
    expect(tab.opener).toBeNull();
    expect(screen.queryByText("You're registered")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Register/ })).toBeEnabled();
  });

  it("offers a link when the browser blocks the new tab", async () => {
    server.use(http.post("*/api/events/register", () => HttpResponse.error()));
    vi.spyOn(window, "open").mockReturnValue(null);
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: /^Register/ }));
    expect(await screen.findByRole("link", { name: /Open the registration page/ })).toHaveAttribute(
      "href",
      "https://lwcc.example/events/calendar-clarity-live-q-and-a",
    );
  });

  it("shows members who already registered as registered", () => {
    renderCard({ registered: true });
    expect(screen.getByText("You're registered")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Register/ })).not.toBeInTheDocument();
  });

  it("says when an event is, relative and absolute", () => {
    const when = eventWhen(NOW + 2 * HOUR + 15 * 60_000, 90, NOW);
    expect(when.relative).toBe("in 2 hours");
    expect(when.date).toBe("Tuesday, July 1, 2025");
    expect(when.time).toMatch(/^11:15 AM – 12:45 PM \S+/);
  });
});
