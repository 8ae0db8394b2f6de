/**
 * Demo data for the embedded default, run once by `npm start` on a new data directory (never in
 * production: it is internal, and only scripts/start.ts calls it, after creating the accounts'
 * credentials at the local identity provider).
 */
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { internalMutation } from "./functions";
import { recordRecipientEvents } from "./model/campaignEvents";
import { campaignLinks, recipientToken } from "./model/campaigns";
import { DEMO_ARTICLES, DEMO_EVENTS, DEMO_PREMIUM_CONTENT, DEMO_PRODUCTS, DEMO_TRANSCRIPT } from "./model/demoContent";
import { DEMO_FORUM_CATEGORIES, DEMO_FORUM_THREADS } from "./model/demoForum";
import { DEMO_PARTS, type DemoPart } from "./model/demoParts";
import { searchTextOf as forumSearchTextOf } from "./model/forumRules";
import { queueExtraction } from "./model/extractionPipeline";
import { recordActivity, activityUrls } from "./model/activity";
import { bookSession, meetingUrl } from "./model/bookings";
import { createActionItem } from "./model/actionItems";
import { addCalendarDays, todayIn } from "./model/actionItemRules";
import { addCompletedSession } from "./model/sessions";
import { isCheckoutTier } from "./model/billing";
import { creditPurchase, debitBooking } from "./model/timeBalance";
import { parseTranscript } from "./model/transcripts";
import { searchTextOf } from "./model/userAdmin";
import { storeDefaultVersion } from "./model/onboardingStore";
import { forumNameKey } from "./model/forumNames";
import { DEFAULT_TIMEZONE, findUserByEmail, findUserByToken, normalizeEmail } from "./model/users";
import { userFields } from "./schema";

const demoAccount = v.object(userFields).pick("email", "firstName", "lastName", "role", "userType", "tier", "forumMember", "forumName").extend({
  tokenIdentifier: v.string(),
  /** How long ago the member joined, so "Member for" reads naturally. */
  memberForDays: v.number(),
});

/** The demo accounts' users rows (and a subscription for a paid tier); returns how many were new. */
export const demoAccounts = internalMutation({
  args: { accounts: v.array(demoAccount) },
  returns: v.number(),
  handler: async (ctx, { accounts }) => {
    const now = Date.now();
    let created = 0;
    for (const { memberForDays, ...account } of accounts) {
      if (await findUserByToken(ctx.db, account.tokenIdentifier)) continue;
      const email = normalizeEmail(account.email);
      const userId = await ctx.db.insert("users", {
        ...account,
        email,
        ...(account.forumName ? { forumNameKey: forumNameKey(account.forumName) } : {}),
        searchText: searchTextOf({ ...account, email }),
        createdAt: now - memberForDays * 24 * 60 * 60 * 1000,
        status: "active",
        timezone: DEFAULT_TIMEZONE,
        lastActiveAt: now,
      });
      // A demo account's paid tier is a complimentary plan, so its tier has a subscription behind it like anyone's.
      if (isCheckoutTier(account.tier)) {
        await ctx.db.insert("subscriptions", { userId, tier: account.tier, status: "active", cancelAtPeriodEnd: false, createdAt: now, updatedAt: now });
      }
      created++;
    }
    return created;
  },
});

/** What each part of the demo content writes; each leaves alone what is already there. */
const DEMO_PART_SEEDS: Record<DemoPart, (ctx: MutationCtx, now: number) => Promise<unknown>> = {
  content: seedContent,
  memberCore: seedMemberCore,
  actionItems: seedActionItems,
  transcript: seedTranscript,
  emailCampaigns: seedEmailCampaigns,
  forum: seedForum,
  onboarding: (ctx, now) => storeDefaultVersion(ctx.db, now),
};

export const demoPart = internalMutation({
  args: { part: v.union(...DEMO_PARTS.map((part) => v.literal(part))) },
  returns: v.null(),
  handler: async (ctx, { part }) => {
    await DEMO_PART_SEEDS[part](ctx, Date.now());
    return null;
  },
});

