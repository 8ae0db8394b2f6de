import { useNavigate } from "@tanstack/react-router";
import { useId, useMemo, useState } from "react";
import { CommandPalette } from "@/components/layout/command-palette/command-palette";
import { PALETTE_GROUP_LABELS, staticCommands, type PaletteCommand } from "@/components/layout/command-palette/commands";
import { scoreCommand, SCORES } from "@/components/layout/command-palette/ranking";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageColumn, PageHeader } from "@/features/marketing/page-parts";
import { demoRan, STRESS_SIZES } from "./command-palette-demo-search";

const RULE_NAMES: Record<number, string> = {
  [SCORES.exactLabel]: "exact label",
  [SCORES.labelPrefix]: "label prefix",
  [SCORES.exactKeyword]: "exact keyword",
  [SCORES.keywordPrefix]: "keyword prefix",
  [SCORES.twoLetterInKeyword]: "two letters inside a long keyword",
  [SCORES.keywordSubstring]: "keyword substring",
  [SCORES.labelSubstring]: "label substring",
};

const KEYS: [string, string][] = [
  ["Ctrl+K or Cmd+K", "Open or close the palette, from any page"],
  ["1 to 4", "With nothing typed: open a group (Navigation, Theme, Account, Dashboard)"],
  ["1 to 9", "Inside a group or after typing: run the numbered item"],
  ["Arrow keys, Enter", "Move the highlight, run it"],
  ["Backspace", "With nothing typed: leave the group"],
  ["Escape", "Close; focus goes back where it was"],
];

/** Stress-test commands: clearly made up, so a long list can be tried (and measured by the bench). */
function stressCommands(count: number): PaletteCommand[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `stress:${index + 1}`,
    label: `Sample command ${index + 1}`,
    keywords: [`sample ${index % 10}`, `stress test ${index % 7}`],
    group: "navigation",
    action: { kind: "navigate", to: "/demos/command-palette" },
  }));
}

/**
 * The command palette demo (SPEC §2 demos): the keys, a playground that shows the score and the
 * rule behind each match, and the palette itself with the visitor's commands plus up to 1,000
 * sample ones. Commands here only say what they would do.
 */
export function CommandPaletteDemo({ entries = 0 }: { entries?: number }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [ran, setRan] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const searchId = useId();
  const commands = useMemo(() => [...staticCommands(null), ...stressCommands(entries)], [entries]);
  const playground = useMemo(() => staticCommands(null), []);
  const scored = playground
    .map((command) => ({ command, score: scoreCommand(command, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);

  return (
    <PageColumn labelledBy="palette-demo-title">
      <PageHeader
        id="palette-demo-title"
        eyebrow="Demo"
        title="Command palette"
        lead="One shortcut to every page and setting. Try the keys, see how a search is ranked, and open the palette with a long list."
      />
      <section aria-labelledby="palette-keys" className="mt-10 space-y-4">
        <h2 id="palette-keys" className="text-xl font-semibold">
          Keys
        </h2>
        <dl className="grid gap-3 sm:grid-cols-[auto_1fr]">
          {KEYS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt className="font-mono text-sm font-semibold">{keys}</dt>
              <dd className="text-muted-foreground">{what}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="palette-ranking" className="mt-10 space-y-4">
        <h2 id="palette-ranking" className="text-xl font-semibold">
          How a search is ranked
        </h2>
        <p className="text-muted-foreground">
          Each command scores the best rule it meets: exact label 100, label prefix 90, exact keyword 85, keyword prefix 80, two letters inside a
          keyword of 5 or more characters 70, keyword substring 65, label substring 60 (the last two from 3 typed characters). Equal scores keep
          the palette&apos;s order.
        </p>
        <div className="flex max-w-sm flex-col gap-2">
          <Label htmlFor={searchId}>Try a search</Label>
          <Input id={searchId} value={query} onChange={(event) => setQuery(event.target.value)} placeholder="for example: pri, plans, dark" />
        </div>
        {query.trim() === "" ? null : scored.length === 0 ? (
          <p role="status">No results found.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Matches for {query}, best first</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2">
                  Command
                </th>
                <th scope="col">Group</th>
                <th scope="col">Score</th>
                <th scope="col">Rule</th>
              </tr>
            </thead>
            <tbody>
              {scored.map(({ command, score }) => (
                <tr key={command.id} className="border-b">
                  <td className="py-2 font-medium">{command.label}</td>
                  <td>{PALETTE_GROUP_LABELS[command.group]}</td>
                  <td className="tabular-nums">{score}</td>
                  <td className="text-muted-foreground">{RULE_NAMES[score]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="palette-try" className="mt-10 space-y-4">
        <h2 id="palette-try" className="text-xl font-semibold">
          Try it with a long list
        </h2>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="mb-2 text-sm font-medium">Sample commands added</legend>
          {STRESS_SIZES.map((size) => (
            <Button
              key={size}
              variant={size === entries ? "default" : "outline"}
              aria-pressed={size === entries}
              onClick={() => void navigate({ to: "/demos/command-palette", search: size ? { entries: size } : {}, replace: true })}
            >
              {size.toLocaleString("en-US")}
            </Button>
          ))}
        </fieldset>
        <Button size="lg" onClick={() => setOpen(true)}>
          Open the demo palette
        </Button>
        <CommandPalette
          open={open}
          onOpenChange={setOpen}
          commands={commands}
          onRun={(command) => setRan(demoRan(command.label))}
        />
        <p role="status" className="text-sm font-medium">
          {ran}
        </p>
      </section>
    </PageColumn>
  );
}
