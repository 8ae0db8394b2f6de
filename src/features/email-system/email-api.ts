/**
 * The Convex functions the e-mail pages call, by name. The backend lands on another branch: at
 * merge, each reference here is replaced by its `api.*` twin (the name in the string), which
 * then checks these argument and result shapes against the real functions.
 */
import type { Id } from "@convex/_generated/dataModel";
import type { EmailDashboardData } from "@convex/model/emailDashboard";
import type { CampaignTestType } from "@convex/model/emailSystem";
import { makeFunctionReference, type PaginationOptions, type PaginationResult } from "convex/server";
import type { UnsubscribeResult } from "./unsubscribe-page";
import type { CampaignAudience, CampaignDetail, CampaignRow, ErrorRecordRow, TemplateInput, TemplateRow } from "./types";

type Paginated<Row> = [{ paginationOpts: PaginationOptions }, PaginationResult<Row>];
type CampaignArgs = { campaignId: Id<"emailCampaigns"> };

export const emailApi = {
  overview: makeFunctionReference<"query", Record<string, never>, EmailDashboardData>("emailDashboard:overview"),
  probe: makeFunctionReference<"action", Record<string, never>, null>("emailHealth:probe"),

  listCampaigns: makeFunctionReference<"query", Paginated<CampaignRow>[0], Paginated<CampaignRow>[1]>("campaigns:list"),
  getCampaign: makeFunctionReference<"query", CampaignArgs, CampaignDetail | null>("campaigns:get"),
  audienceSize: makeFunctionReference<"query", { audience: CampaignAudience }, number>("campaigns:audienceSize"),
  createCampaign: makeFunctionReference<
    "mutation",
    {
      name: string;
      templateId: Id<"emailTemplates">;
      audience: CampaignAudience;
      variants: { label: string; subject: string; body: string }[];
      testType?: CampaignTestType;
    },
    Id<"emailCampaigns">
  >("campaigns:create"),
  sendCampaign: makeFunctionReference<"mutation", CampaignArgs, null>("campaigns:send"),
  scheduleCampaign: makeFunctionReference<"mutation", CampaignArgs & { scheduledFor: number }, null>("campaigns:schedule"),
  cancelCampaign: makeFunctionReference<"mutation", CampaignArgs, null>("campaigns:cancel"),
  endTest: makeFunctionReference<"mutation", CampaignArgs, null>("campaigns:endTest"),
  unsubscribe: makeFunctionReference<"mutation", { token: string }, UnsubscribeResult>("campaigns:unsubscribe"),

  listTemplates: makeFunctionReference<"query", Record<string, never>, TemplateRow[]>("emailTemplates:list"),
  createTemplate: makeFunctionReference<"mutation", TemplateInput, Id<"emailTemplates">>("emailTemplates:create"),
  updateTemplate: makeFunctionReference<"mutation", TemplateInput & { templateId: Id<"emailTemplates"> }, null>("emailTemplates:update"),
  archiveTemplate: makeFunctionReference<"mutation", { templateId: Id<"emailTemplates">; archived: boolean }, null>("emailTemplates:archive"),

  recentErrors: makeFunctionReference<"query", Paginated<ErrorRecordRow>[0], Paginated<ErrorRecordRow>[1]>("errorRecords:recent"),
};
