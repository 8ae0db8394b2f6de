import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CHECKOUT_TIERS } from "@convex/model/billing";
import { TIER_LABELS } from "@convex/model/permissions";
import { formatPrice } from "@convex/model/products";
import { Link } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import { format } from "date-fns";
import { AlertTriangleIcon, CheckCircle2Icon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { fieldControlClass, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";
import { errorMessage, userErrorOf } from "@/lib/user-error";
import { DebugNote, DebugPage, DebugSection, Facts, JsonBlock, yesNo } from "./debug-parts";

export const COMPLEMENTARY_TEXT = {
  listTitle: "Complimentary subscription debug",
  listLead: "The newest subscriptions, paid and complimentary, and the plans on sale. A complimentary plan has no payment behind it and no end date.",
  grantTitle: "Complimentary premium plan",
  grantLead: "Give a member a plan for free: a subscription with nothing to pay and no end date. Their tier follows at once.",
  granting: "Granting...",
  grant: "Grant the plan",
  grantFailed: "The plan was not granted.",
  noSubscriptions: "No subscriptions yet.",
  ending: "Ending...",
  end: "End now",
  unexpected: "Something went wrong on the way to the server. Nothing was changed; please try again.",
} as const;

const tierLabel = (tier: string) => TIER_LABELS[tier as keyof typeof TIER_LABELS] ?? tier;
const when = (ms: number | undefined) => (ms === undefined ? "none" : format(ms, "MMM d, yyyy"));

function Cell({ children, mono = false }: { children: ReactNode; mono?: boolean }) {
  return <td className={mono ? "py-2 pr-4 font-mono" : "py-2 pr-4"}>{children}</td>;
}

function SubscriptionsData() {
  const id = useId();
  const data = useQuery(api.debug.subscriptions, {});
  const end = useMutation(api.debug.endComplementary);
  const [busy, setBusy] = useState<Id<"subscriptions"> | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (data === undefined) return <LoadingList label="Loading subscriptions" rows={4} />;

  async function endPlan(subscriptionId: Id<"subscriptions">) {
    setBusy(subscriptionId);
    try {
      const result = await end({ subscriptionId });
      setNote({ ok: true, text: result.message });
    } catch (error) {
      setNote({ ok: false, text: errorMessage(error, COMPLEMENTARY_TEXT.unexpected) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <DebugSection id={`${id}-subscriptions`} title="Subscriptions">
        <DebugNote>The newest {data.shown}, read with admin rights on the server. Paid plans change only through Stripe; complimentary ones can be ended here.</DebugNote>
        <div aria-live="polite">{note ? <p className={note.ok ? "font-medium" : "font-medium text-destructive"}>{note.text}</p> : null}</div>
        {data.subscriptions.length === 0 ? (
          <p>{COMPLEMENTARY_TEXT.noSubscriptions}</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Subscriptions">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  {["Member", "Plan", "Kind", "Status", "In force", "Period ends", "Member's tier", ""].map((label, index) => (
                    <th key={index} scope="col" className="py-2 pr-4 font-semibold whitespace-nowrap">
                      {label || <span className="sr-only">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.subscriptions.map((row) => (
                  <tr key={row.id} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-4 font-normal">
                      {row.email}
                    </th>
                    <Cell>
                      {tierLabel(row.tier)}
                      {row.billingCycle ? `, ${row.billingCycle}` : ""}
                    </Cell>
                    <Cell>{row.complementary ? "complimentary" : "paid"}</Cell>
                    <Cell mono>{row.status}</Cell>
                    <Cell>{yesNo(row.inForce)}</Cell>
                    <Cell>{when(row.currentPeriodEnd)}</Cell>
                    <Cell>{tierLabel(row.memberTier)}</Cell>
                    <td className="py-2">
                      {row.complementary && row.inForce ? (
                        <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => void endPlan(row.id)} aria-label={`${busy === row.id ? COMPLEMENTARY_TEXT.ending : COMPLEMENTARY_TEXT.end}: ${row.email}'s complimentary plan`}>
                          {busy === row.id ? COMPLEMENTARY_TEXT.ending : COMPLEMENTARY_TEXT.end}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Button asChild className="self-start">
          <Link to="/demos/premium-plan">Grant a complimentary plan</Link>
        </Button>
      </DebugSection>
      <DebugSection id={`${id}-plans`} title="Plans">
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {data.plans.map((plan) => (
            <li key={`${plan.tier}-${plan.cycle}`} className="flex justify-between gap-4 rounded-lg border p-3">
              <span>{plan.name}</span>
              <span className="font-mono">{formatPrice(plan.amount)}</span>
            </li>
          ))}
        </ul>
      </DebugSection>
    </>
  );
}

/** /demos/complementary-subscription (admins). */
export function ComplementarySubscriptionDebug() {
  return (
    <DebugPage id="complementary-title" title={COMPLEMENTARY_TEXT.listTitle} lead={COMPLEMENTARY_TEXT.listLead} adminOnly wide>
      <SubscriptionsData />
    </DebugPage>
  );
}

type GrantOutcome =
  | { ok: true; result: { message: string; email: string; tier: string; previousTier: string; memberTier: string; subscriptionId: string } }
  | { ok: false; message: string; debug: Record<string, unknown> };

/** SPEC §8: the premium plan page shows the error text plus debug info, or the result message; both with next steps. */
export function GrantOutcomeView({ outcome }: { outcome: GrantOutcome }) {
  const id = useId();
  if (outcome.ok) {
    const { result } = outcome;
    return (
      <DebugSection id={`${id}-result`} title="Plan granted">
        <p className="flex items-start gap-2 font-medium">
          <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          {result.message}
        </p>
        <Facts
          facts={[
            ["member", result.email],
            ["plan", tierLabel(result.tier)],
            ["tier before", tierLabel(result.previousTier)],
            ["tier now", tierLabel(result.memberTier)],
            ["subscription id", result.subscriptionId],
          ]}
        />
        <h3 className="font-semibold">Next steps</h3>
        <ul className="list-disc pl-5">
          <li>Tell {result.email} the plan is theirs: it shows on their dashboard the next time they open it, with no payment asked for.</li>
          <li>
            They see it in Billing as complimentary, with no billing date (<Link to="/dashboard/billing" className="underline">/dashboard/billing</Link>), and premium
            content opens at <Link to="/premium" className="underline">/premium</Link>.
          </li>
          <li>
            To take it back, end it on <Link to="/demos/complementary-subscription" className="underline">the subscriptions page</Link>.
          </li>
        </ul>
      </DebugSection>
    );
  }
  return (
    <DebugSection id={`${id}-error`} title={COMPLEMENTARY_TEXT.grantFailed} className="border-destructive/40">
      <p className="flex items-start gap-2 font-medium">
        <AlertTriangleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        {outcome.message}
      </p>
      <JsonBlock label="Debug info" value={outcome.debug} />
      <h3 className="font-semibold">Next steps</h3>
      <ul className="list-disc pl-5">
        <li>
          Check the e-mail address on <Link to="/admin/users" className="underline">Users</Link>.
        </li>
        <li>
          If the member already has a complimentary plan, end it on <Link to="/demos/complementary-subscription" className="underline">the subscriptions page</Link>, then
          grant the new one.
        </li>
      </ul>
    </DebugSection>
  );
}

function GrantForm() {
  const id = useId();
  const grant = useMutation(api.debug.grantComplementary);
  const [email, setEmail] = useState("");
  const [tier, setTier] = useState<string>("premium");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<GrantOutcome | null>(null);

  async function submit() {
    setBusy(true);
    setOutcome(null);
    const args = { email, tier };
    try {
      setOutcome({ ok: true, result: await grant(args) });
    } catch (error) {
      const data = userErrorOf(error);
      setOutcome({
        ok: false,
        message: errorMessage(error, COMPLEMENTARY_TEXT.unexpected),
        debug: { code: data?.code ?? "NETWORK_OR_UNKNOWN", function: "debug:grantComplementary", args, at: new Date().toISOString(), ...(data ? {} : { error: String(error) }) },
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        className="flex flex-col gap-4 rounded-xl border bg-card p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Member's e-mail</Label>
          <Input id={`${id}-email`} type="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-tier`}>Plan</Label>
          <select id={`${id}-tier`} className={fieldControlClass} value={tier} onChange={(event) => setTier(event.target.value)}>
            {CHECKOUT_TIERS.map((option) => (
              <option key={option} value={option}>
                {tierLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? COMPLEMENTARY_TEXT.granting : COMPLEMENTARY_TEXT.grant}
        </Button>
      </form>
      <div aria-live="polite">{outcome ? <GrantOutcomeView outcome={outcome} /> : null}</div>
    </>
  );
}

/** /demos/premium-plan (admins): grants a complimentary plan and shows the result or the error with next steps. */
export function PremiumPlanDebug() {
  return (
    <DebugPage id="premium-plan-title" title={COMPLEMENTARY_TEXT.grantTitle} lead={COMPLEMENTARY_TEXT.grantLead} adminOnly>
      <GrantForm />
    </DebugPage>
  );
}
