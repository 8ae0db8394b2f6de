import { ShoppingCartIcon } from "lucide-react";
import { lazy, type ComponentProps } from "react";
import { DeferredMenu } from "@/components/layout/deferred-menu";
import { Button } from "@/components/ui/button";
import { useCart } from "./cart-provider";

const load = () => import("./cart-sheet");
const CartSheet = lazy(load);

export const cartLabel = (count: number) => `Cart, ${count} ${count === 1 ? "item" : "items"}`;

/** The header's cart button: the number of items on it, the cart's sheet behind it. */
export function CartTrigger(props: ComponentProps<typeof Button>) {
  const { count } = useCart();
  return (
    <Button variant="ghost" size="icon" className="relative" aria-label={cartLabel(count)} {...props}>
      <ShoppingCartIcon className="size-6" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-primary-foreground"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Button>
  );
}

export function CartButton() {
  return <DeferredMenu menu={CartSheet} preload={() => void load()} props={{}} trigger={(handlers) => <CartTrigger {...handlers} />} />;
}
