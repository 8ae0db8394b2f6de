import type { TemplateAnalytics } from "@convex/model/emailDashboard";
import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/user-error";
import { campaignCount, formatCount, formatPercent, statusLabel } from "./format";
import { ChartFigure, EmptyState, KpiGrid, KpiTile, Panel, RateBarChart } from "./parts";
import { TemplateDialog, type TemplateDialogProps, type TemplateTarget } from "./template-dialog";
import { EMAIL_UI_TEXTS } from "./texts";
import type { TemplateRow } from "./types";

export interface TemplatesTabProps {
  analytics: TemplateAnalytics;
  /** Every template, archived ones included; undefined while loading. */
  templates: TemplateRow[] | undefined;
  templateTools?: TemplateDialogProps["templateTools"];
  onSave: TemplateDialogProps["onSave"];
  /** Archives (true) or restores (false) a template. */
  onArchive: (id: TemplateRow["_id"], archived: boolean) => Promise<void>;
}

function TemplateItem({ template, onEdit, onArchive }: { template: TemplateRow; onEdit: () => void; onArchive: TemplatesTabProps["onArchive"] }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const archived = template.archivedAt !== undefined;

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      await onArchive(template._id, !archived);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{template.name}</h3>
        <div className="flex flex-wrap gap-2">
          {archived ? null : (
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
              <PencilIcon aria-hidden />
              Edit
            </Button>
          )}
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void toggle()} aria-label={`${archived ? "Restore" : "Archive"} ${template.name}`}>
            {archived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
            {busy ? EMAIL_UI_TEXTS.processing : archived ? "Restore" : "Archive"}
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Category</dt>
          <dd>{statusLabel(template.category)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Used by</dt>
          <dd className="tabular-nums">
            {campaignCount(template.usage)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Open rate</dt>
          <dd className="tabular-nums">{formatPercent(template.openRate)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Click rate</dt>
          <dd className="tabular-nums">{formatPercent(template.clickRate)}</dd>
        </div>
      </dl>
      <InlineError>{error}</InlineError>
    </li>
  );
}

function TemplateList({ templates, onEdit, onArchive }: { templates: TemplateRow[]; onEdit: (template: TemplateRow) => void; onArchive: TemplatesTabProps["onArchive"] }) {
  return (
    <ul className="flex flex-col divide-y">
      {templates.map((template) => (
        <TemplateItem key={template._id} template={template} onEdit={() => onEdit(template)} onArchive={onArchive} />
      ))}
    </ul>
  );
}

/** Templates with how they perform, by template and by category; create, edit, archive, restore. */
export function TemplatesTab({ analytics, templates, templateTools, onSave, onArchive }: TemplatesTabProps) {
  const [target, setTarget] = useState<TemplateTarget>(null);
  const active = templates?.filter((template) => template.archivedAt === undefined) ?? [];
  const archived = templates?.filter((template) => template.archivedAt !== undefined) ?? [];
  const categories = analytics.performanceByCategory.map((row) => ({ ...row, label: statusLabel(row.category) }));

  return (
    <div className="flex flex-col gap-6">
      <KpiGrid label="Template analytics">
        <KpiTile label="Active templates" value={formatCount(analytics.activeTemplates)} />
        {analytics.mostUsedTemplates[0] ? (
          <KpiTile
            label="Most used template"
            value={analytics.mostUsedTemplates[0].name}
            hint={`${campaignCount(analytics.mostUsedTemplates[0].usage)} · ${formatPercent(analytics.mostUsedTemplates[0].openRate)} opened`}
          />
        ) : null}
      </KpiGrid>

      <Panel
        title="Templates"
        action={
          <Button onClick={() => setTarget("new")}>
            <PlusIcon aria-hidden />
            New template
          </Button>
        }
      >
        {templates === undefined ? (
          <LoadingList label="Loading templates" />
        ) : active.length === 0 ? (
          <EmptyState>{EMAIL_UI_TEXTS.noTemplates}</EmptyState>
        ) : (
          <TemplateList templates={active} onEdit={setTarget} onArchive={onArchive} />
        )}
        {archived.length > 0 ? (
          <details>
            <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
              Archived templates ({archived.length})
            </summary>
            <TemplateList templates={archived} onEdit={setTarget} onArchive={onArchive} />
          </details>
        ) : null}
      </Panel>

      <Panel title="Performance by category">
        {categories.length === 0 ? (
          <EmptyState>{EMAIL_UI_TEXTS.noTimeline}</EmptyState>
        ) : (
          <ChartFigure
            chart={
              <RateBarChart
                data={categories.map((row) => ({ label: row.label, open: row.averageOpenRate, click: row.averageClickRate }))}
                series={[
                  { key: "open", name: "Average open rate" },
                  { key: "click", name: "Average click rate" },
                ]}
              />
            }
            caption="Average open and click rate by template category"
            rows={categories}
            rowKey={(row) => row.category}
            columns={[
              { header: "Category", cell: (row) => row.label },
              { header: "E-mails sent", cell: (row) => formatCount(row.usage) },
              { header: "Average open rate", cell: (row) => formatPercent(row.averageOpenRate) },
              { header: "Average click rate", cell: (row) => formatPercent(row.averageClickRate) },
            ]}
          />
        )}
      </Panel>

      <TemplateDialog target={target} onClose={() => setTarget(null)} templateTools={templateTools} onSave={onSave} />
    </div>
  );
}
