/**
 * What the campaign, template and error-record pages read, beyond the dashboard's own data
 * (@convex/model/emailDashboard). Only the fields the pages use, so richer rows from the
 * server still fit.
 */
import type { Doc, Id } from "@convex/_generated/dataModel";
import type { CampaignStatus, CampaignTestType, RecipientEvent, TemplateCategory } from "@convex/model/emailSystem";

export type CampaignAudience = Doc<"emailCampaigns">["audience"];

/** One row of the campaign list; rates in percent. */
export interface CampaignRow {
  _id: Id<"emailCampaigns">;
  name: string;
  status: CampaignStatus;
  audience: CampaignAudience;
  sent: number;
  openRate: number;
  clickRate: number;
  sentAt?: number;
  scheduledFor?: number;
}

export interface VariantStats {
  label: string;
  subject: string;
  sent: number;
  /** Opens for a subject test, clicks for a content test (and for a normal campaign, clicks). */
  conversions: number;
  /** conversions / sent, percent. */
  rate: number;
}

export interface CampaignDetail extends CampaignRow {
  testType?: CampaignTestType;
  createdAt: number;
  startedAt?: number;
  /** Recipients queued so far. */
  recipientCount: number;
  error?: string;
  /** How many recipients reached each event. */
  events: Record<RecipientEvent, number>;
  variants: VariantStats[];
  /** Set while an A/B test runs: whether its leading difference is significant, and its p-value. */
  abTest?: { isSignificant: boolean; pValue: number | null };
  abResult?: { winner: string; improvement: number; completedAt: number };
}

/** A template as the list shows and the editor changes it; rates in percent. */
export interface TemplateRow {
  _id: Id<"emailTemplates">;
  name: string;
  category: TemplateCategory;
  subject: string;
  body: string;
  usage: number;
  openRate: number;
  clickRate: number;
  archivedAt?: number;
}

// A type, not an interface: Convex function arguments need an index-signature-compatible shape.
export type TemplateInput = {
  name: string;
  category: TemplateCategory;
  subject: string;
  body: string;
};

/** A structured error record (SPEC §3). */
export type ErrorRecordRow = Pick<
  Doc<"errorRecords">,
  "_id" | "code" | "title" | "message" | "category" | "severity" | "timestamp" | "details" | "recovery" | "service"
>;

/** Paginated lists as convex/react's usePaginatedQuery reports them. */
export type PageStatus = "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";

/** What the compose form hands over: the campaign and when it goes out. */
export interface NewCampaignInput {
  name: string;
  templateId: Id<"emailTemplates">;
  audience: CampaignAudience;
  /** A second variant differing in subject or in body; null for a plain campaign. */
  abTest: { testType: CampaignTestType; subject: string; body: string } | null;
  when: { kind: "now" } | { kind: "schedule"; at: number };
}

/**
 * The template helpers of convex/model/emailTemplates.ts, passed in so the pages stay
 * independent of it: `preview` fills the variables with TEMPLATE_VARIABLES' sample values,
 * `unknownVariables` lists the {{names}} a text uses that are not allowed.
 */
export interface TemplateTools {
  preview: (text: string) => string;
  unknownVariables: (text: string) => string[];
}
