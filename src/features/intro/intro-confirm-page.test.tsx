import { INTRO_MESSAGES } from "@convex/model/messages";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signedIn, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { INTRO_TEXTS } from "./intro-texts";

const TOKEN = "t".repeat(43);
const STARTS = Date.UTC(2030, 2, 3, 10);
const pending = (account: "none" | "active" | "paused", viewerIsOwner = false) => ({
  state: "pending",
  email: "maya@example.com",
  startsAt: STARTS,
  durationMinutes: 20,
  coachName: "Cora Reyes",
  expiresAt: STARTS - 60 * 60 * 1000,
  account,
  viewerIsOwner,
});
const NEW = {
  bookingId: "sessions:intro1",
  userId: "users:guest1",
  password: "k7mp-x3qf-9hzt-w2rn",
  ticket: "ticket_abc",
  dashboardUrl: "/dashboard",
  email: "maya@example.com",
  name: "Maya Ortiz",
};

const state = {
  link: undefined as unknown,
  calls: [] as { name: string; args: unknown }[],
  answer: (_name: string): Promise<unknown> => Promise.resolve(NEW),
};

vi.mock("convex/react", () => {
  const call = (fn: unknown) => (args: unknown) => {
    const name = getFunctionName(fn as never);
    state.calls.push({ name, args });
    return state.answer(name);
  };
  return {
    useQuery: (query: unknown, args: unknown) => {
      if (getFunctionName(query as never) !== "intro:link" || args === "skip") return undefined;
      return state.link;
    },
    useAction: call,
    useMutation: call,
  };
});

beforeEach(() => {
  state.link = pending("none");
  state.calls = [];
  state.answer = (name) => Promise.resolve(name === "intro:confirm" ? NEW : { bookingId: "sessions:intro2" });
});

afterEach(() => {
  vi.useRealTimers();
});

const open = (options: Parameters<typeof renderApp>[1] = {}) => renderApp(`/booking/confirm?token=${TOKEN}`, options);

describe("the e-mailed intro link", () => {
  it("does nothing on arrival; for a new address one press makes the account, signs in and shows the welcome", async () => {
    const auth = testAuthSession("signed-out");
    open({ auth: auth.session });
    expect(await screen.findByRole("heading", { name: INTRO_TEXTS.confirmTitle })).toBeInTheDocument();
    expect(screen.getByText(/20 minutes with Cora Reyes/)).toBeInTheDocument();
    expect(state.calls).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: INTRO_TEXTS.confirm }));
    expect(await screen.findByRole("heading", { name: "Your intro session is booked" })).toBeInTheDocument();
    expect(state.calls).toEqual([{ name: "intro:confirm", args: { token: TOKEN } }]);
    expect(auth.signInWithTicket).toHaveBeenCalledWith("ticket_abc");
    // People see their session, never database ids.
    expect(screen.queryByText(/sessions:intro1/)).not.toBeInTheDocument();
    expect(screen.queryByText(/users:guest1/)).not.toBeInTheDocument();
    expect(screen.getByText(/^20 minutes with Cora Reyes, /)).toBeInTheDocument();
    expect(screen.getByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
    expect(screen.getByText(/You're signed in already/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute(
      "href",
      "/loading?booking_id=sessions%3Aintro1&email=maya%40example.com&name=Maya+Ortiz",
    );
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("hides the password for good after 60 seconds, with the SPEC note", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole("button", { name: INTRO_TEXTS.confirm }));
    expect(await screen.findByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(screen.getByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByText("k7mp-x3qf-9hzt-w2rn")).not.toBeInTheDocument();
    expect(screen.getByText(INTRO_MESSAGES.PASSWORD_HIDDEN)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Copy" })).not.toBeInTheDocument();
  });

  it("copies the password and says 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole("button", { name: INTRO_TEXTS.confirm }));
    await user.click(await screen.findByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe("k7mp-x3qf-9hzt-w2rn");
    expect(screen.getByText(INTRO_MESSAGES.COPIED)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(screen.queryByText(INTRO_MESSAGES.COPIED)).not.toBeInTheDocument();
  });

  it("still shows the password when the automatic sign-in fails, and says to sign in with it", async () => {
    const auth = testAuthSession("signed-out");
    auth.signInWithTicket.mockRejectedValueOnce(new Error("ticket refused"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    open({ auth: auth.session });
    await userEvent.click(await screen.findByRole("button", { name: INTRO_TEXTS.confirm }));
    expect(await screen.findByText(/Sign in with your email and the password below/)).toBeInTheDocument();
    expect(screen.getByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
  });

  it("asks the owner of an address with an account to sign in and come back, then books on their account", async () => {
    state.link = pending("active");
    const { unmount } = open();
    expect(await screen.findByText(INTRO_TEXTS.signInToConfirm)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(`/booking/confirm?token=${TOKEN}`)}`);
    expect(screen.queryByRole("button", { name: INTRO_TEXTS.confirm })).not.toBeInTheDocument();
    unmount();

    state.link = pending("active", true);
    open({ viewer: signedIn({ email: "maya@example.com", firstName: "Maya", lastName: "Ortiz" }) });
    await userEvent.click(await screen.findByRole("button", { name: INTRO_TEXTS.confirm }));
    expect(await screen.findByRole("heading", { name: INTRO_TEXTS.bookedTitle })).toBeInTheDocument();
    expect(state.calls).toEqual([{ name: "intro:confirmExisting", args: { token: TOKEN } }]);
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute(
      "href",
      "/loading?booking_id=sessions%3Aintro2&email=maya%40example.com&name=Maya+Ortiz",
    );
  });

  it("tells someone signed in with another account to switch, and a paused account how to come back", async () => {
    state.link = pending("active");
    const { unmount } = open({ viewer: signedIn({ email: "someone@example.com" }) });
    expect(await screen.findByText(INTRO_MESSAGES.INTRO_LINK_OTHER_ACCOUNT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: INTRO_TEXTS.confirm })).not.toBeInTheDocument();
    unmount();
    state.link = pending("paused");
    open();
    expect(await screen.findByText(INTRO_MESSAGES.INTRO_ACCOUNT_DEACTIVATED)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reactivate my account" })).toHaveAttribute("href", "/account/reactivate");
  });

  it("says what became of a used, expired or replaced link, with the way on", async () => {
    state.link = { state: "confirmed", message: INTRO_MESSAGES.INTRO_LINK_USED };
    const first = open();
    expect(await screen.findByText(INTRO_MESSAGES.INTRO_LINK_USED)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toBeInTheDocument();
    first.unmount();
    state.link = { state: "expired", message: INTRO_MESSAGES.INTRO_LINK_EXPIRED };
    open();
    expect(await screen.findByText(INTRO_MESSAGES.INTRO_LINK_EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a free intro" })).toHaveAttribute("href", "/free-intro-session");
  });

  it("shows a refusal beside the button and lets the visitor try again", async () => {
    state.answer = () => Promise.reject(new ConvexError({ code: "SLOT_UNAVAILABLE", message: "That time is no longer free. Please pick another time." }));
    open();
    await userEvent.click(await screen.findByRole("button", { name: INTRO_TEXTS.confirm }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That time is no longer free.");
    expect(screen.getByRole("button", { name: INTRO_TEXTS.confirm })).toBeEnabled();
  });
});
