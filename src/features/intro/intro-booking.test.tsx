import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";

/** Tomorrow at 10:00 on this machine's clock: inside the week the picker shows first. */
const SLOT = (() => {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  return day.setHours(10, 0, 0, 0);
})();
const state = {
  coaches: [{ _id: "users:cora", name: "Cora Reyes" }] as { _id: string; name: string }[] | undefined,
  booked: [] as Record<string, unknown>[],
  result: null as unknown,
  fail: null as Error | null,
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    const name = getFunctionName(query as never);
    if (name === "intro:coaches") return state.coaches;
    if (name === "intro:slots") return args === "skip" ? undefined : [SLOT];
    if (name === "availability:slots") return undefined;
    throw new Error(`unexpected query ${name}`);
  },
  useAction: () => (args: Record<string, unknown>) => {
    state.booked.push(args);
    return state.fail ? Promise.reject(state.fail) : Promise.resolve(state.result);
  },
}));

const NEW = {
  kind: "new",
  bookingId: "sessions:intro1",
  userId: "users:guest1",
  password: "k7mp-x3qf-9hzt-w2rn",
  ticket: "ticket_abc",
  dashboardUrl: "/dashboard",
};

beforeEach(() => {
  state.coaches = [{ _id: "users:cora", name: "Cora Reyes" }];
  state.booked = [];
  state.result = NEW;
  state.fail = null;
});

afterEach(() => {
  vi.useRealTimers();
});

async function pickTime(user = userEvent.setup()) {
  await user.click((await screen.findAllByRole("button", { name: "Choose a time" }))[0]!);
  await user.click(await screen.findByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ }));
  return user;
}

async function fillAndBook(user: ReturnType<typeof userEvent.setup>, name = "Maya Ortiz", email = "maya@example.com") {
  if (name) await user.type(screen.getByLabelText(/^Name/), name);
  if (email) await user.type(screen.getByLabelText(/^Email address/), email);
  await user.click(screen.getByRole("button", { name: "Book my free intro" }));
}

describe("free intro booking", () => {
  it("books a time, signs the new guest in with the ticket and shows the welcome with booking id, user id and password", async () => {
    const auth = testAuthSession("signed-out");
    renderApp("/free-intro-session", { auth: auth.session });
    const user = await pickTime();
    expect(screen.getByText(/20 minutes with Cora Reyes/)).toBeInTheDocument();
    await fillAndBook(user);

    expect(state.booked).toEqual([
      {
        name: "Maya Ortiz",
        email: "maya@example.com",
        coachId: "users:cora",
        startsAt: SLOT,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
    expect(await screen.findByRole("heading", { name: "Your intro session is booked" })).toBeInTheDocument();
    expect(auth.signInWithTicket).toHaveBeenCalledWith("ticket_abc");
    expect(screen.getByText("sessions:intro1")).toBeInTheDocument();
    expect(screen.getByText("users:guest1")).toBeInTheDocument();
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
    renderApp("/free-intro-session");
    const user = await pickTime(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await fillAndBook(user);
    expect(await screen.findByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(screen.getByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByText("k7mp-x3qf-9hzt-w2rn")).not.toBeInTheDocument();
    expect(screen.getByText("Password is no longer visible. Please use the copy you saved.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Copy" })).not.toBeInTheDocument();
  });

  it("copies the password and says 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp("/free-intro-session");
    const user = await pickTime(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await fillAndBook(user);
    await user.click(await screen.findByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe("k7mp-x3qf-9hzt-w2rn");
    expect(screen.getByText("Copied!")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(screen.queryByText("Copied!")).not.toBeInTheDocument();
  });

  it("still shows the password when the automatic sign-in fails, and says to sign in with it", async () => {
    const auth = testAuthSession("signed-out");
    auth.signInWithTicket.mockRejectedValueOnce(new Error("ticket refused"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderApp("/free-intro-session", { auth: auth.session });
    await fillAndBook(await pickTime());
    expect(await screen.findByText(/Sign in with your email and the password below/)).toBeInTheDocument();
    expect(screen.getByText("k7mp-x3qf-9hzt-w2rn")).toBeInTheDocument();
  });

  it("asks someone whose e-mail has an account to sign in, without a password or ids", async () => {
    state.result = { kind: "existing", bookingId: "sessions:intro2" };
    const auth = testAuthSession("signed-out");
    renderApp("/free-intro-session", { auth: auth.session });
    await fillAndBook(await pickTime());
    const status = await screen.findByText(/This email already has an account with us/);
    expect(auth.signInWithTicket).not.toHaveBeenCalled();
    expect(within(status.parentElement!).getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/login?redirect=%2Fdashboard%2Fbookings",
    );
    expect(screen.queryByText("sessions:intro2")).not.toBeInTheDocument();
  });

  it("checks the fields before sending, and shows the server's refusal when the time was taken", async () => {
    renderApp("/free-intro-session");
    const user = await pickTime();
    await fillAndBook(user, "", "maya@");
    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the highlighted fields.");
    expect(screen.getAllByText("Enter your name.").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Enter a valid email address.").length).toBeGreaterThan(0);
    expect(state.booked).toEqual([]);

    state.fail = new ConvexError({ code: "SLOT_UNAVAILABLE", message: "That time is no longer free. Please pick another time." });
    await user.type(screen.getByLabelText(/^Name/), "Maya");
    await user.type(screen.getByLabelText(/^Email address/), "example.com");
    await user.click(screen.getByRole("button", { name: "Book my free intro" }));
    expect(await screen.findByText("That time is no longer free. Please pick another time.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Book my free intro" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Change time" }));
    expect(await screen.findByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ })).toBeInTheDocument();
  });

  it("says so calmly when no coach has open times", async () => {
    state.coaches = [];
    renderApp("/free-intro-session");
    await userEvent.click((await screen.findAllByRole("button", { name: "Choose a time" }))[0]!);
    expect(await screen.findByText(/No coach has open times right now/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Send us a message" })).toHaveAttribute("href", "/contact?subject=consultation");
  });
});
