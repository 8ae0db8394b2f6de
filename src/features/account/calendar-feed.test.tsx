import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { CalendarFeed } from "./calendar-feed";

const URL_1 = `https://api.lwcc.example/calendar/feed/${"a".repeat(43)}.ics`;
const URL_2 = `https://api.lwcc.example/calendar/feed/${"b".repeat(43)}.ics`;

const state = {
  feed: undefined as { url: string; createdAt: number } | null | undefined,
  calls: [] as string[],
  answer: (): Promise<unknown> => Promise.resolve({ url: URL_1 }),
};
vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "calendar:myFeed" ? state.feed : undefined),
  useMutation: (mutation: unknown) => () => {
    state.calls.push(getFunctionName(mutation as never));
    return state.answer();
  },
}));

beforeEach(() => {
  state.feed = undefined;
  state.calls = [];
  state.answer = () => Promise.resolve({ url: URL_1 });
});

describe("the calendar feed in Settings", () => {
  it("says it is loading, then offers to make a link when there is none", async () => {
    const { rerender } = render(<CalendarFeed />);
    expect(screen.getByRole("status", { name: "" })).toHaveTextContent("Loading your calendar link");
    state.feed = null;
    rerender(<CalendarFeed />);
    await userEvent.click(screen.getByRole("button", { name: "Make my calendar link" }));
    expect(state.calls).toEqual(["calendar:newFeedLink"]);
  });

  it("shows the link to copy, and makes a new one only after asking", async () => {
    state.feed = { url: URL_1, createdAt: 0 };
    const user = userEvent.setup();
    const { rerender } = render(<CalendarFeed />);
    expect(screen.getByRole("textbox", { name: "Your private calendar link" })).toHaveValue(URL_1);

    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(URL_1);
    expect(await screen.findByText("Copied!")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    expect(screen.getByText("Calendars that use the current link will stop updating. You can add the new link to them.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Keep this link" }));
    expect(state.calls).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    await user.click(screen.getByRole("button", { name: "Yes, make a new link" }));
    expect(state.calls).toEqual(["calendar:newFeedLink"]);
    state.feed = { url: URL_2, createdAt: 1 };
    rerender(<CalendarFeed />);
    expect(screen.getByRole("textbox", { name: "Your private calendar link" })).toHaveValue(URL_2);
    expect(screen.getByText("Your new link is ready. The old one no longer works.")).toBeInTheDocument();
  });

  it("says why a new link was refused and keeps the current one", async () => {
    state.feed = { url: URL_1, createdAt: 0 };
    state.answer = () => Promise.reject(new ConvexError({ code: "RATE_LIMITED", message: "You've made several new calendar links in a short time. Please try again in 5 minutes." }));
    const user = userEvent.setup();
    render(<CalendarFeed />);
    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    await user.click(screen.getByRole("button", { name: "Yes, make a new link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You've made several new calendar links in a short time. Please try again in 5 minutes.");
    expect(screen.getByRole("textbox", { name: "Your private calendar link" })).toHaveValue(URL_1);
  });
});
