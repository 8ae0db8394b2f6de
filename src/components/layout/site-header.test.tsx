import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { signedIn, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";

const member = signedIn({ firstName: "Maya", lastName: "Lopez" });

describe("site navigation", () => {
  it("offers visitors Sign In and no account menu", async () => {
    renderApp("/");
    const header = await screen.findByRole("banner");
    expect(within(header).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    expect(within(header).queryByRole("button", { name: /account menu/i })).not.toBeInTheDocument();
  });

  it("shows Sign In while the sign-in state loads (a prerendered page), hidden only where the sign-in hint marks the page", async () => {
    renderApp("/", { viewer: { status: "loading" } });
    const header = await screen.findByRole("banner");
    // The mark (SESSION_HINT_ATTRIBUTE on <html>, set before paint) hides it through this variant.
    expect(within(header).getByRole("link", { name: "Sign In" })).toHaveClass("[html[data-session-hint]_&]:hidden");
  });

  it("gives signed-in members Dashboard, Profile, Forum, Settings, Billing and Sign Out", async () => {
    renderApp("/", { viewer: member });
    const header = await screen.findByRole("banner");
    expect(within(header).queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    const trigger = within(header).getByRole("button", { name: /account menu/i });
    expect(trigger).toHaveTextContent("ML");
    // Its name starts with the text it shows, so speech users can say what they see (WCAG 2.5.3).
    expect(trigger).toHaveAccessibleName("ML, account menu");

    await userEvent.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(within(menu).getByRole("menuitem", { name: "Forum" })).toHaveAttribute("href", "/forum");
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/dashboard/settings");
    expect(within(menu).getByRole("menuitem", { name: "Billing" })).toHaveAttribute("href", "/dashboard/billing");
    const signOut = within(menu).getByRole("menuitem", { name: "Sign Out" });
    const form = signOut.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/logout");
    expect(form.querySelector('input[name="redirectTo"]')).toHaveValue("/");
  });

  it("signs out from the account menu and goes home", async () => {
    const auth = testAuthSession("signed-in");
    const { router } = renderApp("/faq", { viewer: member, auth: auth.session });
    await userEvent.click(await screen.findByRole("button", { name: /account menu/i }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Sign Out" }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe("/");
  });

  it("moves between pages and marks the current one", async () => {
    const { router } = renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    await userEvent.click(within(nav).getByRole("link", { name: "FAQ" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/faq");
    expect(within(nav).getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
    expect(document.title).toBe("FAQ | LWCC");
  });

  it("switches theme from the header menu", async () => {
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: /^Theme:/ }));
    await userEvent.click(await screen.findByRole("menuitemradio", { name: "Dark" }));
    expect(document.documentElement).toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("dark");
  });

  it("opens a mobile menu that locks page scrolling and closes on navigation", async () => {
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(document.body).toHaveStyle({ overflow: "hidden" });
    expect(within(dialog).getByRole("link", { name: "Sign In" })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("link", { name: "FAQ" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();
  });
});
