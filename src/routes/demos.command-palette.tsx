import { createFileRoute } from "@tanstack/react-router";
import { CommandPaletteDemo } from "@/features/demos/command-palette-demo";
import { validatePaletteDemoSearch } from "@/features/demos/command-palette-demo-search";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/command-palette")({
  head: seo({ title: "Command palette demo", description: "The keys and the ranking of the LWCC command palette.", noindex: true }),
  validateSearch: validatePaletteDemoSearch,
  component: function CommandPaletteDemoRoute() {
    const { entries } = Route.useSearch();
    return <CommandPaletteDemo entries={entries} />;
  },
});
