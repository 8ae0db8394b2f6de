import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderApp } from "@/test/render-app";
import { NEWSLETTER_CONFIRM_TEXTS } from "./newsletter-confirm-page";

const state = { answer: (): Promise<unknown> => Promise.resolve(null), calls: [] as unknown[] };
vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  useMutation: (mutation: unknown) => (args: unknown) => {
    if (getFunctionName(mutation as never) === "newsletter:confirm") state.calls.push(args);
    return state.answer();
  },
}));

beforeEach(() => {
  state.calls = [];
});

const confirm = async () => userEvent.click(await screen.findByRole("button", { name: NEWSLETTER_CONFIRM_TEXTS.confirm }));

describe("newsletter confirmation page", () => {
  it("waits for the click, then says the address is subscribed", async () => {
    state.answer = () => Promise.resolve({ email: "sam@example.com" });
    renderApp("/newsletter/confirm?token=abc");
    expect(await screen.findByRole("heading", { level: 1, name: NEWSLETTER_CONFIRM_TEXTS.title })).toBeInTheDocument();
    expect(state.calls).toEqual([]);
    await confirm();
    expect(await screen.findByRole("heading", { name: NEWSLETTER_CONFIRM_TEXTS.done })).toBeInTheDocument();
    expect(screen.getByText(/sam@example\.com will get our next newsletter/)).toBeInTheDocument();
    expect(state.calls).toEqual([{ token: "abc" }]);
    expect(screen.getByRole("link", { name: NEWSLETTER_CONFIRM_TEXTS.home })).toHaveAttribute("href", "/");
  });

  it("shows the server's words for a used or expired link, and the way to sign up again", async () => {
    state.answer = () => Promise.reject(new ConvexError({ code: "NEWSLETTER_LINK_INVALID", message: "This confirmation link has expired or was already used." }));
    renderApp("/newsletter/confirm?token=old");
    await confirm();
    expect(await screen.findByRole("heading", { name: NEWSLETTER_CONFIRM_TEXTS.failedTitle })).toBeInTheDocument();
    expect(screen.getByText("This confirmation link has expired or was already used.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: NEWSLETTER_CONFIRM_TEXTS.signUpAgain })).toHaveAttribute("href", "/#newsletter");
  });

  it("says a lost connection in plain words", async () => {
    state.answer = () => Promise.reject(new Error("socket closed"));
    renderApp("/newsletter/confirm?token=abc");
    await confirm();
    expect(await screen.findByText(NEWSLETTER_CONFIRM_TEXTS.unreachable)).toBeInTheDocument();
  });

  it("explains a link without a token, without asking the server", async () => {
    renderApp("/newsletter/confirm");
    expect(await screen.findByText(NEWSLETTER_CONFIRM_TEXTS.missingToken)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: NEWSLETTER_CONFIRM_TEXTS.confirm })).not.toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });
});