const DAY = 24 * 60 * 60 * 1000;

/** Marketplace, blog, case studies, events and premium content, once: a table that has rows is left alone. */
async function seedContent(ctx: MutationCtx, now: number) {
  if (!(await ctx.db.query("products").first())) {
    for (const [sortOrder, product] of DEMO_PRODUCTS.entries()) await ctx.db.insert("products", { ...product, sortOrder });
  }
  if (!(await ctx.db.query("articles").first())) {
    for (const { publishedDaysAgo, ...article } of DEMO_ARTICLES) {
      await ctx.db.insert("articles", { ...article, publishedAt: now - publishedDaysAgo * DAY });
    }
  }
  if (!(await ctx.db.query("events").first())) {
    const today = Math.floor(now / DAY) * DAY;
    for (const { startsInDays, startHourUtc, ...event } of DEMO_EVENTS) {
      await ctx.db.insert("events", { ...event, startsAt: today + startsInDays * DAY + startHourUtc * 60 * 60 * 1000 });
    }
  }
  if (!(await ctx.db.query("premiumContent").first())) {
    for (const [sortOrder, item] of DEMO_PREMIUM_CONTENT.entries()) await ctx.db.insert("premiumContent", { ...item, sortOrder });
  }
}

const HOUR = 60 * 60 * 1000;
const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * Coaching history for the demo accounts, written through the same rules the app uses (ledger,
 * booking), so every dashboard widget has something true to show: the coach's weekly hours,
 * minutes bought, past completed sessions and one upcoming booking per client.
 */
async function seedMemberCore(ctx: MutationCtx, now: number) {
  const coach = await findUserByEmail(ctx.db, "coach@example.com");
  if (!coach || (await ctx.db.query("availability").first())) return;
  await ctx.db.insert("availability", {
    coachId: coach._id,
    timezone: coach.timezone,
    weekly: WEEKDAYS.flatMap((weekday) => [
      { weekday, start: "09:00", end: "12:00" },
      { weekday, start: "13:00", end: "17:00" },
    ]),
    exceptions: [],
    updatedAt: now,
  });
  const history = [
    { email: "maya@example.com", boughtMinutes: 600, pastSessions: 6 },
    { email: "theo@example.com", boughtMinutes: 120, pastSessions: 1 },
  ];
  for (const [index, { email, boughtMinutes, pastSessions }] of history.entries()) {
    const member = await findUserByEmail(ctx.db, email);
    if (!member) continue;
    const firstDay = now - (pastSessions * 7 + 3) * DAY;
    await creditPurchase(ctx, member._id, { minutes: boughtMinutes, note: "Time package" }, firstDay);
    for (let week = pastSessions; week >= 1; week--) {
      const startsAt = Math.floor((now - week * 7 * DAY) / DAY) * DAY + (10 + index) * HOUR;
      const sessionId = await ctx.db.insert("sessions", {
        title: "Coaching session",
        description: "Weekly planning and follow-up on last week's commitments.",
        coachId: coach._id,
        memberId: member._id,
        startsAt,
        endsAt: startsAt + HOUR,
        durationMinutes: 60,
        status: "completed",
        meetingUrl: "",
        bookedAt: startsAt - 3 * DAY,
        debitedMinutes: 60,
        completedAt: startsAt + HOUR,
        reminderJobs: [],
      });
      await ctx.db.patch("sessions", sessionId, { meetingUrl: meetingUrl(sessionId) });
      await debitBooking(ctx, member._id, { sessionId, minutes: 60 }, startsAt - 3 * DAY);
      await addCompletedSession(ctx, member._id, 60);
      await recordActivity(
        ctx,
        member._id,
        {
          type: "session",
          title: "Session completed",
          description: "Coaching session with Cora Coach",
          status: "completed",
          metadata: { duration: 60, sessionId },
          actionUrl: activityUrls.session(sessionId),
          actionLabel: "Open session",
        },
        startsAt + HOUR,
      );
    }
    // One upcoming session, booked the way a member books: the next weekday, two days out.
    let day = Math.floor(now / DAY) * DAY + 2 * DAY;
    while (!WEEKDAYS.includes(new Date(day).getUTCDay())) day += DAY;
    await bookSession(
      ctx,
      member,
      { coachId: coach._id, startsAt: day + (10 + index) * HOUR, durationMinutes: 60, title: "Coaching session" },
      now,
    );
  }
}

