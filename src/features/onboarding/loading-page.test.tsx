import type { Id } from "@convex/_generated/dataModel";
import { DEFAULT_ONBOARDING_FIELDS, LOADING_MESSAGES, ONBOARDING_TEXTS } from "@convex/model/onboarding";
import { createRootRoute, createRoute, Outlet, type AnyRoute } from "@tanstack/react-router";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { signedIn } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { LoadingPage } from "./loading-page";
import { validateLoadingSearch } from "./search";

const BOOKING = "sessions:b1";
const RESPONSE = "onboardingResponses:r1" as Id<"onboardingResponses">;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

const forBooking = (overrides: Record<string, unknown> = {}) => ({
  booking: { _id: BOOKING, title: "Free intro session", startsAt: NOW + 2 * 86_400_000, durationMinutes: 20, status: "scheduled", coachName: "Chris Coach" },
  form: { formId: "onboarding", version: 1, fields: DEFAULT_ONBOARDING_FIELDS },
  response: null,
  ...overrides,
});

/** What the mocked Convex answers: the query's data, and each submit's outcome in turn. */
const state = {
  data: undefined as unknown,
  queryError: null as Error | null,
  calls: [] as Record<string, unknown>[],
  outcomes: [] as (() => Promise<unknown>)[],
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => {
    if (getFunctionName(query as never) !== "onboarding:forBooking") throw new Error("unexpected query");
    if (state.queryError) throw state.queryError;
    return state.data;
  },
  useMutation: () => (args: Record<string, unknown>) => {
    state.calls.push(args);
    const outcome = state.outcomes.shift();
    return outcome ? outcome() : Promise.resolve(RESPONSE);
  },
}));

const pending = () => new Promise<never>(() => {});
const failing = () => Promise.reject(new Error("Server Error"));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  state.data = forBooking();
  state.queryError = null;
  state.calls = [];
  state.outcomes = [];
});

afterEach(() => vi.useRealTimers());

/** /loading and its neighbours; /loading-complete can be made to hang, as a slow page load would. */
function renderLoading(url = `/loading?booking_id=${BOOKING}&email=nia%40example.com&name=Nia`, options: { slowComplete?: boolean } = {}) {
  const root = createRootRoute({ component: Outlet });
  const loading = createRoute({
    getParentRoute: () => root,
    path: "/loading",
    validateSearch: validateLoadingSearch,
    component: () => <LoadingPage search={loading.useSearch()} />,
  });
  const complete = createRoute({
    getParentRoute: () => root,
    path: "/loading-complete",
    ...(options.slowComplete ? { beforeLoad: () => new Promise<void>(() => {}) } : {}),
    component: () => <p>Loading complete page</p>,
  });
  const elsewhere = createRoute({ getParentRoute: () => root, path: "/contact", component: () => <p>Somewhere else</p> });
  const tree = root.addChildren([loading, complete, elsewhere]) as unknown as AnyRoute;
  return renderApp(url, { tree, viewer: signedIn({ role: "guest_temporary", userType: "guest_temporary", email: "nia@example.com" }) });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** A few turns of the (fake) event loop, for the router to finish a navigation. */
async function settle() {
  for (let turn = 0; turn < 10; turn++) await advance(0);
}

async function start(url?: string, options?: { slowComplete?: boolean }) {
  const view = renderLoading(url, options);
  // The router settles over a few turns of the (fake) event loop.
  for (let turn = 0; turn < 20 && !document.querySelector("h1"); turn++) await advance(0);
  return view;
}

/** Past the last message: the form is on the page. */
async function revealForm() {
  await advance(LOADING_MESSAGES.length * 6000);
  return screen.getByRole("form", { name: ONBOARDING_TEXTS.formTitle });
}

function tickInterest(label = "Focus and getting started") {
  fireEvent.click(screen.getByRole("checkbox", { name: label }));
}

const send = () => fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.submit }));

