import { createFileRoute } from "@tanstack/react-router";
import { CommandPaletteTiersDemo } from "@/features/demos/command-palette-tiers-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/command-palette-tiers")({
  head: seo({ title: "Command palette by tier", description: "Which commands each kind of member and tier sees in the LWCC command palette.", noindex: true }),
  component: CommandPaletteTiersDemo,
});
