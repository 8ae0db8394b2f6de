import { createFileRoute } from "@tanstack/react-router";
import { UserProvisioningDemo } from "@/features/demos/user-provisioning-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/user-provisioning")({
  head: seo({
    title: "User provisioning demo",
    description: "How a visitor who books becomes a guest member, step by step.",
    noindex: true,
  }),
  component: UserProvisioningDemo,
});