describe("/loading: Building Your Dashboard", () => {
  it("shows the booking from the link and raises progress by 0.5 every 300 ms to 100", async () => {
    await start();
    expect(screen.getByRole("heading", { level: 1, name: "Building Your Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Thanks, Nia. Your intro session is booked.")).toBeInTheDocument();
    // The booking shows as what it is, never as its database id.
    expect(screen.queryByText(new RegExp(BOOKING))).not.toBeInTheDocument();
    expect(screen.getByText("nia@example.com")).toBeInTheDocument();
    expect(screen.getByText(/Free intro session with Chris Coach/)).toBeInTheDocument();
    const bar = screen.getByRole("progressbar", { name: "Your dashboard" });
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    await advance(299);
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    await advance(1);
    expect(bar).toHaveAttribute("aria-valuenow", "0.5");
    await advance(2700);
    expect(bar).toHaveAttribute("aria-valuenow", "5");
    await advance(57_000);
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    await advance(3000);
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("Your dashboard is ready.")).toHaveAttribute("role", "status");
  });

  it("rotates the messages every 6 s in a polite live region and reveals the form after the last", async () => {
    await start();
    const status = screen.getByText(LOADING_MESSAGES[0]);
    expect(status).toHaveAttribute("aria-live", "polite");
    await advance(5999);
    expect(status).toHaveTextContent(LOADING_MESSAGES[0]);
    for (const message of LOADING_MESSAGES.slice(1)) {
      await advance(6000);
      expect(status).toHaveTextContent(message);
    }
    // 29.999 s: the last message is still up, and no form yet.
    expect(screen.queryByRole("form", { name: ONBOARDING_TEXTS.formTitle })).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole("form", { name: ONBOARDING_TEXTS.formTitle })).toBeInTheDocument();
    expect(status).toHaveTextContent(LOADING_MESSAGES.at(-1)!);
  });

  it("offers the form at 10 s while progress is under 80 %: Fill Form Now inline, with focus on it", async () => {
    await start();
    await advance(9999);
    expect(screen.queryByRole("button", { name: ONBOARDING_TEXTS.fillFormNow })).not.toBeInTheDocument();
    await advance(1);
    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.fillFormNow }));
    await settle();
    const form = screen.getByRole("form", { name: ONBOARDING_TEXTS.formTitle });
    expect(screen.getByRole("heading", { name: ONBOARDING_TEXTS.formTitle })).toHaveFocus();
    expect(screen.queryByRole("button", { name: ONBOARDING_TEXTS.fillFormNow })).not.toBeInTheDocument();
    // SPEC §5: the select starts empty, multiselect is checkboxes, required questions are flagged.
    expect(within(form).getByRole("combobox", { name: "How should your coach reach you between sessions?" })).toHaveDisplayValue(
      ONBOARDING_TEXTS.selectPlaceholder,
    );
    const group = within(form).getByRole("group", { name: /What would you most like help with/ });
    expect(group).toHaveAccessibleName(/^What would you most like help with\? ?\(required\)$/);
    expect(within(form).getAllByRole("checkbox")).toHaveLength(5);
  });

  it("or opens the same form in a window, and sends from there", async () => {
    await start();
    await advance(10_000);
    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.openInWindow }));
    await settle();
    const dialog = screen.getByRole("dialog", { name: ONBOARDING_TEXTS.formTitle });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Time and planning" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "What would you like your coach to call you?" }), { target: { value: "Nia" } });
    fireEvent.click(within(dialog).getByRole("button", { name: ONBOARDING_TEXTS.submit }));
    await settle();
    expect(state.calls).toEqual([
      {
        bookingId: BOOKING,
        action: "submit_onboarding",
        formId: "onboarding",
        version: 1,
        answers: [
          { name: "interests", value: ["time"] },
          { name: "main_goal", value: "" },
          { name: "obstacles", value: "" },
          { name: "contact_preference", value: "" },
          { name: "preferred_name", value: "Nia" },
        ],
      },
    ]);
    expect(screen.getByText("Loading complete page")).toBeInTheDocument();
  });

  it("sends the answers and goes on to /loading-complete with the booking and response ids", async () => {
    const { router } = await start();
    await revealForm();
    tickInterest();
    send();
    await settle();
    expect(router.state.location.pathname).toBe("/loading-complete");
    expect(router.state.location.search).toEqual({ booking_id: BOOKING, response_id: RESPONSE });
  });

  it("records complete_later without answers", async () => {
    await start();
    await revealForm();
    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.completeLater }));
    await settle();
    expect(state.calls).toEqual([{ bookingId: BOOKING, action: "complete_later", formId: "onboarding", version: 1, answers: [] }]);
    expect(screen.getByText("Loading complete page")).toBeInTheDocument();
  });

  it("names a missing required answer without sending, and shows the server's field errors", async () => {
    await start();
    await revealForm();
    send();
    await settle();
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("What would you most like help with?: Please answer this question.");
    expect(summary).toHaveFocus();
    expect(state.calls).toEqual([]);

    tickInterest();
    state.outcomes.push(() =>
      Promise.reject(
        new ConvexError({
          code: "INVALID_ONBOARDING",
          message: "Please check the highlighted fields.",
          fields: { version: "This form has changed. Please reload the page to see the current questions." },
        }),
      ),
    );
    send();
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("This form has changed. Please reload the page to see the current questions.");
    expect(screen.queryByRole("button", { name: ONBOARDING_TEXTS.tryAgain })).not.toBeInTheDocument();
  });

  it("says it is still working after 8 s of submitting", async () => {
    await start();
    await revealForm();
    tickInterest();
    state.outcomes.push(pending);
    send();
    await settle();
    expect(screen.getByRole("button", { name: ONBOARDING_TEXTS.submitting })).toBeDisabled();
    await advance(7999);
    expect(screen.queryByText(ONBOARDING_TEXTS.slowSubmit)).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText(ONBOARDING_TEXTS.slowSubmit)).toBeInTheDocument();
  });

  it("says it is almost there after 5 s on the way to /loading-complete", async () => {
    await start(undefined, { slowComplete: true });
    await revealForm();
    tickInterest();
    send();
    await settle();
    expect(screen.getByText(ONBOARDING_TEXTS.redirecting)).toBeInTheDocument();
    await advance(4999);
    expect(screen.queryByText(ONBOARDING_TEXTS.slowRedirect)).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText(ONBOARDING_TEXTS.slowRedirect)).toBeInTheDocument();
  });

  it("offers Try Again for up to 3 retries, then asks to refresh or contact support", async () => {
    await start();
    await revealForm();
    tickInterest();
    state.outcomes.push(failing, failing, failing, failing);
    send();
    await settle();
    expect(screen.getByText(ONBOARDING_TEXTS.submissionFailed)).toBeInTheDocument();
    for (let retry = 1; retry <= 3; retry++) {
      fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.tryAgain }));
      await settle();
    }
    expect(state.calls).toHaveLength(4);
    expect(screen.getByText(ONBOARDING_TEXTS.multipleFailures)).toBeInTheDocument();
    expect(screen.queryByText(ONBOARDING_TEXTS.submissionFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: ONBOARDING_TEXTS.tryAgain })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: ONBOARDING_TEXTS.submit })).toBeDisabled();
  });

  it("retries the same submission and goes on when it works", async () => {
    await start();
    await revealForm();
    tickInterest();
    state.outcomes.push(failing);
    send();
    await settle();
    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.tryAgain }));
    await settle();
    expect(state.calls).toHaveLength(2);
    expect(state.calls[1]).toEqual(state.calls[0]);
    expect(screen.getByText("Loading complete page")).toBeInTheDocument();
  });

  it("says the connection is lost when offline, and falls back to a plain form post for Complete later", async () => {
    const submitForm = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    await start();
    await revealForm();
    tickInterest();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    send();
    await settle();
    expect(screen.getByText(ONBOARDING_TEXTS.connectionLost)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: ONBOARDING_TEXTS.tryAgain })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.completeLater }));
    expect(submitForm).toHaveBeenCalledTimes(1);
    const posted = submitForm.mock.contexts[0] as HTMLFormElement;
    expect(posted.getAttribute("action")).toBe("/onboarding");
    expect(posted.method).toBe("post");
    expect(Object.fromEntries(new FormData(posted))).toEqual({ action: "complete_later", booking_id: BOOKING, email: "nia@example.com", name: "Nia" });
  });

  it("turns a connection lost mid-submit into Connection lost", async () => {
    await start();
    await revealForm();
    tickInterest();
    state.outcomes.push(pending);
    send();
    await settle();
    act(() => void window.dispatchEvent(new Event("offline")));
    await settle();
    expect(screen.getByText(ONBOARDING_TEXTS.connectionLost)).toBeInTheDocument();
  });

  it("asks before leaving while the answers are sending, and stays unless told to leave", async () => {
    const { router } = await start();
    await revealForm();
    tickInterest();
    state.outcomes.push(pending);
    send();
    await settle();
    void router.navigate({ to: "/contact" });
    await settle();
    const dialog = screen.getByRole("dialog", { name: ONBOARDING_TEXTS.leaveTitle });
    fireEvent.click(within(dialog).getByRole("button", { name: ONBOARDING_TEXTS.stay }));
    await settle();
    expect(router.state.location.pathname).toBe("/loading");

    void router.navigate({ to: "/contact" });
    await settle();
    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.leave }));
    await settle();
    expect(screen.getByText("Somewhere else")).toBeInTheDocument();
  });

  it("lets people leave freely when nothing is being sent", async () => {
    const { router } = await start();
    void router.navigate({ to: "/contact" });
    await settle();
    expect(screen.getByText("Somewhere else")).toBeInTheDocument();
  });

  it("explains calmly when the link has no booking, or the booking is not the visitor's", async () => {
    await start("/loading");
    expect(screen.getByRole("heading", { level: 1, name: ONBOARDING_TEXTS.missingBookingTitle })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your bookings" })).toHaveAttribute("href", "/dashboard/bookings");
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    cleanup();
    state.data = null;
    await start("/loading?booking_id=sessions:other");
    expect(screen.getByText(ONBOARDING_TEXTS.missingBookingBody)).toBeInTheDocument();
  });

  it("shows Something Went Wrong with Try Again when the page fails to render", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.queryError = new Error("boom");
    await start();
    expect(screen.getByRole("heading", { name: ONBOARDING_TEXTS.renderError })).toBeInTheDocument();
    state.queryError = null;
    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.tryAgain }));
    await settle();
    expect(screen.getByRole("heading", { level: 1, name: ONBOARDING_TEXTS.title })).toBeInTheDocument();
  });

  it("does not ask again when the answers were already sent", async () => {
    state.data = forBooking({ response: { _id: RESPONSE, action: "submit_onboarding", version: 1 } });
    await start();
    await advance(40_000);
    expect(screen.getByText("Your answers are saved.")).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute(
      "href",
      `/loading-complete?booking_id=${encodeURIComponent(BOOKING)}&response_id=${encodeURIComponent(RESPONSE)}`,
    );
  });
});