/**
 * Maya's commitments from her past sessions, made the way the form makes them (so her feed and
 * notifications say so): open and done, one overdue, one due soon, the coach's own, a mutual
 * agreement and a coach's note she does not see. Once: a table that has rows is left alone.
 */
async function seedActionItems(ctx: MutationCtx, now: number) {
  const coach = await findUserByEmail(ctx.db, "coach@example.com");
  const maya = await findUserByEmail(ctx.db, "maya@example.com");
  if (!coach || !maya || (await ctx.db.query("actionItems").first())) return;
  const past = await ctx.db
    .query("sessions")
    .withIndex("by_member_status_and_start", (q) => q.eq("memberId", maya._id).eq("status", "completed"))
    .order("desc")
    .take(3);
  if (past.length === 0) return;
  const today = todayIn(maya.timezone, now);
  const inDays = (days: number) => addCalendarDays(today, days);
  const visible = { coachVisible: true, clientVisible: true, tags: [] as string[], description: "" };
  const items = [
    {
      by: maya,
      title: "Block four focus mornings in the calendar",
      description: "9 to 12, Monday to Thursday, each block named for the work it holds.",
      commitmentType: "user_commitment" as const,
      responsibleUserId: maya._id,
      priority: "high" as const,
      status: "in_progress" as const,
      dueDate: inDays(2),
      tags: ["calendar", "focus"],
      estimatedMinutes: 30,
    },
    {
      by: maya,
      title: "Try the 20-minute Friday review",
      commitmentType: "user_commitment" as const,
      responsibleUserId: maya._id,
      priority: "medium" as const,
      status: "pending" as const,
      dueDate: inDays(-3),
      transcriptQuote: "I'll do the Friday review this week.",
      transcriptTimestamp: "14:20",
    },
    {
      by: coach,
      title: "Send Maya the meeting-reply snippets",
      commitmentType: "coach_commitment" as const,
      responsibleUserId: coach._id,
      priority: "medium" as const,
      status: "pending" as const,
      dueDate: inDays(5),
    },
    {
      by: coach,
      title: "Group meetings into two afternoons",
      commitmentType: "mutual_agreement" as const,
      responsibleUserId: maya._id,
      priority: "urgent" as const,
      status: "pending" as const,
      dueDate: inDays(10),
    },
    {
      by: maya,
      title: "Write down what the day actually held, hour by hour",
      commitmentType: "user_commitment" as const,
      responsibleUserId: maya._id,
      priority: "low" as const,
      status: "completed" as const,
      dueDate: inDays(-8),
      tags: ["tracking"],
    },
    {
      by: coach,
      title: "Check in on how the focus blocks feel after two weeks",
      commitmentType: "coach_commitment" as const,
      responsibleUserId: coach._id,
      priority: "low" as const,
      status: "pending" as const,
      dueDate: inDays(14),
      clientVisible: false,
    },
  ];
  for (const [index, { by, ...item }] of items.entries()) {
    await createActionItem(ctx, by, { ...visible, ...item, sessionId: past[index % past.length]!._id }, now);
  }
}

/**
 * A transcript on the demo member's latest completed session, read by the configured extractor as
 * an upload would be, so the coach and Maya find suggested action items waiting.
 */
