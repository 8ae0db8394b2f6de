import { CheckIcon, ChevronDownIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { ControlProps } from "@/components/forms/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { searchZones, TIMEZONE_SEARCH_DEBOUNCE_MS, zoneLabel, zoneOffset } from "./time-zones";

interface TimezoneComboboxProps {
  /** Ties the field to its label, hint and error (FormField). */
  control: ControlProps;
  name: string;
  zones: readonly string[];
  /** The field's text: a zone's label once one is chosen, or what the member typed. */
  value: string;
  onChange: (text: string) => void;
}

/**
 * A text field with a list of time zones under it (the ARIA combobox pattern): typing filters
 * the list after a short pause, arrows move through it, Enter chooses, Escape closes. The list
 * sits right under the field, over the content below, so nothing on the page moves.
 */
export function TimezoneCombobox({ control, name, zones, value, onChange }: TimezoneComboboxProps) {
  const listId = `${control.id}-options`;
  const optionId = (index: number) => `${listId}-${index}`;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(-1);
  // Offsets are worked out once per zone shown, at the moment the page opened.
  const [openedAt] = useState(() => Date.now());
  const [offsets] = useState(() => new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const matches = useMemo(() => searchZones(zones, search), [zones, search]);
  const activeZone = open ? matches[active] : undefined;

  useEffect(() => () => clearTimeout(timer.current), []);

  const activeId = activeZone ? optionId(active) : undefined;

  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeId]);

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
    const chosen = matches.findIndex((zone) => zoneLabel(zone) === value);
    if (at === "chosen") setActive(chosen >= 0 ? chosen : 0);
    else if (at === "last") setActive(matches.length - 1);
    else setActive(-1);
  }

  function close() {
    setOpen(false);
    setActive(-1);
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
    setActive(-1);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSearch(text);
      setActive(-1);
    }, TIMEZONE_SEARCH_DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) show(event.altKey ? "none" : "chosen");
        else setActive((index) => Math.min(index + 1, matches.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) show("last");
        else setActive((index) => (index <= 0 ? matches.length - 1 : index - 1));
        break;
      case "Enter":
        // With no option highlighted, Enter submits the form as usual.
        if (activeZone) {
          event.preventDefault();
          choose(activeZone);
        }
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
    <div className="relative">
      <Input
        {...control}
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
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
      {open ? (
        <div className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          <ul id={listId} role="listbox" aria-label="Time zones">
            {matches.map((zone, index) => {
              const selected = zoneLabel(zone) === value;
              return (
                <li
                  key={zone}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  data-active={index === active}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-sm px-3 py-2 data-[active=true]:bg-accent data-[active=true]:text-accent-foreground"
                  // Keep focus in the field, so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(zone)}
                >
                  <CheckIcon className={cn("size-4 shrink-0", selected ? "opacity-100" : "opacity-0")} aria-hidden />
                  <span className="min-w-0 flex-1 break-words">{zoneLabel(zone)}</span>{" "}
                  <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{offsetOf(zone)}</span>
                </li>
              );
            })}
          </ul>
          {matches.length === 0 ? (
            <p className="px-3 py-2 text-muted-foreground">No time zone matches. Try a city, such as Berlin.</p>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {open ? countText(matches.length) : ""}
      </p>
    </div>
  );
}

function countText(count: number): string {
  if (count === 0) return "No time zones found";
  return count === 1 ? "1 time zone found" : `${count} time zones found`;
}
