import { useContext } from "react";
import { missingProvider } from "@/lib/missing-provider";
import { ThemeContext } from "./theme-provider";

export function useTheme() {
  const context = useContext(ThemeContext);
  if (!context) throw missingProvider("useTheme", "ThemeProvider", "in src/main.tsx around the whole app");
  return context;
}
