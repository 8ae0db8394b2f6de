import { createFileRoute } from "@tanstack/react-router";
import { McpAirtableTest } from "@/features/demos/mcp-airtable-test";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/mcp-airtable")({
  head: seo({ title: "MCP Airtable integration test", description: "A test post that answers: the integration is not configured.", noindex: true }),
  component: McpAirtableTest,
});
