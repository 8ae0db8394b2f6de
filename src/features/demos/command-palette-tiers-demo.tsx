import { TIER_LABELS, TIER_ORDER, type Tier } from "@convex/model/permissions";
import { CheckIcon, MinusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { CommandPalette } from "@/components/layout/command-palette/command-palette";
import { staticCommands, visibleGroups, type PaletteViewer } from "@/components/layout/command-palette/commands";
import { Button } from "@/components/ui/button";
import { ChoiceGroup, type Choice } from "@/features/account/choice-group";
import { PageColumn, PageHeader } from "@/features/marketing/page-parts";
import { demoRan } from "./command-palette-demo-search";

type Persona = "visitor" | "guest" | "client" | "coach" | "admin";

const PERSONAS: Choice<Persona>[] = [
  { value: "visitor", label: "Visitor", hint: "Not signed in" },
  { value: "guest", label: "Guest", hint: "After a free intro booking" },
  { value: "client", label: "Client", hint: "A paying member" },
  { value: "coach", label: "Coach" },
  { value: "admin", label: "Admin" },
];

const TIER_CHOICES: Choice<Tier>[] = TIER_ORDER.map((tier) => ({ value: tier, label: TIER_LABELS[tier] }));

function simulated(persona: Persona, tier: Tier): PaletteViewer {
  if (persona === "visitor") return null;
  const role = persona === "guest" ? "guest_temporary" : persona;
  return { role, userType: role, tier };
}

/**
 * The palette's tier simulation (SPEC §2 demos): pick who is looking and their tier, and see the
 * commands they get, the same lists the real palette builds. Live entries (sessions, action items)
 * come from a member's own data, so the simulation shows only the fixed commands.
 */
export function CommandPaletteTiersDemo() {
  const [persona, setPersona] = useState<Persona>("client");
  const [tier, setTier] = useState<Tier>("foundation");
  const [open, setOpen] = useState(false);
  const [ran, setRan] = useState<string | null>(null);
  const commands = useMemo(() => staticCommands(simulated(persona, tier)), [persona, tier]);
  const groups = visibleGroups(commands);
  const byTier = useMemo(
    () => TIER_ORDER.map((each) => new Set(staticCommands(simulated(persona, each)).map((command) => command.id))),
    [persona],
  );
  const differing = [...new Map(TIER_ORDER.flatMap((each) => staticCommands(simulated(persona, each))).map((command) => [command.id, command])).values()].filter(
    (command) => !byTier.every((ids) => ids.has(command.id)),
  );

  return (
    <PageColumn labelledBy="tiers-demo-title" wide>
      <PageHeader
        id="tiers-demo-title"
        eyebrow="Demo"
        title="Command palette by tier"
        lead="Who sees which commands. Choose a kind of member and a tier; the lists below are the ones the real palette would offer them."
      />
      <div className="mt-10 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <div className="flex flex-col gap-6">
          <ChoiceGroup legend="Who is looking" name="persona" choices={PERSONAS} value={persona} onChange={setPersona} />
          {persona === "visitor" ? null : <ChoiceGroup legend="Tier" name="tier" choices={TIER_CHOICES} value={tier} onChange={setTier} />}
          <Button size="lg" onClick={() => setOpen(true)}>
            Open the palette as this {persona}
          </Button>
        </div>
        <div className="flex flex-col gap-8">
          <section aria-labelledby="tiers-sees" className="space-y-4">
            <h2 id="tiers-sees" className="text-xl font-semibold">
              What they see ({commands.length} commands)
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              {groups.map((group, index) => (
                <section key={group.id} aria-labelledby={`tiers-group-${group.id}`} className="rounded-xl border p-4">
                  <h3 id={`tiers-group-${group.id}`} className="mb-2 font-semibold">
                    {index + 1}. {group.label}
                  </h3>
                  <ul className="space-y-1 text-sm">
                    {commands
                      .filter((command) => command.group === group.id)
                      .map((command) => (
                        <li key={command.id}>{command.label}</li>
                      ))}
                  </ul>
                </section>
              ))}
            </div>
          </section>
          {persona === "visitor" ? null : (
            <section aria-labelledby="tiers-compare" className="space-y-4">
              <h2 id="tiers-compare" className="text-xl font-semibold">
                What changes with the tier
              </h2>
              {differing.length === 0 ? (
                <p className="text-muted-foreground">Every tier sees the same commands.</p>
              ) : (
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Commands that depend on the tier</caption>
                  <thead>
                    <tr className="border-b">
                      <th scope="col" className="py-2">
                        Command
                      </th>
                      {TIER_ORDER.map((each) => (
                        <th key={each} scope="col">
                          {TIER_LABELS[each]}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {differing.map((command) => (
                      <tr key={command.id} className="border-b">
                        <th scope="row" className="py-2 font-medium">
                          {command.label}
                        </th>
                        {byTier.map((ids, index) => (
                          <td key={TIER_ORDER[index]}>
                            {ids.has(command.id) ? (
                              <CheckIcon className="size-4 text-success" aria-label="Yes" />
                            ) : (
                              <MinusIcon className="size-4 text-muted-foreground" aria-label="No" />
                            )}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          )}
        </div>
      </div>
      <CommandPalette
        open={open}
        onOpenChange={setOpen}
        commands={commands}
        onRun={(command) => setRan(demoRan(command.label))}
      />
      <p role="status" className="text-sm font-medium">
        {ran}
      </p>
    </PageColumn>
  );
}
