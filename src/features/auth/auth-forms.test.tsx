import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { AUTH_MESSAGES } from "@convex/model/authMessages";
import { signedOutLocalClient } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import { server } from "../../../tests/mocks/server";

const HOUR = 60 * 60 * 1000;
const tokens = () => HttpResponse.json({ accessToken: "access", expiresAt: Date.now() + HOUR });

describe("sign-in page", () => {
  it("checks the fields before sending anything, beside each field and in a summary", async () => {
    const login = vi.fn(tokens);
    server.use(http.post("*/auth/login", login));
    renderApp("/login", { localAuth: await signedOutLocalClient() });

    await userEvent.type(await screen.findByLabelText(/Email address/), "maya@");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));

    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Please check the highlighted fields.");
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole("link", { name: "Enter a valid email address." })).toBeInTheDocument();
    expect(within(summary).getByRole("link", { name: "Enter your password." })).toBeInTheDocument();

    const email = screen.getByLabelText(/Email address/);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Enter a valid email address.");
    expect(email).toHaveValue("maya@");
    expect(email).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText(/Password/)).toHaveAttribute("autocomplete", "current-password");

    await userEvent.click(within(summary).getByRole("link", { name: "Enter your password." }));
    expect(screen.getByLabelText(/Password/)).toHaveFocus();
    expect(login).not.toHaveBeenCalled();
  });

  it("shows the provider's message for a wrong password and keeps what was typed", async () => {
    server.use(
      http.post("*/auth/login", async () => {
        await delay(50);
        return HttpResponse.json(
          { code: "INVALID_CREDENTIALS", message: "That email and password don't match an account." },
          { status: 401 },
        );
      }),
    );
    renderApp("/login", { localAuth: await signedOutLocalClient() });

    await userEvent.type(await screen.findByLabelText(/Email address/), "maya@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "not my password");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("button", { name: "Signing in..." })).toBeDisabled();

    expect(await screen.findByRole("alert")).toHaveTextContent("That email and password don't match an account.");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(screen.getByLabelText(/Email address/)).toHaveValue("maya@example.com");
    expect(screen.getByLabelText(/Password/)).toHaveValue("not my password");
  });

  it("links the page a deactivated account's refusal names", async () => {
    server.use(
      http.post("*/auth/login", () => HttpResponse.json({ code: "ACCOUNT_DEACTIVATED", message: AUTH_MESSAGES.ACCOUNT_DEACTIVATED }, { status: 403 })),
    );
    renderApp("/login", { localAuth: await signedOutLocalClient() });

    await userEvent.type(await screen.findByLabelText(/Email address/), "maya@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "a good password");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));

    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent(AUTH_MESSAGES.ACCOUNT_DEACTIVATED);
    const link = within(summary).getByRole("link", { name: "/account/reactivate" });
    expect(link).toHaveAttribute("href", "/account/reactivate");
  });

  it("goes back to where the visitor was headed after signing in", async () => {
    let sent: unknown;
    server.use(
      http.post("*/auth/login", async ({ request }) => {
        sent = await request.json();
        return tokens();
      }),
    );
    const client = await signedOutLocalClient();
    const { router } = renderApp("/login?redirect=%2Fdashboard%2Fsettings", { localAuth: client });

    await userEvent.type(await screen.findByLabelText(/Email address/), "  Maya@Example.com ");
    await userEvent.type(screen.getByLabelText(/Password/), "correct horse");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/settings"));
    expect(sent).toEqual({ email: "Maya@Example.com", password: "correct horse" });
    expect(client.getStatus()).toBe("signed-in");
  });

  it("links to account creation, keeping the destination", async () => {
    renderApp("/login?redirect=%2Fdashboard%2Fsettings", { localAuth: await signedOutLocalClient() });
    const link = await screen.findByRole("link", { name: "Create an account" });
    expect(link).toHaveAttribute("href", "/register?redirect=%2Fdashboard%2Fsettings");
    await waitFor(() => expect(document.title).toBe("Sign in | LWCC"));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});

describe("sign-up page", () => {
  it("mirrors the server's rules: names required, a valid email, 'Password is too short'", async () => {
    const register = vi.fn(tokens);
    server.use(http.post("*/auth/register", register));
    renderApp("/register", { localAuth: await signedOutLocalClient() });

    await userEvent.type(await screen.findByLabelText(/Email address/), "maya@example");
    await userEvent.type(screen.getByLabelText(/Password/), "short");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));

    const summary = await screen.findByRole("alert");
    for (const message of ["Enter your first name.", "Enter your last name.", "Enter a valid email address.", "Password is too short"]) {
      expect(within(summary).getByRole("link", { name: message })).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription("Enter your first name.");
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription("At least 8 characters. Password is too short");
    expect(screen.getByLabelText(/Password/)).toHaveAttribute("autocomplete", "new-password");
    expect(register).not.toHaveBeenCalled();
  });

  it("shows the provider's field errors beside the fields, and its other errors on top", async () => {
    server.use(
      http.post("*/auth/register", () =>
        HttpResponse.json(
          { code: "INVALID_INPUT", message: "Your last name can have at most 100 characters.", fields: { lastName: "Your last name can have at most 100 characters." } },
          { status: 400 },
        ),
      ),
    );
    renderApp("/register", { localAuth: await signedOutLocalClient() });
    await userEvent.type(await screen.findByLabelText(/First name/), "Maya");
    await userEvent.type(screen.getByLabelText(/Last name/), "Lopez");
    await userEvent.type(screen.getByLabelText(/Email address/), "maya@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "long enough");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Please check the highlighted fields.");
    expect(screen.getByLabelText(/Last name/)).toHaveAccessibleDescription("Your last name can have at most 100 characters.");

    server.use(
      http.post("*/auth/register", () =>
        HttpResponse.json({ code: "EMAIL_TAKEN", message: "An account with this email already exists. Sign in instead." }, { status: 409 }),
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("An account with this email already exists. Sign in instead."),
    );
    expect(screen.getByLabelText(/Last name/)).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/First name/)).toHaveValue("Maya");
  });

  it("creates the account, signs in and opens the dashboard", async () => {
    let sent: unknown;
    server.use(
      http.post("*/auth/register", async ({ request }) => {
        sent = await request.json();
        await delay(50);
        return HttpResponse.json({ accessToken: "access", expiresAt: Date.now() + HOUR }, { status: 201 });
      }),
    );
    const client = await signedOutLocalClient();
    const { router } = renderApp("/register", { localAuth: client });

    await userEvent.type(await screen.findByLabelText(/First name/), "Maya");
    await userEvent.type(screen.getByLabelText(/Last name/), "Lopez");
    await userEvent.type(screen.getByLabelText(/Email address/), "maya@example.com");
    await userEvent.type(screen.getByLabelText(/Password/), "long enough");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByRole("button", { name: "Creating account..." })).toBeDisabled();

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sent).toEqual({ firstName: "Maya", lastName: "Lopez", email: "maya@example.com", password: "long enough" });
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
  });
});
