import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CART } from "@/lib/constants";
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

  it("groups products by type, coaching time under #time-packages where Top up leads", async () => {
    data.products = [
      product({ slug: "time-60" }),
      product({ slug: "templates", name: "Weekly Planning Templates", type: "digital_product", price: 1900 }),
    ];
    await renderMarketplace();
    const time = screen.getByRole("region", { name: "Coaching time" });
    expect(time).toHaveAttribute("id", "time-packages");
    expect(within(time).getByRole("listitem", { name: "Coaching Time: 60 Minutes" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Digital products" })).getByRole("listitem", { name: "Weekly Planning Templates" }),
    ).toBeInTheDocument();
  });

  it("adds to the cart, counts what is in it, and refuses more than the maximum with the SPEC text", async () => {
    data.products = [product({ slug: "time-60", maxQuantity: 2 })];
    await renderMarketplace();
    const card = screen.getByRole("listitem", { name: "Coaching Time: 60 Minutes" });
    const add = within(card).getByRole("button", { name: "Add to cart" });
    await userEvent.click(add);
    expect(card).toHaveTextContent("1 in your cart");
    await userEvent.click(add);
    await userEvent.click(add);
    expect(within(card).getByRole("alert")).toHaveTextContent("Maximum quantity for Coaching Time: 60 Minutes is 2");
    expect(card).toHaveTextContent("2 in your cart");
    const saved = JSON.parse(window.localStorage.getItem(CART.storageKey)!) as {
      items: { product: { id: string; price: number }; quantity: number }[];
    };
    expect(saved.items.map((item) => [item.product.id, item.product.price, item.quantity])).toEqual([["products:time-60", 15000, 2]]);
  });

  it("offers no cart for unavailable products and sends free sessions to their own page", async () => {
    data.products = [
      product({ slug: "cohort", name: "Cohort", type: "workshop", isAvailable: false }),
      product({ slug: "free", name: "Free Consultation", type: "consultation", price: 0 }),
    ];
    await renderMarketplace();
    expect(within(screen.getByRole("listitem", { name: "Cohort" })).queryByRole("button", { name: "Add to cart" })).not.toBeInTheDocument();
    const free = screen.getByRole("listitem", { name: "Free Consultation" });
    expect(within(free).getByRole("link", { name: "Book your free session" })).toHaveAttribute("href", "/free-intro-session");
  });

  it("invites a question when there is nothing to buy yet", async () => {
    data.products = [];
    await renderMarketplace();
    expect(screen.getByText("No products yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  });
});
