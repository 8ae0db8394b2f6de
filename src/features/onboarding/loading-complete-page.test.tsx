import type { Id } from "@convex/_generated/dataModel";
import { ONBOARDING_TEXTS } from "@convex/model/onboarding";
import { createRootRoute, createRoute, Outlet, type AnyRoute } from "@tanstack/react-router";
import { act, fireEvent, screen } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { signedIn } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { LoadingCompletePage } from "./loading-complete-page";
import { validateLoadingCompleteSearch } from "./search";

// Wed, Nov 25, 2026, 12:00 UTC; the intro is two days later at 14:00 UTC (15:00 in Berlin).
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const BOOKING = "sessions:b1";
const RESPONSE = "onboardingResponses:r1" as Id<"onboardingResponses">;

const state = { data: undefined as unknown, args: [] as unknown[] };

vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    if (getFunctionName(query as never) !== "onboarding:completion") throw new Error("unexpected query");
    state.args.push(args);
    return state.data;
  },
}));

const completion = (response: unknown = { _id: RESPONSE, action: "submit_onboarding", version: 1 }) => ({
  booking: { _id: BOOKING, title: "Free intro session", startsAt: Date.UTC(2026, 10, 27, 14, 0, 0), durationMinutes: 20, status: "scheduled", coachName: "Chris Coach" },
  response,
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  state.data = completion();
  state.args = [];
});

afterEach(() => vi.useRealTimers());

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function start(url = `/loading-complete?booking_id=${BOOKING}&response_id=${RESPONSE}`) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: "/loading-complete",
    validateSearch: validateLoadingCompleteSearch,
    component: () => <LoadingCompletePage search={page.useSearch()} />,
  });
  const dashboard = createRoute({ getParentRoute: () => root, path: "/dashboard", component: () => <p>The dashboard</p> });
  const view = renderApp(url, {
    tree: root.addChildren([page, dashboard]) as unknown as AnyRoute,
    viewer: signedIn({ role: "guest_temporary", userType: "guest_temporary", timezone: "Europe/Berlin" }),
  });
  for (let turn = 0; turn < 20 && !document.querySelector("h1"); turn++) await advance(0);
  return view;
}

describe("/loading-complete", () => {
  it("confirms the answers and summarises the booked intro session", async () => {
    await start();
    expect(state.args[0]).toEqual({ bookingId: BOOKING, responseId: RESPONSE });
    expect(screen.getByRole("heading", { level: 1, name: ONBOARDING_TEXTS.completeTitle })).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_TEXTS.completeAnswered)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Free intro session" })).toBeInTheDocument();
    expect(screen.getByText(/Fri, Nov 27, 3:00 PM/)).toBeInTheDocument();
    expect(screen.getByText("Chris Coach")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: ONBOARDING_TEXTS.continueNow })).toHaveAttribute("href", "/dashboard");
  });

  it("says the questions can wait when they were deferred", async () => {
    state.data = completion({ _id: RESPONSE, action: "complete_later", version: 1 });
    await start();
    expect(screen.getByText(ONBOARDING_TEXTS.completeDeferred)).toBeInTheDocument();
  });

  it("moves on to the dashboard after 8 s, counting down the seconds", async () => {
    const { router } = await start();
    expect(screen.getByText("Taking you to your dashboard in 8 seconds.")).toBeInTheDocument();
    await advance(7000);
    expect(screen.getByText("Taking you to your dashboard in 1 second.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/loading-complete");
    await advance(1000);
    for (let turn = 0; turn < 10; turn++) await advance(0);
    expect(screen.getByText("The dashboard")).toBeInTheDocument();
  });

  it("stays when asked to", async () => {
    const { router } = await start();
    fireEvent.click(screen.getByRole("button", { name: ONBOARDING_TEXTS.stayHere }));
    await advance(20_000);
    expect(router.state.location.pathname).toBe("/loading-complete");
    expect(screen.queryByText(/Taking you to your dashboard in/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: ONBOARDING_TEXTS.continueNow })).toBeInTheDocument();
  });

  it("confirms the booking alone when the response id does not match", async () => {
    state.data = completion(null);
    await start();
    expect(screen.getByText(ONBOARDING_TEXTS.completeBooked)).toBeInTheDocument();
  });

  it("explains when the booking is missing or not the visitor's", async () => {
    state.data = null;
    await start();
    expect(screen.getByRole("heading", { level: 1, name: ONBOARDING_TEXTS.missingBookingTitle })).toBeInTheDocument();
    expect(screen.queryByText(/Taking you to your dashboard/)).not.toBeInTheDocument();
  });
});
