import { SearchIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { isPaletteShortcut } from "./shortcut";

const load = () => import("./site-command-palette");
const SiteCommandPalette = lazy(load);

const noChange = () => () => {};
const onApple = () => /mac|iphone|ipad/i.test(navigator.userAgent);

/**
 * The header's search button and the shortcut. The palette itself (cmdk, the dialog, every
 * command) is fetched when the button is first hovered, focused or pressed, or on the shortcut.
 */
export function PaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Prerendered pages show "Ctrl K"; the browser then says whether it is a Mac.
  const mac = useSyncExternalStore(noChange, onApple, () => false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // Browsers use Ctrl+K for their own search box; here it is the palette's.
      event.preventDefault();
      setWanted(true);
      setOpen((current) => !current);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const shortcut = mac ? "⌘K" : "Ctrl K";
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground lg:w-auto lg:border lg:px-3"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <SearchIcon className="size-5 lg:size-4" aria-hidden />
        {/* Named by its text, which starts with what it shows (WCAG 2.5.3), at every width. */}
        <span className="sr-only lg:not-sr-only">Search</span> <span className="sr-only">and commands</span>
        <kbd aria-hidden className="hidden rounded border bg-muted px-1.5 font-mono text-[11px] lg:inline">
          {shortcut}
        </kbd>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SiteCommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
