import { CheckIcon, ChevronDownIcon } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { ControlProps } from "@/components/forms/form-field";
import { Command, CommandItem, CommandList } from "@/components/ui/command";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { searchZones, TIMEZONE_SEARCH_DEBOUNCE_MS, zoneLabel, zoneOffset } from "./time-zones";

/**
 * cmdk's value while no option is highlighted. Not "": with an empty value cmdk highlights the
 * first option by itself, and Enter would then choose a zone the member never pointed at.
 */
const NO_OPTION = "-";

interface TimezoneComboboxProps {
  /** Ties the field to its label, hint and error (FormField). */
  control: ControlProps;
  name: string;
  zones: readonly string[];
  /** The field's text: a zone's label once one is chosen, or what the member typed. */
  value: string;
  onChange: (text: string) => void;
}

function setAttribute(element: HTMLElement, name: string, value: string | undefined) {
  if (value) element.setAttribute(name, value);
  else element.removeAttribute(name);
}

/**
 * A text field with a list of time zones under it (the ARIA combobox pattern, on cmdk): typing
 * filters the list after a short pause, arrows move through it, Enter chooses, Escape closes.
 * The filtering is ours (cmdk's is off); cmdk moves the highlight and chooses. The list sits right
 * under the field, over the content below, so nothing on the page moves. Text that matches no zone
 * gets a line under the field instead, in the page's flow, so it never covers the form's button.
 */
export function TimezoneCombobox({ control, name, zones, value, onChange }: TimezoneComboboxProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(NO_OPTION);
  // Offsets are worked out once per zone shown, at the moment the page opened.
  const [openedAt] = useState(() => Date.now());
  const [offsets] = useState(() => new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const matches = useMemo(() => searchZones(zones, search), [zones, search]);
  const noMatch = search.trim() !== "" && matches.length === 0;

  useEffect(() => () => clearTimeout(timer.current), []);

  useLayoutEffect(() => {
    // cmdk gives the list and its options their own ids, so the field points at them once they are in the page.
    const input = field.current;
    if (!input) return;
    const option =
      active === NO_OPTION
        ? undefined
        : Array.from(list.current?.querySelectorAll<HTMLElement>("[cmdk-item]") ?? []).find((element) => element.dataset.value === active);
    setAttribute(input, "aria-controls", list.current?.id);
    setAttribute(input, "aria-activedescendant", option?.id);
    option?.scrollIntoView({ block: "nearest" });
  }, [open, active, matches]);

  function offsetOf(zone: string): string {
    let offset = offsets.get(zone);
    if (offset === undefined) {
      offset = zoneOffset(zone, openedAt);
      offsets.set(zone, offset);
    }
    return offset;
  }

  function show(at: "chosen" | "last" | "none") {
    setOpen(true);
    const chosen = matches.find((zone) => zoneLabel(zone) === value);
    if (at === "chosen") setActive(chosen ?? matches[0] ?? NO_OPTION);
    else if (at === "last") setActive(matches.at(-1) ?? NO_OPTION);
    else setActive(NO_OPTION);
  }

  function close() {
    setOpen(false);
    setActive(NO_OPTION);
  }

  function choose(zone: string) {
    clearTimeout(timer.current);
    setSearch("");
    onChange(zoneLabel(zone));
    close();
  }

  function type(text: string) {
    onChange(text);
    setOpen(true);
    setActive(NO_OPTION);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setSearch(text);
      setActive(NO_OPTION);
    }, TIMEZONE_SEARCH_DEBOUNCE_MS);
  }

  /**
   * An arrow pressed before the pause that filters the list: the list is filtered now and the
   * highlight starts in it, so a quick typist never picks from the unfiltered list (which the
   * pending filter would then replace, dropping the highlight).
   */
  function filterNow(key: "ArrowDown" | "ArrowUp") {
    clearTimeout(timer.current);
    timer.current = undefined;
    const fresh = searchZones(zones, value);
    setSearch(value);
    setOpen(true);
    setActive((key === "ArrowUp" ? fresh.at(-1) : fresh[0]) ?? NO_OPTION);
  }

  // The keys cmdk handles (arrows, Enter) reach it from here; this decides what it must not get.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (timer.current !== undefined) {
          event.preventDefault();
          filterNow(event.key);
        } else if (!open) {
          // A closed list opens first; cmdk moves through an open one.
          event.preventDefault();
          show(event.key === "ArrowUp" ? "last" : event.altKey ? "none" : "chosen");
        }
        break;
      case "Home":
      case "End":
        // They move the caret in the text, not the highlight.
        event.stopPropagation();
        break;
      case "Enter":
        // With no option highlighted, Enter submits the form as usual; cmdk would swallow it.
        if (!open || active === NO_OPTION) event.stopPropagation();
        break;
      case "Escape":
        if (open) {
          // Only the list closes, not a dialog around the form.
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  }

  return (
    <Command
      shouldFilter={false}
      value={active}
      onValueChange={setActive}
      loop
      // Ctrl+K stays the command palette's (UX.md); arrows are enough here.
      vimBindings={false}
      // Not focusable itself: a click beside the options must not take focus from the field.
      tabIndex={undefined}
      className="relative overflow-visible rounded-none bg-transparent text-foreground"
    >
      <Input
        {...control}
        ref={field}
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="pr-10"
        value={value}
        onChange={(event) => type(event.target.value)}
        onClick={() => {
          if (!open) show("none");
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ChevronDownIcon className="pointer-events-none absolute top-3 right-3 size-5 text-muted-foreground" aria-hidden />
      {open && !noMatch ? (
        <CommandList
          // A new search starts a fresh list, scrolled to the top. Dropping the old one whole is also
          // what keeps typing fast: cmdk looks for the highlight each time it removes one option.
          key={search}
          ref={list}
          label="Time zones"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          // Keeps focus in the field, so the list stays open while it is clicked or scrolled.
          onMouseDown={(event) => event.preventDefault()}
        >
          {matches.map((zone) => {
            const chosen = zoneLabel(zone) === value;
            return (
              <CommandItem
                key={zone}
                value={zone}
                onSelect={() => choose(zone)}
                // cmdk's aria-selected follows the highlight; this marks the zone the field holds.
                aria-current={chosen || undefined}
                className="cursor-pointer px-3 py-2 text-base"
              >
                <CheckIcon className={cn("size-4 text-foreground", chosen ? "opacity-100" : "opacity-0")} aria-hidden />
                <span className="min-w-0 flex-1 break-words">{zoneLabel(zone)}</span>{" "}
                <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{offsetOf(zone)}</span>
              </CommandItem>
            );
          })}
        </CommandList>
      ) : null}
      {noMatch ? <p className="mt-1 text-sm text-muted-foreground">No time zone matches. Try a city, such as Berlin.</p> : null}
      <p role="status" className="sr-only">
        {open ? countText(matches.length) : ""}
      </p>
    </Command>
  );
}

function countText(count: number): string {
  if (count === 0) return "No time zones found";
  return count === 1 ? "1 time zone found" : `${count} time zones found`;
}
