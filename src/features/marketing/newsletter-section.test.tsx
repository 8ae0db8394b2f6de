import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { renderPage } from "@/features/catalog/render-page";
import { retryTimer } from "@/lib/retry";
import { server } from "../../../tests/mocks/server";
import { NEWSLETTER_TEXT } from "./newsletter";
import { NewsletterSection } from "./newsletter-section";

async function renderNewsletter(url = "/") {
  const view = renderPage(<NewsletterSection />, { url });
  await screen.findByRole("heading", { level: 2, name: "Calm ideas in your inbox" });
  return view;
}

async function fillIn(name = "Sam", email = "sam@example.com") {
  if (name) await userEvent.type(screen.getByLabelText(/^Name/), name);
  if (email) await userEvent.type(screen.getByLabelText(/^Email address/), email);
}

const THANKS = NEWSLETTER_TEXT.thanks;

describe("newsletter sign-up", () => {
  // Retries after an outage happen at once here.
  beforeEach(() => vi.spyOn(retryTimer, "sleep").mockResolvedValue());

  it("is a real form that works without JavaScript", async () => {
    const { container } = await renderNewsletter();
    expect(container.querySelector("#newsletter")).toBeInTheDocument();
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/newsletter/subscribe");
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute("name", "name");
    expect(screen.getByLabelText(/^Email address/)).toHaveAttribute("name", "email");
    expect(screen.getByLabelText(/^Name/)).toBeRequired();
    expect(screen.getByLabelText(/^Email address/)).toBeRequired();
  });

  it("posts the form data, shows 'Subscribing...' and then the thanks", async () => {
    let sent: Record<string, string> | undefined;
    server.use(
      http.post("*/api/newsletter", async ({ request }) => {
        sent = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
        await delay(50);
        return HttpResponse.json({ status: "check_inbox" });
      }),
    );
    await renderNewsletter();
    await fillIn();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    expect(screen.getByText(THANKS).closest('[aria-live="polite"]')).toBeInTheDocument();
    expect(sent).toEqual({ name: "Sam", email: "sam@example.com" });
  });

  it("checks name and email before sending", async () => {
    const endpoint = vi.fn(() => HttpResponse.json({ status: "check_inbox" }));
    server.use(http.post("*/api/newsletter", endpoint));
    await renderNewsletter();
    await fillIn("", "sam@");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the highlighted fields.");
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription("Enter your name.");
    expect(screen.getByLabelText(/^Email address/)).toHaveAccessibleDescription("Enter a valid email address.");
    expect(screen.getByLabelText(/^Email address/)).toHaveValue("sam@");
    expect(endpoint).not.toHaveBeenCalled();
  });

  it("shows the field errors of a 400 answer beside the fields", async () => {
    server.use(
      http.post("*/api/newsletter", () =>
        HttpResponse.json(
          { code: "INVALID_INPUT", message: "Please check the highlighted fields.", fields: { email: "Enter a valid email address." } },
          { status: 400 },
        ),
      ),
    );
    await renderNewsletter();
    await fillIn();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a valid email address.");
    expect(screen.getByLabelText(/^Email address/)).toHaveAccessibleDescription("Enter a valid email address.");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  it("shows a busy message from a 429 answer", async () => {
    server.use(
      http.post("*/api/newsletter", () =>
        HttpResponse.json({ code: "RATE_LIMITED", message: "Lots of people are signing up right now. Please try again in a minute." }, { status: 429 }),
      ),
    );
    await renderNewsletter();
    await fillIn();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Lots of people are signing up right now.");
  });

  it("tries again through a brief outage before falling back", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const answers = [
      HttpResponse.error(),
      HttpResponse.json({ message: "boom" }, { status: 503 }),
      HttpResponse.json({ status: "check_inbox" }),
    ];
    let calls = 0;
    server.use(http.post("*/api/newsletter", () => answers[calls++]));
    await renderNewsletter();
    await fillIn();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    expect(calls).toBe(3);
    expect(submit).not.toHaveBeenCalled();
  });

  it.each([
    ["a network failure", () => HttpResponse.error()],
    ["a server error", () => HttpResponse.json({ message: "boom" }, { status: 502 })],
  ])("falls back to the plain form post on %s", async (_label, answer) => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    server.use(http.post("*/api/newsletter", answer));
    await renderNewsletter();
    await fillIn();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/newsletter/subscribe");
    expect(Object.fromEntries(new FormData(form).entries())).toEqual({ name: "Sam", email: "sam@example.com" });
    expect(screen.getByRole("button", { name: "Subscribing..." })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the outcome of the no-JavaScript post when it comes back", async () => {
    const { unmount } = await renderNewsletter("/?newsletter=subscribed");
    expect(screen.getByText(THANKS)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Subscribe" })).not.toBeInTheDocument();
    unmount();

    const busy = await renderNewsletter("/?newsletter=busy");
    expect(screen.getByRole("alert")).toHaveTextContent("Lots of people are signing up right now.");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    busy.unmount();

    // A refusal by a limit says when to try again; a wait that is not one of ours is ignored.
    const waiting = await renderNewsletter("/?newsletter=busy&wait=300");
    expect(screen.getByRole("alert")).toHaveTextContent("We couldn't sign you up just now. Please try again in 5 minutes.");
    waiting.unmount();
    await renderNewsletter("/?newsletter=busy&wait=-1");
    expect(screen.getByRole("alert")).toHaveTextContent("Lots of people are signing up right now.");
  });
});
