/**
 * E-mail templates for admins: plain text with {{variables}} and bare https links, in a
 * category, with how much each was used and how it performs. The text rules are in
 * model/emailTemplates.ts (shared with the editor's preview).
 */
import { withSystemFields } from "convex-helpers/validators";
import { v } from "convex/values";
import { adminMutation, adminQuery } from "./functions";
import { checkCategoryChange, checkTemplate, requireTemplate } from "./model/campaigns";
import { bounded } from "./model/bounds";
import { templateStats } from "./model/emailStats";
import { TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX } from "./model/emailTemplates";
import { emailTemplateFields, templateCategoryValidator } from "./schema";

/** More templates than this is beyond what an admin team keeps; the newest edited come first. */
const LIST_LIMIT = 200;

const templateInput = {
  name: bounded.line(TEMPLATE_NAME_MAX),
  category: templateCategoryValidator,
  subject: bounded.line(TEMPLATE_SUBJECT_MAX),
  body: bounded.text(TEMPLATE_BODY_MAX),
};

/** Templates, most recently edited first, with the campaigns that use each (`usage`) and open and click rates (percent). */
export const list = adminQuery({
  args: { includeArchived: v.optional(v.boolean()) },
  returns: v.array(
    v.object({ ...withSystemFields("emailTemplates", emailTemplateFields), usage: v.number(), openRate: v.number(), clickRate: v.number() }),
  ),
  handler: async (ctx, { includeArchived }) => {
    const templates = (await ctx.db.query("emailTemplates").withIndex("by_updated").order("desc").take(LIST_LIMIT)).filter(
      (template) => includeArchived === true || template.archivedAt === undefined,
    );
    const stats = await templateStats(ctx, templates);
    return templates.map((template) => ({ ...template, ...stats.get(template._id)! }));
  },
});

export const create = adminMutation({
  args: templateInput,
  returns: v.id("emailTemplates"),
  handler: async (ctx, input) => {
    const now = Date.now();
    return await ctx.db.insert("emailTemplates", { ...checkTemplate(input), createdBy: ctx.viewer._id, createdAt: now, updatedAt: now });
  },
});

/** Campaigns already made keep the texts they were made with. */
export const update = adminMutation({
  args: { templateId: v.id("emailTemplates"), ...templateInput },
  returns: v.null(),
  handler: async (ctx, { templateId, ...input }) => {
    const fields = checkTemplate(input);
    await checkCategoryChange(ctx, await requireTemplate(ctx, templateId), fields.category);
    await ctx.db.patch("emailTemplates", templateId, { ...fields, updatedAt: Date.now() });
    return null;
  },
});

/** Archived templates leave the list and cannot start campaigns; their history stays. */
export const archive = adminMutation({
  args: { templateId: v.id("emailTemplates"), archived: v.boolean() },
  returns: v.null(),
  handler: async (ctx, { templateId, archived }) => {
    await requireTemplate(ctx, templateId);
    await ctx.db.patch("emailTemplates", templateId, { archivedAt: archived ? Date.now() : undefined });
    return null;
  },
});
