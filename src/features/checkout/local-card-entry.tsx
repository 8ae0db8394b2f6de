import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { confirmWithLocalGateway, type CardEntryProps, type LocalGateway, type TestCard } from "./payment-client";

/** The test cards the embedded backend answers like Stripe's test mode. */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeds" },
  { number: "4000 0000 0000 0002", outcome: "is declined" },
  { number: "4000 0000 0000 9995", outcome: "has insufficient funds" },
  { number: "4000 0000 0000 0069", outcome: "has expired" },
  { number: "4000 0000 0000 0119", outcome: "fails to process" },
] as const;

/**
 * Offline, where Stripe Elements would be: the card goes straight to the embedded backend's
 * Stripe stand-in, never to a Convex function. SPEC §5: these inputs show no validation.
 */
export function LocalCardEntry({ gateway, onReady }: Pick<CardEntryProps, "onReady"> & { gateway: LocalGateway }) {
  const [card, setCard] = useState<TestCard>({ number: "", expiry: "", cvc: "" });
  useEffect(() => {
    onReady({
      prepare: () => Promise.resolve({ ok: true }),
      confirm: (clientSecret, cardholderName) => confirmWithLocalGateway(gateway, clientSecret, card, cardholderName),
    });
    // Registered again with each change, so the form confirms the card as typed.
  }, [gateway, onReady, card]);
  const field = (key: keyof TestCard) => ({
    value: card[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setCard((c) => ({ ...c, [key]: event.target.value })),
  });
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-medium">Card details</legend>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="card-number">Card number</Label>
        <Input id="card-number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...field("number")} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="card-expiry">Expiry (MM/YY)</Label>
          <Input id="card-expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" {...field("expiry")} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="card-cvc">CVC</Label>
          <Input id="card-cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...field("cvc")} />
        </div>
      </div>
      <details className="rounded-md border bg-muted/40 p-3 text-sm">
        <summary className="min-h-11 cursor-pointer content-center font-medium">Test mode: no money moves. Which card to use?</summary>
        <ul className="mt-2 flex flex-col gap-1">
          {TEST_CARDS.map((test) => (
            <li key={test.number}>
              <span className="font-mono">{test.number}</span> {test.outcome}
            </li>
          ))}
          <li>Any future expiry date and any three-digit CVC.</li>
        </ul>
      </details>
    </fieldset>
  );
}
