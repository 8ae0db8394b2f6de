import { INACTIVITY_MESSAGES } from "@convex/model/inactivity";
import { screen } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { renderApp } from "@/test/render-app";

const state = { answer: (): Promise<unknown> => Promise.resolve(null), calls: [] as unknown[] };
vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  useMutation: (mutation: unknown) => (args: unknown) => {
    if (getFunctionName(mutation as never) === "inactivity:keepActive") state.calls.push(args);
    return state.answer();
  },
}));

beforeEach(() => {
  state.calls = [];
});

describe("keep-active page", () => {
  it("records activity on arrival and says the account stays active", async () => {
    state.answer = () => Promise.resolve({ ok: true, firstName: "Sam" });
    renderApp("/account/keep-active?token=abc");
    expect(await screen.findByRole("heading", { name: INACTIVITY_MESSAGES.keptTitle })).toBeInTheDocument();
    expect(screen.getByText(/^Sam, thanks for letting us know/)).toBeInTheDocument();
    expect(state.calls).toContainEqual({ token: "abc" });
  });

  it("sends a paused account to the reactivation page", async () => {
    state.answer = () => Promise.resolve({ ok: false, reason: "deactivated", message: INACTIVITY_MESSAGES.keepDeactivated });
    renderApp("/account/keep-active?token=abc");
    expect(await screen.findByText(INACTIVITY_MESSAGES.keepDeactivated)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reactivate my account" })).toHaveAttribute("href", "/account/reactivate");
  });

  it("sends an account an admin paused to a person", async () => {
    state.answer = () => Promise.resolve({ ok: false, reason: "held", message: INACTIVITY_MESSAGES.keepHeld });
    renderApp("/account/keep-active?token=abc");
    expect(await screen.findByText(INACTIVITY_MESSAGES.keepHeld)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    expect(screen.queryByRole("link", { name: "Reactivate my account" })).toBeNull();
  });
});
