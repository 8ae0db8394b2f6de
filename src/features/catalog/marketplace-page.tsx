import { api } from "@convex/_generated/api";
import { formatPrice, PRODUCT_TYPE_LABELS, type ProductType } from "@convex/model/products";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { BanIcon, CircleAlertIcon, ClockIcon, ShoppingCartIcon } from "lucide-react";
import { ComponentErrorBoundary } from "@/components/layout/error-boundary";
import { Button } from "@/components/ui/button";
import type { CartProduct } from "@/features/cart/cart";
import { useCart } from "@/features/cart/cart-provider";
import { MESSAGES } from "@/lib/messages";
import { cn } from "@/lib/utils";
import { CardSkeletons, EmptyState, textLinkClass } from "./states";

export type Product = FunctionReturnType<typeof api.catalog.products>[number];

export function durationText(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return `${minutes} min`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

const SECTION_TITLES: Record<ProductType, string> = {
  consultation: "Consultations",
  course: "Courses",
  workshop: "Workshops",
  bundle: "Bundles",
  time_package: "Coaching time",
  digital_product: "Digital products",
};

/** A section's anchor: #time-packages is where "Top up" leads. */
const sectionId = (type: ProductType) => `${type.replace("_", "-")}s`;

function cartProductOf(product: Product): CartProduct {
  const { _id, slug, name, type, price, isAvailable, maxQuantity } = product;
  return { id: _id, slug, name, type, price, isAvailable, maxQuantity };
}

/** Add to cart, how many are in it already, and the cart's refusal (SPEC §8) beside the product it concerns. */
function AddToCart({ product, titleId }: { product: Product; titleId: string }) {
  const { cart, add } = useCart();
  const inCart = cart.items.find((item) => item.product.id === product._id)?.quantity ?? 0;
  const refusal = [MESSAGES.cart.maxQuantity(product.name, product.maxQuantity), MESSAGES.cart.unavailable(product.name)].find(
    (text) => text === cart.error,
  );
  if (product.price === 0) {
    return (
      <Link to="/free-intro-session" className={textLinkClass}>
        Book your free session
      </Link>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button aria-describedby={titleId} onClick={() => add(cartProductOf(product))}>
          <ShoppingCartIcon aria-hidden />
          Add to cart
        </Button>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {inCart > 0 ? `${inCart} in your cart` : ""}
        </p>
      </div>
      {refusal ? (
        <p role="alert" className="flex items-center gap-1.5 text-sm text-warning-foreground">
          <CircleAlertIcon className="size-4 shrink-0" aria-hidden />
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

function ProductCard({ product }: { product: Product }) {
  const titleId = `product-${product.slug}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn("flex flex-col gap-3 rounded-xl border bg-card p-6 text-card-foreground", !product.isAvailable && "bg-muted/40")}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-secondary px-2.5 py-0.5 font-medium text-secondary-foreground">
          {PRODUCT_TYPE_LABELS[product.type]}
        </span>
        {product.durationMinutes ? (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <ClockIcon className="size-4" aria-hidden />
            <span className="sr-only">Duration: </span>
            {durationText(product.durationMinutes)}
          </span>
        ) : null}
      </div>
      <h3 id={titleId} className="text-lg font-semibold">
        {product.name}
      </h3>
      <p className="flex-1 text-muted-foreground">{product.shortDescription}</p>
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-3 border-t pt-4">
        <p className="text-xl font-bold">
          <span className="sr-only">Price: </span>
          {product.price === 0 ? "Free" : formatPrice(product.price)}
        </p>
        {product.isAvailable ? (
          <AddToCart product={product} titleId={titleId} />
        ) : (
          <p className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <BanIcon className="size-4" aria-hidden />
            Currently unavailable
          </p>
        )}
      </div>
    </li>
  );
}

function ProductGrid() {
  const products = useQuery(api.catalog.products, {});
  if (products === undefined) return <CardSkeletons label="Loading products" count={6} className={GRID} />;
  if (products.length === 0) {
    return (
      <EmptyState title="No products yet">
        <p className="text-muted-foreground">New courses and coaching packages are on their way. Questions in the meantime?</p>
        <Link to="/contact" className={textLinkClass}>
          Contact us
        </Link>
      </EmptyState>
    );
  }
  // Sections in the catalogue's own order: the type of its first product comes first.
  const types = [...new Set(products.map((product) => product.type))];
  return (
    <div className="flex flex-col gap-12">
      {types.map((type) => (
        <section key={type} id={sectionId(type)} aria-labelledby={`${sectionId(type)}-title`}>
          <h2 id={`${sectionId(type)}-title`} className="mb-4 text-2xl font-semibold">
            {SECTION_TITLES[type]}
          </h2>
          <ul className={GRID}>
            {products
              .filter((product) => product.type === type)
              .map((product) => (
                <ProductCard key={product._id} product={product} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function MarketplacePage() {
  return (
    <section aria-labelledby="marketplace-title" className="mx-auto max-w-6xl px-4 py-16">
      <h1 id="marketplace-title" className="text-3xl font-bold sm:text-4xl">
        Marketplace
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Coaching time, courses, workshops and tools. Pick what helps this week; you can always add more later.
      </p>
      <div className="mt-10">
        <ComponentErrorBoundary>
          <ProductGrid />
        </ComponentErrorBoundary>
      </div>
    </section>
  );
}
