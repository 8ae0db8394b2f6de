import { screen, within } from "@testing-library/react";
import { signedIn, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";

const YEAR = 365 * 24 * 60 * 60 * 1000;

describe("dashboard welcome", () => {
  it("greets the member by name with initials, plan badge, membership length and a way to settings", async () => {
    renderApp("/dashboard", { viewer: signedIn({ firstName: "Maya", lastName: "Lopez", tier: "mastery", createdAt: Date.now() - 2 * YEAR - 1000 }) });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), Maya$/ })).toBeInTheDocument();
    expect(within(main).getByText("ML")).toBeInTheDocument();
    expect(main).toHaveTextContent("Plan: Mastery");
    expect(within(main).getByText("Member for 2 years")).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: "Open settings" })).toHaveAttribute("href", "/dashboard/settings");
    expect(document.title).toBe("Dashboard | LWCC");
  });

  it("shows no plan badge on the free tier", async () => {
    renderApp("/dashboard", { viewer: signedIn({ tier: "foundation" }) });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByText(/Plan:/)).not.toBeInTheDocument();
  });

  it("shows a skeleton until the member's details arrive", async () => {
    renderApp("/dashboard", { auth: testAuthSession("signed-in").session, viewer: { status: "loading" } });
    expect(await screen.findByText("Loading your dashboard")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
  });
});
