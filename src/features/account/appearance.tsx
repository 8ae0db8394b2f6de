import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { THEME_LABELS, THEME_PREFERENCES, type ThemePreference } from "@/features/theme/theme";
import { useTheme } from "@/features/theme/use-theme";
import { ChoiceGroup, type Choice } from "./choice-group";

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;
const HINTS: Partial<Record<ThemePreference, string>> = { system: "Follows your device's setting." };

const THEME_CHOICES: Choice<ThemePreference>[] = THEME_PREFERENCES.map((preference) => ({
  value: preference,
  label: THEME_LABELS[preference],
  hint: HINTS[preference],
  icon: ICONS[preference],
}));

/** Light, Dark or Auto; the choice applies at once and is kept in this browser. */
export function ThemeChoice() {
  const { preference, setPreference } = useTheme();
  return (
    <ChoiceGroup
      legend="Theme"
      name="theme"
      choices={THEME_CHOICES}
      value={preference}
      onChange={setPreference}
      className="sm:grid-cols-3"
    />
  );
}
