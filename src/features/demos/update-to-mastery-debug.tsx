import { api } from "@convex/_generated/api";
import { formatPrice } from "@convex/model/products";
import { TIER_LABELS, type MemberTier } from "@convex/model/permissions";
import { useQuery } from "convex/react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";
import { DebugNote, DebugPage, DebugSection, Facts } from "./debug-parts";

export const MASTERY_TEXT = {
  title: "Update to Mastery debug",
  lead: "A member's tier now and what moving them to Mastery would change, worked out by the real billing rules. Nothing is charged or changed here.",
  noAccount: "No account has that e-mail address.",
  paths: {
    none: "Already on Mastery: there is nothing to change.",
    checkout: "A new Mastery plan through the checkout (no paid plan now, or only a complimentary one).",
    changePlan: "A plan change on the paid Stripe subscription, from Billing; the difference is invoiced at once.",
  },
} as const;

const tierLabel = (tier: string) => TIER_LABELS[tier as MemberTier] ?? tier;

function Preview({ email }: { email: string }) {
  const id = useId();
  const preview = useQuery(api.debug.masteryPreview, email ? { email } : {});
  if (preview === undefined) return <LoadingList label="Loading the preview" rows={3} />;
  if (preview === null) return <p role="status">{MASTERY_TEXT.noAccount}</p>;
  const { subscription } = preview;
  return (
    <DebugSection id={`${id}-preview`} title={`${preview.name}: ${preview.currentTierLabel} to ${tierLabel(preview.targetTier)}`}>
      <Facts
        facts={[
          ["e-mail", preview.email],
          ["tier now", preview.currentTierLabel],
          ["plan in force", subscription ? `${tierLabel(subscription.tier)}${subscription.billingCycle ? `, ${subscription.billingCycle}` : ""} (${subscription.complementary ? "complimentary" : "paid"})` : "none"],
          ["how it would change", MASTERY_TEXT.paths[preview.path]],
          ["next step", preview.next ?? "none"],
        ]}
      />
      {preview.prices.length && preview.path !== "none" ? (
        <>
          <h3 className="font-semibold">What Mastery costs</h3>
          <ul className="list-disc pl-5 text-sm">
            {preview.prices.map((price) => (
              <li key={price.cycle}>
                {price.name}: {formatPrice(price.amount)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.unlocks.length ? (
        <>
          <h3 className="font-semibold">What Mastery would add</h3>
          <ul className="list-disc pl-5 text-sm">
            {preview.unlocks.map((unlock) => (
              <li key={unlock}>{unlock}</li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.next && !email ? (
        <Button asChild variant="outline" className="self-start">
          <a href={preview.next}>Go to the next step</a>
        </Button>
      ) : null}
    </DebugSection>
  );
}

/** /demos/update-to-mastery (admins): your own tier by default, or any member's by e-mail. */
export function UpdateToMasteryDebug() {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [email, setEmail] = useState("");
  return (
    <DebugPage id="mastery-title" title={MASTERY_TEXT.title} lead={MASTERY_TEXT.lead} adminOnly>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setEmail(draft.trim());
        }}
      >
        <div className="flex min-w-64 flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Member's e-mail (empty for your own account)</Label>
          <Input id={`${id}-email`} type="email" autoComplete="off" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </div>
        <Button type="submit">Show the preview</Button>
      </form>
      <DebugNote>Reads the member's plan and tier on the server; starts no checkout and calls no payment provider.</DebugNote>
      <Preview email={email} />
    </DebugPage>
  );
}
