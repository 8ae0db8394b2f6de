import { formatPrice, PRODUCT_TYPE_LABELS, type ProductType } from "@convex/model/products";
import { Link } from "@tanstack/react-router";
import { CircleAlertIcon, MinusIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import type { MenuContentProps } from "@/components/layout/deferred-menu";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { MESSAGES } from "@/lib/messages";
import { atMaxQuantity, type CartItem } from "./cart";
import { useCart } from "./cart-provider";

const LINK = "inline-flex min-h-11 items-center text-primary underline underline-offset-4";

function CartLine({ item }: { item: CartItem }) {
  const { cart, update, remove } = useCart();
  const { product, quantity } = item;
  const full = atMaxQuantity(item);
  // At the maximum a calm note explains the disabled plus; the refusal itself is said once, above the lines.
  const refused = cart.error === MESSAGES.cart.maxQuantity(product.name, product.maxQuantity);
  const noteId = `cart-max-${product.id}`;
  return (
    <li aria-label={product.name} className="flex flex-col gap-2 border-b pb-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-medium">{product.name}</p>
          <p className="text-sm text-muted-foreground">
            {PRODUCT_TYPE_LABELS[product.type as ProductType] ?? product.type} · {formatPrice(product.price)} each
          </p>
        </div>
        <p className="font-semibold">{formatPrice(item.totalPrice)}</p>
      </div>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${product.name}`}>
          <Button variant="outline" size="icon" aria-label={`One fewer ${product.name}`} onClick={() => update(product.id, quantity - 1)}>
            <MinusIcon aria-hidden />
          </Button>
          <output className="w-10 text-center text-base font-medium" aria-live="polite">
            {quantity}
          </output>
          <Button
            variant="outline"
            size="icon"
            aria-label={`One more ${product.name}`}
            disabled={full}
            aria-describedby={full && !refused ? noteId : undefined}
            onClick={() => update(product.id, quantity + 1)}
          >
            <PlusIcon aria-hidden />
          </Button>
        </div>
        <Button variant="ghost" aria-label={`Remove ${product.name}`} onClick={() => remove(product.id)}>
          <Trash2Icon aria-hidden />
          Remove
        </Button>
      </div>
      {full && !refused ? (
        <p id={noteId} className="text-sm text-muted-foreground">
          {MESSAGES.cart.atMaxQuantity(product.maxQuantity)}
        </p>
      ) : null}
    </li>
  );
}

/** The cart in a side sheet: lines, quantities, totals, and the way on to checkout (SPEC §2). */
export default function CartSheet({ defaultOpen, trigger }: MenuContentProps) {
  const [open, setOpen] = useState(defaultOpen);
  const { cart, count, clear } = useCart();
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right" closeLabel="Close cart" className="w-full overflow-y-auto sm:max-w-md">
        <SheetTitle>Your cart</SheetTitle>
        <SheetDescription>
          {count === 0 ? "Nothing here yet." : `${count} ${count === 1 ? "item" : "items"}. Prices are confirmed at checkout.`}
        </SheetDescription>
        {cart.error ? (
          <p role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning-muted p-3 text-warning-foreground">
            <CircleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
            {cart.error}
          </p>
        ) : null}
        {cart.items.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p>Your cart is empty. Coaching time, courses and templates are in the marketplace.</p>
            <Button asChild>
              <Link to="/marketplace" onClick={close}>
                Browse the marketplace
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <ul className="flex flex-col gap-4">
              {cart.items.map((item) => (
                <CartLine key={item.product.id} item={item} />
              ))}
            </ul>
            <dl className="grid grid-cols-[1fr_auto] gap-y-1">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd>{formatPrice(cart.subtotal, cart.currency)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="font-semibold">{formatPrice(cart.total, cart.currency)}</dd>
            </dl>
            <Button asChild size="lg">
              <Link to="/checkout" onClick={close}>
                Go to checkout
              </Link>
            </Button>
            <div className="flex flex-col">
              <Link to="/marketplace" onClick={close} className={LINK}>
                Keep browsing the marketplace
              </Link>
              <Link to="/subscription-portal" onClick={close} className={LINK}>
                Manage your subscription
              </Link>
            </div>
            <Button variant="outline" className="self-start" onClick={clear}>
              Empty the cart
            </Button>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
