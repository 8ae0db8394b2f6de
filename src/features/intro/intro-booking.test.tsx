import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INTRO_EMAIL_SUBJECT } from "@convex/model/intro";
import { signedIn, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { INTRO_TEXTS } from "./intro-texts";

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
  useMutation: (mutation: unknown) => (args: Record<string, unknown>) => {
    if (getFunctionName(mutation as never) !== "intro:book") throw new Error("unexpected mutation");
    state.booked.push(args);
    return state.fail ? Promise.reject(state.fail) : Promise.resolve(state.result);
  },
}));

beforeEach(() => {
  state.coaches = [{ _id: "users:cora", name: "Cora Reyes" }];
  state.booked = [];
  state.result = { kind: "check_email" };
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

async function fillAndBook(user: ReturnType<typeof userEvent.setup>, name = "Maya Ortiz", email = "Maya@Example.com") {
  if (name) await user.type(screen.getByLabelText(/^Name/), name);
  if (email) await user.type(screen.getByLabelText(/^Email address/), email);
  await user.click(screen.getByRole("button", { name: "Book my free intro" }));
}

describe("free intro booking", () => {
  it("asks for the time and says to check the e-mail: what it is called, by when, and what happens next", async () => {
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
    const panel = (await screen.findByRole("heading", { name: INTRO_TEXTS.checkEmailTitle })).closest("section")!;
    expect(within(panel).getByRole("status")).toHaveTextContent(`We sent a message to maya@example.com with the subject “${INTRO_EMAIL_SUBJECT}”.`);
    expect(panel).toHaveTextContent(/Open the link in it by .* to finish booking your 20-minute intro with Cora Reyes/);
    expect(within(panel).getAllByRole("listitem").map((item) => item.textContent)).toEqual([...INTRO_TEXTS.nextSteps]);
    expect(auth.signInWithTicket).not.toHaveBeenCalled();
    expect(screen.queryByText(/password/i)).not.toBeInTheDocument();

    // Another address, or another time: back to the picker.
    await user.click(within(panel).getByRole("button", { name: INTRO_TEXTS.bookAgain }));
    expect(await screen.findByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ })).toBeInTheDocument();
  });

  it("books a signed-in member's own address at once and continues to the questions for the coach", async () => {
    state.result = { kind: "booked", bookingId: "sessions:intro2" };
    renderApp("/free-intro-session", { viewer: signedIn({ email: "maya@example.com", firstName: "Maya", lastName: "Ortiz" }) });
    await userEvent.click((await screen.findAllByRole("button", { name: "Choose a time" }))[0]!);
    await userEvent.click(await screen.findByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ }));
    expect(screen.getByLabelText(/^Email address/)).toHaveValue("maya@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Book my free intro" }));
    expect(await screen.findByRole("heading", { name: INTRO_TEXTS.bookedTitle })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute(
      "href",
      "/loading?booking_id=sessions%3Aintro2&email=maya%40example.com&name=Maya+Ortiz",
    );
    expect(screen.getByRole("link", { name: "See your bookings" })).toHaveAttribute("href", "/dashboard/bookings");
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
