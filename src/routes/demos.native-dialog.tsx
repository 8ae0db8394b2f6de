import { createFileRoute } from "@tanstack/react-router";
import { NativeDialogDemo } from "@/features/demos/native-dialog-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/native-dialog")({
  head: seo({ title: "Native dialog test", description: "Three demos of the browser's own dialog element.", noindex: true }),
  component: NativeDialogDemo,
});