async function seedTranscript(ctx: MutationCtx, now: number) {
  const maya = await findUserByEmail(ctx.db, "maya@example.com");
  if (!maya || (await ctx.db.query("transcripts").first())) return;
  const latest = await ctx.db
    .query("sessions")
    .withIndex("by_member_status_and_start", (q) => q.eq("memberId", maya._id).eq("status", "completed"))
    .order("desc")
    .first();
  if (!latest) return;
  const { segments, text } = parseTranscript(DEMO_TRANSCRIPT, "text");
  const transcriptId = await ctx.db.insert("transcripts", {
    sessionId: latest._id,
    memberId: maya._id,
    format: "text",
    segments,
    text,
    uploadedBy: latest.coachId,
    createdAt: latest.endsAt,
  });
  await queueExtraction(ctx, transcriptId, now);
}

const DEMO_TEMPLATES = [
  {
    name: "Weekly focus letter",
    category: "newsletter" as const,
    subject: "{{firstName}}, your focus letter for this week",
    body: "Hi {{firstName}},\n\nThis week on the blog: one small change that makes Monday mornings calmer.\nRead it here: {{siteUrl}}/blog\n\nWant help putting it into practice? Book a session from your dashboard: {{siteUrl}}/dashboard\n\nTake care,\nThe LWCC team",
  },
  {
    name: "New service: Calendar Clarity",
    category: "announcement" as const,
    subject: "Calendar Clarity is here",
    body: "Hi {{firstName}},\n\nCalendar Clarity is a short series of sessions that turns a crowded calendar into one you can trust.\nSee what it covers: {{siteUrl}}/services/calendar-clarity\n\nThe LWCC team",
  },
  {
    name: "Your plan is waiting",
    category: "re-engagement" as const,
    subject: "{{firstName}}, your plan is still here",
    body: "Hi {{firstName}},\n\nNo catching up needed: pick one thing for this week and start there.\nPlans and prices: {{siteUrl}}/pricing\n\nThe LWCC team",
  },
];

const DEMO_READERS = ["Ana Silva", "Ben Okafor", "Chloe Martin", "Dev Patel", "Erin Walsh", "Finn Larsen"];

/**
 * E-mail templates and one sent subject-line test to six newsletter readers three days ago, with
 * its deliveries, opens and clicks recorded the way live ones are (so the fold counts them),
 * for the admin e-mail dashboard. Once: a table that has rows is left alone.
 */
async function seedEmailCampaigns(ctx: MutationCtx, now: number) {
  const admin = await findUserByEmail(ctx.db, "admin@example.com");
  if (!admin || (await ctx.db.query("emailTemplates").first())) return;
  const templateIds = [];
  for (const [index, template] of DEMO_TEMPLATES.entries()) {
    const at = now - (10 + index) * DAY;
    templateIds.push(await ctx.db.insert("emailTemplates", { ...template, createdBy: admin._id, createdAt: at, updatedAt: at }));
  }
  const [letter] = DEMO_TEMPLATES;
  const variants = [
    { label: "A", subject: letter!.subject, body: letter!.body },
    { label: "B", subject: "A calmer Monday, {{firstName}}", body: letter!.body },
  ];
  const sentAt = now - 3 * DAY;
  const campaignId = await ctx.db.insert("emailCampaigns", {
    name: "Focus letter: subject test",
    templateId: templateIds[0]!,
    category: letter!.category,
    audience: { kind: "newsletter" },
    variants,
    testType: "subject",
    status: "sent",
    createdBy: admin._id,
    createdAt: sentAt - DAY,
    startedAt: sentAt,
    sentAt,
    recipientCount: DEMO_READERS.length,
    cursor: null,
    links: campaignLinks(variants),
  });
  for (const [index, name] of DEMO_READERS.entries()) {
    const email = `${name.split(" ")[0]!.toLowerCase()}@example.com`;
    // Readers who confirmed from the sign-up e-mail an hour after signing up: only they get campaigns.
    await ctx.db.insert("newsletterSubscribers", { email, name, createdAt: sentAt - 30 * DAY, source: "form", confirmedAt: sentAt - 30 * DAY + HOUR });
    const variant = index % 2;
    const recipientId = await ctx.db.insert("campaignRecipients", { campaignId, variant, email, token: recipientToken() });
    await recordRecipientEvents(ctx, recipientId, ["sent", "delivered"], sentAt + index * 60_000, now);
    // B's subject does better: every B reader opens, one A reader; two of them click.
    if (variant === 1 || index === 0) await recordRecipientEvents(ctx, recipientId, ["opened"], sentAt + (index + 2) * HOUR, now);
    if (index === 1 || index === 3) await recordRecipientEvents(ctx, recipientId, ["clicked"], sentAt + (index + 3) * HOUR, now);
  }
}

