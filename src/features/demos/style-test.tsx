import { useId, useSyncExternalStore } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useTheme } from "@/features/theme/use-theme";
import { DebugPage, DebugSection } from "./debug-parts";

export const STYLE_TEST_TEXT = {
  title: "Style test",
  lead: "The site's type scale and colour tokens (src/styles.css) as they render in the current theme.",
} as const;

/** Colour pairs meant to carry text; the class names are spelled out so Tailwind keeps them. */
const PAIRS = [
  { token: "background", className: "bg-background text-foreground" },
  { token: "card", className: "bg-card text-card-foreground" },
  { token: "popover", className: "bg-popover text-popover-foreground" },
  { token: "primary", className: "bg-primary text-primary-foreground" },
  { token: "secondary", className: "bg-secondary text-secondary-foreground" },
  { token: "muted", className: "bg-muted text-muted-foreground" },
  { token: "accent", className: "bg-accent text-accent-foreground" },
  { token: "destructive", className: "bg-destructive text-destructive-foreground" },
  { token: "warning-muted", className: "bg-warning-muted text-warning-foreground" },
] as const;

/** Tokens for marks, lines and icons only: they carry no text. */
const MARKS = [
  { token: "success", className: "bg-success" },
  { token: "warning", className: "bg-warning" },
  { token: "border", className: "bg-border" },
  { token: "input", className: "bg-input" },
  { token: "ring", className: "bg-ring" },
] as const;

const TYPE_SCALE = [
  { name: "text-4xl bold", className: "text-4xl font-bold tracking-tight" },
  { name: "text-3xl bold", className: "text-3xl font-bold tracking-tight" },
  { name: "text-2xl bold", className: "text-2xl font-bold tracking-tight" },
  { name: "text-xl semibold", className: "text-xl font-semibold" },
  { name: "text-lg", className: "text-lg" },
  { name: "text-base", className: "text-base" },
  { name: "text-sm muted", className: "text-sm text-muted-foreground" },
  { name: "font-mono", className: "font-mono text-sm" },
] as const;

const ALL_TOKENS = [...PAIRS.map((pair) => pair.token), ...MARKS.map((mark) => mark.token)];

/** The theme is a class on <html> (features/theme): watch it, and read the variables again when it changes. */
function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
  return () => observer.disconnect();
}

function tokenSnapshot(): string {
  const style = getComputedStyle(document.documentElement);
  return ALL_TOKENS.map((token) => style.getPropertyValue(`--${token}`).trim()).join("|");
}

/** The computed value of each colour token in the theme showing now. */
function useTokenValues() {
  const { resolved } = useTheme();
  const joined = useSyncExternalStore(subscribeToTheme, tokenSnapshot, () => "");
  const parts = joined.split("|");
  const values: Record<string, string> = Object.fromEntries(ALL_TOKENS.map((token, index) => [token, parts[index] ?? ""]));
  return { values, resolved };
}

/** /demos/style-test (noindex). */
export function StyleTest() {
  const id = useId();
  const { values, resolved } = useTokenValues();
  return (
    <DebugPage id="style-test-title" title={STYLE_TEST_TEXT.title} lead={STYLE_TEST_TEXT.lead} wide>
      <DebugSection id={`${id}-type`} title="Type scale">
        <ul className="flex flex-col gap-3">
          {TYPE_SCALE.map((step) => (
            <li key={step.name} className="flex flex-col gap-1 border-b pb-3 last:border-0">
              <span className="font-mono text-xs text-muted-foreground">{step.name}</span>
              <span className={step.className}>One clear next action per screen.</span>
            </li>
          ))}
        </ul>
      </DebugSection>
      <DebugSection id={`${id}-colours`} title={`Colour tokens (${resolved} theme)`}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {PAIRS.map((pair) => (
            <li key={pair.token} className={`flex flex-col gap-1 rounded-lg border p-4 ${pair.className}`}>
              <span className="font-semibold">{pair.token}</span>
              <span className="font-mono text-xs">{values[pair.token] || "…"}</span>
            </li>
          ))}
        </ul>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {MARKS.map((mark) => (
            <li key={mark.token} className="flex items-center gap-3 text-sm">
              <span className={`size-8 shrink-0 rounded-md border ${mark.className}`} aria-hidden />
              <span>
                <span className="font-semibold">{mark.token}</span> <span className="font-mono text-xs">{values[mark.token] || "…"}</span>
              </span>
            </li>
          ))}
        </ul>
      </DebugSection>
      <DebugSection id={`${id}-components`} title="Components">
        <div className="flex flex-wrap gap-3">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="destructive">Destructive</Button>
          <Button disabled>Disabled</Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge>Default</Badge>
          <Badge variant="secondary">Secondary</Badge>
          <Badge variant="outline">Outline</Badge>
        </div>
        <p>
          Body text with <a href="#style-test-title" className="text-primary underline">a link</a> and <strong>strong words</strong>.
        </p>
      </DebugSection>
    </DebugPage>
  );
}
