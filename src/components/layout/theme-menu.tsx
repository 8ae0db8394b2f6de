import { MoonIcon, SunIcon } from "lucide-react";
import { lazy, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { THEME_LABELS } from "@/features/theme/theme";
import { useTheme } from "@/features/theme/use-theme";
import { DeferredMenu } from "./deferred-menu";

const load = () => import("./theme-menu-content");
const ThemeMenuContent = lazy(load);

/**
 * The theme button: the sun or moon of the theme in use. The page's class picks the icon, so a
 * prerendered page shows the right one before the app has started.
 */
export function ThemeTrigger(props: ComponentProps<typeof Button>) {
  const { preference } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[preference]}`} {...props}>
      <SunIcon className="size-5 dark:hidden" aria-hidden />
      <MoonIcon className="hidden size-5 dark:block" aria-hidden />
    </Button>
  );
}

export function ThemeMenu() {
  return <DeferredMenu menu={ThemeMenuContent} preload={() => void load()} props={{}} trigger={(handlers) => <ThemeTrigger {...handlers} />} />;
}
