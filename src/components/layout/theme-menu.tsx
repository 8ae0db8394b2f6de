import { MoonIcon, SunIcon } from "lucide-react";
import { lazy, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { THEME_LABELS } from "@/features/theme/theme";
import { useTheme } from "@/features/theme/use-theme";
import { DeferredMenu } from "./deferred-menu";

const load = () => import("./theme-menu-content");
const ThemeMenuContent = lazy(load);

/** The theme button: the sun or moon of the theme in use. */
export function ThemeTrigger(props: ComponentProps<typeof Button>) {
  const { preference, resolved } = useTheme();
  const Current = resolved === "dark" ? MoonIcon : SunIcon;
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[preference]}`} {...props}>
      <Current className="size-5" />
    </Button>
  );
}

export function ThemeMenu() {
  return <DeferredMenu menu={ThemeMenuContent} preload={() => void load()} props={{}} trigger={(handlers) => <ThemeTrigger {...handlers} />} />;
}
