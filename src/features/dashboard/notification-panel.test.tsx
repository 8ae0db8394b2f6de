import type { Id } from "@convex/_generated/dataModel";
import { NOTIFICATION_DISMISS_MS, NOTIFICATION_POSITIONS, NOTIFICATIONS_VISIBLE } from "@convex/model/notifications";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { NotificationPanel, type PanelNotification } from "./notification-panel";

const NOW = Date.UTC(2025, 6, 8, 12, 0);
let counter = 0;

function notification(overrides: Partial<PanelNotification> = {}): PanelNotification {
  counter += 1;
  return {
    _id: `notifications:${counter}` as Id<"notifications">,
    type: "booking_updated",
    priority: "medium",
    title: `Notification ${counter}`,
    message: "Your session moved to Thursday.",
    timestamp: NOW - 5 * 60_000,
    autoHideMs: 8000,
    actions: [],
    ...overrides,
  };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderPanel(notifications: PanelNotification[], overrides: Partial<Parameters<typeof NotificationPanel>[0]> = {}) {
  const onDismiss = vi.fn();
  const onOpen = vi.fn();
  const view = render(
    <NotificationPanel notifications={notifications} position="top-right" onDismiss={onDismiss} onOpen={onOpen} now={NOW} {...overrides} />,
  );
  return { onDismiss, onOpen, ...view };
}

describe("NotificationPanel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hides a medium notification after its autoHideMs plus the 300 ms exit, calling onDismiss once", () => {
    const item = notification({ autoHideMs: 8000 });
    const { onDismiss } = renderPanel([item]);
    advance(8000);
    expect(screen.getByRole("listitem")).toHaveAttribute("data-leaving", "true");
    advance(NOTIFICATION_DISMISS_MS - 1);
    expect(onDismiss).not.toHaveBeenCalled();
    advance(1);
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledWith(item._id);
    advance(60_000);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("counts down the seconds visibly", () => {
    renderPanel([notification({ priority: "low", autoHideMs: 5000 })]);
    expect(screen.getByText("Hides in 5 s")).toBeInTheDocument();
    advance(999);
    expect(screen.getByText("Hides in 5 s")).toBeInTheDocument();
    advance(1);
    expect(screen.getByText("Hides in 4 s")).toBeInTheDocument();
    advance(3000);
    expect(screen.getByText("Hides in 1 s")).toBeInTheDocument();
  });

  it("uses the standard delay of its priority when the row carries none", () => {
    const { onDismiss } = renderPanel([notification({ priority: "low", autoHideMs: undefined })]);
    expect(screen.getByText("Hides in 5 s")).toBeInTheDocument();
    advance(5000);
    advance(NOTIFICATION_DISMISS_MS);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("never hides urgent or high notifications by itself, even if a row carries a delay", () => {
    const urgent = notification({ priority: "urgent", type: "system_alert", title: "Payment failed", autoHideMs: 1000 });
    const high = notification({ priority: "high", autoHideMs: undefined });
    const { onDismiss } = renderPanel([urgent, high]);
    expect(screen.queryByText(/Hides in/)).not.toBeInTheDocument();
    advance(24 * 60 * 60 * 1000);
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("alert")).toHaveTextContent("Payment failed");
    expect(screen.getByText("Urgent")).toBeInTheDocument();
    expect(screen.getByText("High priority")).toBeInTheDocument();
  });

  it("shows at most five and links to the rest", () => {
    const items = Array.from({ length: 7 }, () => notification());
    renderPanel(items);
    const list = screen.getByRole("list", { name: "Notifications" });
    expect(list).toHaveAttribute("aria-live", "polite");
    expect(within(list).getAllByRole("listitem")).toHaveLength(NOTIFICATIONS_VISIBLE);
    expect(screen.getByText(items[4]!.title)).toBeInTheDocument();
    expect(screen.queryByText(items[5]!.title)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "+2 more notifications" })).toHaveAttribute("href", "/dashboard/notifications");
  });

  it.each([
    // The top positions start below the sticky header (h-16), so a notification never covers its search or account menu.
    ["top-right", ["top-20", "right-4"]],
    ["top-left", ["top-20", "left-4"]],
    ["bottom-right", ["bottom-4", "right-4"]],
    ["bottom-left", ["bottom-4", "left-4"]],
  ] as const)("pins itself %s", (position, classes) => {
    expect(NOTIFICATION_POSITIONS).toContain(position);
    const { container } = renderPanel([notification()], { position });
    const panel = container.querySelector(`[data-position="${position}"]`);
    expect(panel).toHaveClass("fixed", ...classes);
  });

  it("pauses every countdown while the pointer is over the panel", () => {
    const { onDismiss, container } = renderPanel([notification({ autoHideMs: 3000 })]);
    const panel = container.firstElementChild!;
    fireEvent.pointerEnter(panel, { pointerType: "mouse" });
    advance(60_000);
    expect(screen.getByText("Hides in 3 s")).toBeInTheDocument();
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerLeave(panel, { pointerType: "mouse" });
    advance(3000);
    advance(NOTIFICATION_DISMISS_MS);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("pauses while focused, and Escape dismisses the focused one and moves focus on", () => {
    const first = notification({ title: "Booking moved", autoHideMs: 3000 });
    const second = notification({ title: "Transcript ready", autoHideMs: 3000 });
    const { onDismiss } = renderPanel([first, second]);
    const dismissFirst = screen.getByRole("button", { name: "Dismiss: Booking moved" });
    act(() => dismissFirst.focus());
    advance(60_000);
    expect(onDismiss).not.toHaveBeenCalled();

    fireEvent.keyDown(dismissFirst, { key: "Escape" });
    expect(screen.getByRole("button", { name: "Dismiss: Transcript ready" })).toHaveFocus();
    advance(NOTIFICATION_DISMISS_MS);
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledWith(first._id);
  });

  it("dismisses with the button after the exit animation", () => {
    const item = notification({ priority: "urgent", title: "Session starting" });
    const { onDismiss } = renderPanel([item]);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss: Session starting" }));
    expect(onDismiss).not.toHaveBeenCalled();
    advance(NOTIFICATION_DISMISS_MS);
    expect(onDismiss).toHaveBeenCalledWith(item._id);
  });

  it("reads a notification stamped by a server clock seconds ahead as just now, not in the future", () => {
    renderPanel([notification({ timestamp: NOW + 20_000 })]);
    expect(screen.getByText("just now")).toBeInTheDocument();
    expect(screen.queryByText(/^in /)).not.toBeInTheDocument();
  });

  it("reports which action the member followed, and shows how long ago it arrived", () => {
    const item = notification({ type: "transcript_ready", actions: [{ label: "Read transcript", url: "/dashboard/transcripts/t1" }] });
    const { onOpen } = renderPanel([item]);
    expect(screen.getByText("5 minutes ago")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Read transcript" });
    expect(link).toHaveAttribute("href", "/dashboard/transcripts/t1");
    link.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(item, item.actions[0]);
  });
});
