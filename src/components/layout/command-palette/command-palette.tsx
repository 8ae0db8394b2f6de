import { SearchIcon, XIcon } from "lucide-react";
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Command, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useReturnFocus } from "@/lib/use-return-focus";
import { isFreeText, PALETTE_GROUP_LABELS, visibleGroups, type PaletteCommand, type PaletteGroupId } from "./commands";
import { rankCommands } from "./ranking";

/** What running a command says back: an error keeps the palette open to show it; anything else closes it. */
export type RunResult = { error: string } | void;

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every command on offer, in the palette's own order (ties in the ranking keep it). */
  commands: readonly PaletteCommand[];
  /** Commands made from what is typed ("add ..."), ranked with the rest. */
  freeText?: (query: string) => PaletteCommand[];
  onRun: (command: PaletteCommand) => Promise<RunResult> | RunResult;
  /** Ids of recently used commands, newest first: shown on top while nothing is typed. */
  recent?: readonly string[];
  /** After closing, once focus is back where it was: another dialog may open from there. */
  onClosed?: () => void;
}

/** A search shows at most this many results: enough to find anything, few enough to scan. */
export const MAX_RESULTS = 20;
/**
 * While the groups are listed, each shows this many; the rest are one number key away. A calm
 * first view, and a keystroke never has to build or tear down hundreds of rows.
 */
export const GROUP_PREVIEW = 12;
/** Number keys run the first nine listed items. */
const NUMBERED = 9;
const RECENT_SHOWN = 3;

export const NO_RESULTS = "No results found.";

interface Section {
  key: string;
  heading: string;
  /** The number key that opens this group, while the groups are listed. */
  number?: number;
  items: PaletteCommand[];
  /** How many more the group holds than it shows. */
  more?: number;
}

function digitOf(event: KeyboardEvent): number | null {
  if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return null;
  return Number(event.key);
}

interface PaletteItemProps {
  command: PaletteCommand;
  value: string;
  /** The number key that runs it, or 0. */
  number: number;
  typed: boolean;
  onRun: (command: PaletteCommand) => void;
}

/**
 * One listed command. Memoised: moving the highlight, or a keystroke that keeps most results,
 * re-renders the palette, and with 500 commands listed re-rendering every cmdk item (each
 * re-registers with cmdk in a layout effect) took longer than a frame.
 */
const PaletteItem = memo(function PaletteItem({ command, value, number, typed, onRun }: PaletteItemProps) {
  return (
    <CommandItem value={value} onSelect={() => onRun(command)}>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate">{command.label}</span>
        {command.hint || typed ? (
          <span className="truncate text-xs text-muted-foreground">
            {[command.hint, typed ? PALETTE_GROUP_LABELS[command.group] : undefined].filter(Boolean).join(" · ")}
          </span>
        ) : null}
      </span>
      {number > 0 ? (
        <kbd aria-hidden className="rounded border bg-muted px-1.5 font-mono text-[11px] text-muted-foreground">
          {number}
        </kbd>
      ) : null}
    </CommandItem>
  );
});

/**
 * The command palette (SPEC §2) on cmdk in a dialog. While nothing is typed the groups are
 * listed, and 1-4 opens one; inside a group, or after typing, 1-9 runs a numbered item. Arrows
 * and Enter work throughout; Escape closes and focus returns where it was.
 */