/**
 * The forum's categories and a few conversations by the demo accounts, with the counts the pages
 * read (threads per category, replies per thread, latest activity) and each writer following what
 * they wrote in, read up to their own last post. Written directly, not through createThread and
 * reply, so no notifications or rate limits fire for history. Once: a table that has rows is left alone.
 */
async function seedForum(ctx: MutationCtx, now: number) {
  if (await ctx.db.query("forumCategories").first()) return;
  const categories = new Map<string, Id<"forumCategories">>();
  for (const [sortOrder, category] of DEMO_FORUM_CATEGORIES.entries()) {
    categories.set(category.slug, await ctx.db.insert("forumCategories", { ...category, sortOrder, threadCount: 0 }));
  }
  for (const { category: slug, title, pinned, opening, replies } of DEMO_FORUM_THREADS) {
    const categoryId = categories.get(slug)!;
    // A thread needs its opening author; a reply whose author is not seeded is left out.
    if (!(await findUserByEmail(ctx.db, opening.by))) continue;
    const posts = [];
    for (const post of [opening, ...replies]) {
      const author = await findUserByEmail(ctx.db, post.by);
      if (!author) continue;
      const reactions = [];
      for (const { by, reaction } of post.reactions ?? []) {
        const giver = await findUserByEmail(ctx.db, by);
        if (giver) reactions.push({ userId: giver._id, reaction });
      }
      posts.push({ authorId: author._id, body: post.body, createdAt: now - post.hoursAgo * HOUR, reactions });
    }
    const first = posts[0]!;
    const last = posts.at(-1)!;
    const threadId = await ctx.db.insert("forumThreads", {
      categoryId,
      authorId: first.authorId,
      title,
      status: "visible",
      pinned: pinned ?? false,
      locked: false,
      createdAt: first.createdAt,
      lastActivityAt: last.createdAt,
      replyCount: posts.length - 1,
      lastPostAuthorId: last.authorId,
    });
    for (const [index, { reactions, ...post }] of posts.entries()) {
      const isOpening = index === 0;
      const reactionCounts: Record<string, number> = {};
      for (const { reaction } of reactions) reactionCounts[reaction] = (reactionCounts[reaction] ?? 0) + 1;
      const postId = await ctx.db.insert("forumPosts", {
        threadId,
        ...post,
        opening: isOpening,
        status: "visible",
        searchText: isOpening ? forumSearchTextOf(post.body, title) : forumSearchTextOf(post.body),
        reactionCounts,
      });
      for (const { userId, reaction } of reactions) await ctx.db.insert("forumReactions", { postId, userId, reaction, createdAt: post.createdAt });
    }
    const lastPostBy = new Map(posts.map((post) => [post.authorId, post.createdAt]));
    for (const [userId, lastReadAt] of lastPostBy) await ctx.db.insert("forumThreadStates", { userId, threadId, followed: true, lastReadAt });
    const category = (await ctx.db.get("forumCategories", categoryId))!;
    await ctx.db.patch("forumCategories", categoryId, {
      threadCount: category.threadCount + 1,
      lastActivityAt: Math.max(category.lastActivityAt ?? 0, last.createdAt),
    });
  }
}
