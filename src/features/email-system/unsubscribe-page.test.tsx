import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderApp } from "@/test/render-app";
import { UNSUBSCRIBE_TEXTS } from "./texts";

const state = { answer: (): Promise<unknown> => Promise.resolve(null), calls: [] as unknown[] };
vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  useMutation: (mutation: unknown) => (args: unknown) => {
    if (getFunctionName(mutation as never) === "campaigns:unsubscribe") state.calls.push(args);
    return state.answer();
  },
}));

beforeEach(() => {
  state.calls = [];
});

async function confirm() {
  await userEvent.click(await screen.findByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm }));
}

describe("unsubscribe page", () => {
  it("waits for the click, then says the address is unsubscribed", async () => {
    state.answer = () => Promise.resolve({ email: "sam@example.com", alreadyUnsubscribed: false });
    renderApp("/unsubscribe?token=abc");
    expect(await screen.findByRole("heading", { level: 1, name: UNSUBSCRIBE_TEXTS.title })).toBeInTheDocument();
    expect(state.calls).toEqual([]);
    await confirm();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TEXTS.done })).toBeInTheDocument();
    expect(screen.getByText(/sam@example\.com/)).toBeInTheDocument();
    expect(state.calls).toEqual([{ token: "abc" }]);
    expect(screen.getByRole("link", { name: UNSUBSCRIBE_TEXTS.home })).toHaveAttribute("href", "/");
  });

  it("says when the address was already unsubscribed", async () => {
    state.answer = () => Promise.resolve({ email: "sam@example.com", alreadyUnsubscribed: true });
    renderApp("/unsubscribe?token=abc");
    await confirm();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TEXTS.already })).toBeInTheDocument();
  });

  it("shows the server's words for a bad link", async () => {
    state.answer = () => Promise.reject(new ConvexError({ code: "INVALID_TOKEN", message: "This unsubscribe link is not valid." }));
    renderApp("/unsubscribe?token=forged");
    await confirm();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TEXTS.failedTitle })).toBeInTheDocument();
    expect(screen.getByText("This unsubscribe link is not valid.")).toBeInTheDocument();
  });

  it("explains a link without a token, without asking the server", async () => {
    renderApp("/unsubscribe");
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.missingToken)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: UNSUBSCRIBE_TEXTS.confirm })).not.toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });

  it("is kept out of search engines", async () => {
    renderApp("/unsubscribe?token=abc");
    await screen.findByRole("heading", { level: 1, name: UNSUBSCRIBE_TEXTS.title });
    await vi.waitFor(() => expect(document.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex"));
  });
});
