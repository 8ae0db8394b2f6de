import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PricingPage } from "./pricing-page";
import { renderPage } from "./render-page";

const card = (name: string) => screen.getByRole("listitem", { name });

async function renderPricing() {
  renderPage(<PricingPage />);
  await screen.findByRole("heading", { level: 1, name: "Plans that grow with you" });
}

describe("pricing", () => {
  it("shows monthly prices first, Foundation free and Control marked Popular", async () => {
    await renderPricing();
    expect(screen.getByRole("radio", { name: "Monthly" })).toBeChecked();
    expect(card("Foundation")).toHaveTextContent("Free");
    expect(card("Clarity")).toHaveTextContent("$21.00 / month");
    expect(card("Control")).toHaveTextContent("$127.00 / month");
    expect(card("Mastery")).toHaveTextContent("$427.00 / month");
    expect(within(card("Control")).getByText("Popular")).toBeInTheDocument();
    expect(within(card("Clarity")).queryByText("Popular")).not.toBeInTheDocument();
    expect(screen.queryByText(/^Save /)).not.toBeInTheDocument();
    expect(screen.getByText(/30-day money-back promise/)).toBeInTheDocument();
  });

  it("switches to quarterly prices with the saving against three months", async () => {
    await renderPricing();
    await userEvent.click(screen.getByRole("radio", { name: "Quarterly" }));
    expect(screen.getByRole("radio", { name: "Quarterly" })).toBeChecked();
    expect(card("Clarity")).toHaveTextContent("$57.00 / quarter");
    expect(card("Clarity")).toHaveTextContent("Save $6.00 (10%)");
    expect(card("Control")).toHaveTextContent("$345.00 / quarter");
    expect(card("Control")).toHaveTextContent("Save $36.00 (9%)");
    expect(card("Mastery")).toHaveTextContent("$1,217.00 / quarter");
    expect(card("Mastery")).toHaveTextContent("Save $64.00 (5%)");
    expect(card("Foundation")).not.toHaveTextContent(/Save/);
    expect(screen.getByText("Showing quarterly prices")).toHaveAttribute("role", "status");
  });

  it("works from the keyboard: arrow keys move between the billing cycles", async () => {
    await renderPricing();
    const monthly = screen.getByRole("radio", { name: "Monthly" });
    monthly.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: "Quarterly" })).toBeChecked();
  });

  it("sends Foundation to sign-up and paid tiers to checkout with the chosen cycle", async () => {
    await renderPricing();
    expect(within(card("Foundation")).getByRole("link", { name: "Start for free" })).toHaveAttribute("href", "/register");
    expect(within(card("Control")).getByRole("link", { name: "Choose Control" })).toHaveAttribute("href", "/checkout?tier=control&billing=monthly");
    await userEvent.click(screen.getByRole("radio", { name: "Quarterly" }));
    expect(within(card("Mastery")).getByRole("link", { name: "Choose Mastery" })).toHaveAttribute("href", "/checkout?tier=mastery&billing=quarterly");
  });

  it("lists each tier's features", async () => {
    await renderPricing();
    const features = within(card("Clarity")).getByRole("list", { name: "Clarity includes" });
    expect(within(features).getByText("Everything in Foundation")).toBeInTheDocument();
  });
});