export function CommandPalette({ open, onOpenChange, commands, freeText, onRun, recent = [], onClosed }: CommandPaletteProps) {
  const [query, setQuery] = useState("");
  const [scope, setScope] = useState<PaletteGroupId | null>(null);
  const [selected, setSelected] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const returnFocus = useReturnFocus(onClosed);
  const errorId = useId();
  const helpId = useId();

  const groups = useMemo(() => visibleGroups(commands), [commands]);
  const typed = query.trim() !== "";

  const sections = useMemo((): Section[] => {
    const inScope = (command: PaletteCommand) => scope === null || command.group === scope;
    if (typed) {
      const candidates = [...commands, ...(freeText?.(query) ?? [])].filter(inScope);
      const results = rankCommands(candidates, query).slice(0, MAX_RESULTS);
      return results.length ? [{ key: "results", heading: "Results", items: results }] : [];
    }
    if (scope !== null) return [{ key: scope, heading: PALETTE_GROUP_LABELS[scope], items: commands.filter(inScope) }];
    const byId = new Map(commands.map((command) => [command.id, command]));
    const recentItems = recent.flatMap((id) => byId.get(id) ?? []).slice(0, RECENT_SHOWN);
    return [
      ...(recentItems.length ? [{ key: "recent", heading: "Recent", items: recentItems }] : []),
      ...groups.map((group, index) => {
        const items = commands.filter((command) => command.group === group.id);
        return {
          key: group.id,
          heading: group.label,
          number: index + 1,
          items: items.slice(0, GROUP_PREVIEW),
          more: Math.max(0, items.length - GROUP_PREVIEW),
        };
      }),
    ];
  }, [commands, freeText, groups, query, recent, scope, typed]);

  // Number keys pick items inside a group or among results, never while the groups are listed.
  const numbered = typed || scope !== null ? (sections[0]?.items.slice(0, NUMBERED) ?? []) : [];
  const firstValue = sections[0]?.items[0] ? `${sections[0].key}:${sections[0].items[0].id}` : "";
  const visibleValues = useMemo(
    () =>
      new Set(
        sections.flatMap((section) => [
          ...section.items.map((item) => `${section.key}:${item.id}`),
          ...(section.more ? [`${section.key}:more`] : []),
        ]),
      ),
    [sections],
  );
  // A new search or group starts at its best match; a live update that removes the highlighted item moves to the first.
  const listKey = `${scope ?? ""}|${query}`;
  const [selectionFor, setSelectionFor] = useState(listKey);
  if (selectionFor !== listKey) {
    setSelectionFor(listKey);
    setSelected(firstValue);
  } else if (!visibleValues.has(selected) && selected !== firstValue) {
    setSelected(firstValue);
  }

  function reset() {
    setQuery("");
    setScope(null);
    setError(null);
  }

  function changeOpen(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  async function run(command: PaletteCommand) {
    if (running) return;
    setError(null);
    setRunning(true);
    try {
      const result = await onRun(command);
      // A command that did its work closes the palette, so the next Ctrl+K opens it rather than closing it.
      if (result) setError(result.error);
      else changeOpen(false);
    } finally {
      setRunning(false);
    }
  }

  // The items get one callback for the palette's life, so a re-render leaves them alone; it runs
  // the latest `run`, which sees the current state.
  const latestRun = useRef(run);
  useLayoutEffect(() => {
    latestRun.current = run;
  });
  const runItem = useCallback((command: PaletteCommand) => void latestRun.current(command), []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Backspace" && query === "" && scope !== null) {
      event.preventDefault();
      setScope(null);
      return;
    }
    const digit = digitOf(event);
    if (digit === null || isFreeText(query)) return;
    event.preventDefault();
    if (!typed && scope === null) {
      const group = groups[digit - 1];
      if (group) setScope(group.id);
      return;
    }
    const command = numbered[digit - 1];
    if (command) void run(command);
  }

  const listing = !typed && scope === null;
  const help = listing
    ? `Type to search, or press 1 to ${groups.length} to open a group. Arrow keys move, Enter runs, Escape closes.`
    : "Press 1 to 9 to run a numbered item. Arrow keys move, Enter runs, Escape closes.";

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        showCloseButton={false}
        aria-describedby={helpId}
        {...returnFocus}
        className="top-[12vh] max-h-[80dvh] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
      >
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription id={helpId} className="sr-only">
          {help}
        </DialogDescription>
        <Command shouldFilter={false} loop value={selected} onValueChange={setSelected} onKeyDown={onKeyDown} label="Commands">
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            {scope !== null ? (
              <button
                type="button"
                onClick={() => setScope(null)}
                aria-label={`${PALETTE_GROUP_LABELS[scope]}: show all groups`}
                className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md bg-accent px-2 text-sm font-medium text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                {PALETTE_GROUP_LABELS[scope]}
                <XIcon className="size-4" aria-hidden />
              </button>
            ) : null}
            <CommandInput
              value={query}
              onValueChange={(value) => {
                setQuery(value);
                setError(null);
              }}
              placeholder="Type a command or search..."
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {error ? (
            <p id={errorId} role="alert" className="border-b bg-destructive/10 px-4 py-2 text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <CommandList className="max-h-[min(60dvh,28rem)]">
            {sections.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-muted-foreground" role="status">
                {NO_RESULTS}
              </p>
            ) : (
              sections.map((section) => (
                <CommandGroup
                  key={section.key}
                  heading={
                    section.number ? (
                      <span className="flex items-center gap-2">
                        <kbd className="rounded border bg-muted px-1.5 font-mono text-[11px]">{section.number}</kbd>
                        {section.heading}
                      </span>
                    ) : (
                      section.heading
                    )
                  }
                >
                  {section.items.map((command) => (
                    <PaletteItem
                      key={command.id}
                      command={command}
                      value={`${section.key}:${command.id}`}
                      number={section.key === sections[0]?.key ? numbered.indexOf(command) + 1 : 0}
                      typed={typed}
                      onRun={runItem}
                    />
                  ))}
                  {section.more ? (
                    <CommandItem value={`${section.key}:more`} onSelect={() => setScope(section.key as PaletteGroupId)}>
                      <span className="text-muted-foreground">
                        Show all {section.more + GROUP_PREVIEW} in {section.heading} (press {section.number})
                      </span>
                    </CommandItem>
                  ) : null}
                </CommandGroup>
              ))
            )}
          </CommandList>
          <div className="flex flex-wrap items-center justify-end gap-2 border-t px-4 py-2 text-xs text-muted-foreground">
            <p aria-hidden>{listing ? `1-${groups.length} group · ↑↓ move · Enter run · Esc close` : "1-9 run · ↑↓ move · Enter run · Esc close"}</p>
          </div>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
