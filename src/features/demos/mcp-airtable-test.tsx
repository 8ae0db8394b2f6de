import { DEBUG_TEXTS } from "@convex/model/debug";
import { CircleSlashIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DebugNote, DebugPage, DebugSection, JsonBlock } from "./debug-parts";

export const AIRTABLE_TEXT = {
  title: "MCP Airtable integration test",
  lead: "A test post to the Airtable integration. It answers plainly: the integration is not configured.",
  post: "Post a test record",
} as const;

/** The record a post would send, were an integration configured. */
const TEST_RECORD = { table: "Leads", fields: { Name: "Test record", Source: "LWCC debug page", CreatedAt: "(the time of the post)" } };

/**
 * /demos/mcp-airtable. The answer is given here in the browser, on purpose: convex/integrations has
 * no Airtable or MCP adapter (identity, payments, e-mail and AI extraction only), so there is no
 * backend to call and nothing to pretend with. When one is added, this button calls it instead.
 */
export function McpAirtableTest() {
  const id = useId();
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <DebugPage id="airtable-title" title={AIRTABLE_TEXT.title} lead={AIRTABLE_TEXT.lead}>
      <DebugSection id={`${id}-post`} title="Test post">
        <JsonBlock label="What the post would send" value={TEST_RECORD} />
        <Button className="self-start" onClick={() => setAnswer(DEBUG_TEXTS.airtableNotConfigured)}>
          {AIRTABLE_TEXT.post}
        </Button>
        <div role="status" aria-live="polite">
          {answer ? (
            <p className="flex items-start gap-2 font-medium">
              <CircleSlashIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
              {answer}
            </p>
          ) : null}
        </div>
        <DebugNote>No request leaves this page: there is no Airtable key or MCP server in this app's configuration.</DebugNote>
      </DebugSection>
    </DebugPage>
  );
}
