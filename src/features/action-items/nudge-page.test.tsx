import { NUDGE_TEXTS } from "@convex/model/nudgeRules";
import { screen } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { renderApp } from "@/test/render-app";

const state = { answer: (): Promise<unknown> => Promise.resolve(null), calls: [] as unknown[] };
vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  useMutation: (mutation: unknown) => (args: unknown) => {
    if (getFunctionName(mutation as never) === "nudges:answer") state.calls.push(args);
    return state.answer();
  },
}));

beforeEach(() => {
  state.calls = [];
});

describe("the nudge page", () => {
  it("answers the link once on arrival and says what happened, calmly", async () => {
    state.answer = () => Promise.resolve({ ok: true, answer: "done", title: "Send the invoice", message: NUDGE_TEXTS.answered.done });
    renderApp("/nudge?token=link-1");
    expect(await screen.findByRole("heading", { level: 2, name: "Send the invoice" })).toBeInTheDocument();
    expect(screen.getByText(NUDGE_TEXTS.answered.done)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Your nudge" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See my action items" })).toHaveAttribute("href", "/dashboard/action-items");
    // Strict Mode mounts the page twice; the link is still answered once.
    expect(state.calls).toEqual([{ token: "link-1" }]);
  });

  it("says a link already used was answered, without alarm", async () => {
    state.answer = () => Promise.resolve({ ok: false, reason: "answered", message: NUDGE_TEXTS.alreadyAnswered });
    renderApp("/nudge?token=link-2");
    expect(await screen.findByText(NUDGE_TEXTS.alreadyAnswered)).toBeInTheDocument();
  });

  it("asks to try again when LWCC cannot be reached", async () => {
    state.answer = () => Promise.reject(new Error("offline"));
    renderApp("/nudge?token=link-3");
    expect(await screen.findByText("We couldn't reach LWCC just now. Please try the link again in a moment.")).toBeInTheDocument();
  });

  it("explains a link without its code", async () => {
    renderApp("/nudge");
    expect(await screen.findByText(/This link is missing its code/)).toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });
});
