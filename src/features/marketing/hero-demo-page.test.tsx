import { screen, waitFor, within } from "@testing-library/react";
import { renderApp } from "@/test/render-app";
import { formatUsd, packageTotal, TESTIMONIALS, WEEK_ONE_PACKAGE } from "./week-one-package";

function robots() {
  return document.head.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null;
}

describe("hero V2", () => {
  it("holds the week-1 package values of the spec and adds them up", () => {
    expect(WEEK_ONE_PACKAGE.map((item) => item.valueUsd)).toEqual([297, 497, 197]);
    expect(packageTotal(WEEK_ONE_PACKAGE)).toBe(991);
  });

  it("computes the total from the items rather than a fixed number", () => {
    const items = [
      { name: "A", description: "", valueUsd: 100 },
      { name: "B", description: "", valueUsd: 25 },
    ];
    expect(packageTotal(items)).toBe(125);
    expect(packageTotal([])).toBe(0);
    expect(formatUsd(991)).toBe("$991");
  });

  it("shows each part with its value, the total as free, and the testimonials; noindex", async () => {
    renderApp("/hero-demo");
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);

    const offer = screen.getByRole("region", { name: "Your week-1 package" });
    for (const item of WEEK_ONE_PACKAGE) {
      const row = within(offer).getByRole("heading", { level: 3, name: item.name }).closest("li")!;
      expect(row).toHaveTextContent(`Value: ${formatUsd(item.valueUsd)}`);
    }
    expect(screen.getByTestId("package-total")).toHaveTextContent("$991 value — yours free");

    const quotes = within(screen.getByRole("region", { name: "What members say" })).getAllByRole("figure");
    expect(quotes).toHaveLength(TESTIMONIALS.length);
    expect(quotes.length).toBeGreaterThanOrEqual(2);

    expect(screen.getByRole("link", { name: "Book a free 20-minute consultation" })).toHaveAttribute(
      "href",
      "/free-intro-session",
    );
    await waitFor(() => expect(robots()).toBe("noindex"));
  });

  it("has a minimal variant with one heading and one action, also noindex", async () => {
    renderApp("/hero-simple-demo");
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getAllByRole("link")).toHaveLength(1);
    await waitFor(() => expect(robots()).toBe("noindex"));
  });
});
