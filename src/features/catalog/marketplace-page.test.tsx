import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import type { Product } from "./marketplace-page";
import { MarketplacePage } from "./marketplace-page";
import { renderPage } from "./render-page";

const data: { products: Product[] | undefined } = { products: undefined };
vi.mock("convex/react", () => ({ useQuery: () => data.products }));

const product = (overrides: Partial<Product>): Product => ({
  _id: `products:${overrides.slug ?? "x"}` as Id<"products">,
  slug: "x",
  name: "Coaching Time: 60 Minutes",
  type: "time_package",
  durationMinutes: 60,
  shortDescription: "One hour of coaching to use when it suits you.",
  price: 15000,
  isAvailable: true,
  maxQuantity: 5,
  ...overrides,
});

async function renderMarketplace() {
  renderPage(<MarketplacePage />);
  await screen.findByRole("heading", { level: 1, name: "Marketplace" });
}

describe("marketplace", () => {
  it("shows skeletons while the products load", async () => {
    data.products = undefined;
    await renderMarketplace();
    expect(screen.getByText("Loading products")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("lists products with type, duration and price, and marks unavailable ones", async () => {
    data.products = [
      product({ slug: "time-60" }),
      product({ slug: "cohort", name: "Calendar Clarity Cohort", type: "workshop", durationMinutes: 90, price: 49700, isAvailable: false }),
      product({ slug: "templates", name: "Weekly Planning Templates", type: "digital_product", durationMinutes: undefined, price: 1900 }),
    ];
    await renderMarketplace();
    const time = screen.getByRole("listitem", { name: "Coaching Time: 60 Minutes" });
    expect(time).toHaveTextContent("Time package");
    expect(time).toHaveTextContent("1 hour");
    expect(time).toHaveTextContent("$150.00");
    expect(time).not.toHaveTextContent("Currently unavailable");

    const cohort = screen.getByRole("listitem", { name: "Calendar Clarity Cohort" });
    expect(cohort).toHaveTextContent("Workshop");
    expect(cohort).toHaveTextContent("90 min");
    expect(within(cohort).getByText("Currently unavailable")).toBeInTheDocument();

    const templates = screen.getByRole("listitem", { name: "Weekly Planning Templates" });
    expect(templates).toHaveTextContent("Digital product");
    expect(templates).toHaveTextContent("$19.00");
    expect(within(templates).queryByText(/Duration/)).not.toBeInTheDocument();
  });

  it("invites a question when there is nothing to buy yet", async () => {
    data.products = [];
    await renderMarketplace();
    expect(screen.getByText("No products yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  });
});
