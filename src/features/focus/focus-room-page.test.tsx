import type { Id } from "@convex/_generated/dataModel";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { FocusRoomPage } from "./focus-room-page";
import { clockText } from "./use-focus-presence";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
const ROOM_ID = "focusRooms:r1" as Id<"focusRooms">;

function roomData(overrides: { ended?: boolean; me?: unknown; startsAt?: number } = {}) {
  const startsAt = overrides.startsAt ?? NOW - 5 * MINUTE;
  return {
    room: { _id: ROOM_ID, minutes: 25, startsAt, endsAt: startsAt + 25 * MINUTE, ended: overrides.ended ?? false, hostName: "Cora C.", hostIsStaff: true },
    participants: [
      { userId: "users:cora", name: "Cora C.", goal: "Write the outline", online: true, isHost: true, isYou: false },
      { userId: "users:maya", name: "Maya O.", goal: "Send three invoices", online: false, isHost: false, isYou: true },
    ],
    former: [],
    seatsLeft: 4,
    me: overrides.me === undefined ? { active: true, goal: "Send three invoices" } : overrides.me,
    canRemove: false,
  };
}

const state = {
  room: undefined as unknown,
  fail: null as Error | null,
  calls: [] as { name: string; args: unknown }[],
  results: {} as Record<string, unknown>,
};

vi.mock("convex/react", () => ({
  useConvex: () => ({ url: "http://backend.test" }),
  useQuery: (query: unknown) => {
    if (state.fail) throw state.fail;
    return getFunctionName(query as never) === "focus:room" ? state.room : undefined;
  },
  useMutation: (mutation: unknown) => (args: unknown) => {
    const name = getFunctionName(mutation as never);
    state.calls.push({ name, args });
    return Promise.resolve(state.results[name] ?? null);
  },
}));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
  state.room = roomData();
  state.fail = null;
  state.calls = [];
  // The server's clock runs 30 s ahead of this browser's: the countdown follows the server.
  state.results = { "focus:heartbeat": { sessionToken: "token-1", serverNow: NOW + 30 * SECOND }, "focus:checkInOutcome": { days: 3, thisWeek: 2 } };
});

afterEach(() => vi.useRealTimers());

async function renderRoom() {
  renderPage(<FocusRoomPage roomId={ROOM_ID} />, { path: "/focus/r1", viewer: signedIn({ timezone: "Europe/Berlin" }) });
  await screen.findByRole("heading", { level: 1, name: "Focus room" });
}

describe("a focus room's page", () => {
  it("rounds the countdown up to whole seconds", () => {
    expect(clockText(20 * MINUTE + 1)).toBe("20:01");
    expect(clockText(59 * SECOND)).toBe("0:59");
    expect(clockText(-5)).toBe("0:00");
  });

  it("says the member is there with a heartbeat, counts down on the server's clock, and shows who is here with their goals", async () => {
    await renderRoom();
    expect(state.calls.find((call) => call.name === "focus:heartbeat")?.args).toEqual({ roomId: ROOM_ID, pageId: expect.any(String) as string });
    await act(async () => {
      vi.advanceTimersByTime(250);
      await Promise.resolve();
    });
    expect(screen.getByRole("timer")).toHaveTextContent("19:30");
    const people = within(screen.getByRole("region", { name: /^In this room/ })).getAllByRole("listitem");
    expect(people.map((person) => person.textContent)).toEqual([
      expect.stringContaining("Cora C.HostHereWrite the outline"),
      expect.stringContaining("Maya O.(you)AwaySend three invoices"),
    ]);
    expect(screen.getByText(/hosted by Cora C\. \(LWCC coach\)/)).toBeInTheDocument();
  });

  it("asks how it went once the room has ended, in one click, and counts the focus day", async () => {
    state.room = roomData({ ended: true });
    await renderRoom();
    expect(screen.getByText("This room has ended.")).toBeInTheDocument();
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(state.calls.filter((call) => call.name === "focus:heartbeat")).toEqual([]);
    const checkIn = screen.getByRole("region", { name: "How did it go?" });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(checkIn).getByRole("button", { name: "Done" }));
    expect(state.calls).toContainEqual({ name: "focus:checkInOutcome", args: { roomId: ROOM_ID, outcome: "done" } });
    expect(await within(checkIn).findByRole("status")).toHaveTextContent("Well done. That's one thing moved. You've focused on 3 days.");
    expect(within(checkIn).getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true");
  });

  it("offers to join a room the member is not in, and shows a missing room calmly", async () => {
    state.room = roomData({ me: null });
    await renderRoom();
    expect(screen.getByRole("heading", { name: "Join this room" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /More for/ })).not.toBeInTheDocument();
    expect(state.calls.filter((call) => call.name === "focus:heartbeat")).toEqual([]);

    state.fail = new ConvexError({ code: "FOCUS_ROOM_UNAVAILABLE", message: "This room isn't available to you. Please choose another room or start your own." });
    renderPage(<FocusRoomPage roomId={"focusRooms:r2" as Id<"focusRooms">} />, { path: "/focus/r2", viewer: signedIn() });
    expect(await screen.findByText("This room isn't available to you. Please choose another room or start your own.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See the focus rooms" })).toHaveAttribute("href", "/focus");
  });
});
