/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type * as actionItems from "../actionItems.js";
import type * as activity from "../activity.js";
import type * as agenda from "../agenda.js";
import type * as analytics from "../analytics.js";
import type * as availability from "../availability.js";
import type * as billing from "../billing.js";
import type * as bookings from "../bookings.js";
import type * as calendar from "../calendar.js";
import type * as campaigns from "../campaigns.js";
import type * as catalog from "../catalog.js";
import type * as coaching from "../coaching.js";
import type * as commandPalette from "../commandPalette.js";
import type * as contact from "../contact.js";
import type * as cronJobs from "../cronJobs.js";
import type * as crons from "../crons.js";
import type * as dashboard from "../dashboard.js";
import type * as debug from "../debug.js";
import type * as email from "../email.js";
import type * as emailDashboard from "../emailDashboard.js";
import type * as emailHealth from "../emailHealth.js";
import type * as emailHealthNode from "../emailHealthNode.js";
import type * as emailRollups from "../emailRollups.js";
import type * as emailTemplates from "../emailTemplates.js";
import type * as errorRecords from "../errorRecords.js";
import type * as extraction from "../extraction.js";
import type * as focus from "../focus.js";
import type * as forms from "../forms.js";
import type * as forum from "../forum.js";
import type * as forumModeration from "../forumModeration.js";
import type * as functions from "../functions.js";
import type * as http from "../http.js";
import type * as inactivity from "../inactivity.js";
import type * as integrations_config from "../integrations/config.js";
import type * as integrations_email from "../integrations/email.js";
import type * as integrations_identity from "../integrations/identity.js";
import type * as integrations_openai from "../integrations/openai.js";
import type * as integrations_stripe from "../integrations/stripe.js";
import type * as intro from "../intro.js";
import type * as model_abTest from "../model/abTest.js";
import type * as model_accountLinks from "../model/accountLinks.js";
import type * as model_actionItemRules from "../model/actionItemRules.js";
import type * as model_actionItems from "../model/actionItems.js";
import type * as model_activity from "../model/activity.js";
import type * as model_adapters from "../model/adapters.js";
import type * as model_agenda from "../model/agenda.js";
import type * as model_agendaRules from "../model/agendaRules.js";
import type * as model_authMessages from "../model/authMessages.js";
import type * as model_availability from "../model/availability.js";
import type * as model_billing from "../model/billing.js";
import type * as model_bookingEmails from "../model/bookingEmails.js";
import type * as model_bookingPolicy from "../model/bookingPolicy.js";
import type * as model_bookings from "../model/bookings.js";
import type * as model_bounds from "../model/bounds.js";
import type * as model_calendar from "../model/calendar.js";
import type * as model_campaignEvents from "../model/campaignEvents.js";
import type * as model_campaigns from "../model/campaigns.js";
import type * as model_cartMessages from "../model/cartMessages.js";
import type * as model_clerk from "../model/clerk.js";
import type * as model_clientKey from "../model/clientKey.js";
import type * as model_coaching from "../model/coaching.js";
import type * as model_commandPalette from "../model/commandPalette.js";
import type * as model_commitmentReading from "../model/commitmentReading.js";
import type * as model_contact from "../model/contact.js";
import type * as model_contactSubjects from "../model/contactSubjects.js";
import type * as model_cronJobs from "../model/cronJobs.js";
import type * as model_dashboard from "../model/dashboard.js";
import type * as model_debug from "../model/debug.js";
import type * as model_demoContent from "../model/demoContent.js";
import type * as model_demoForum from "../model/demoForum.js";
import type * as model_demoParts from "../model/demoParts.js";
import type * as model_email from "../model/email.js";
import type * as model_emailAggregates from "../model/emailAggregates.js";
import type * as model_emailDashboard from "../model/emailDashboard.js";
import type * as model_emailDashboardData from "../model/emailDashboardData.js";
import type * as model_emailHealth from "../model/emailHealth.js";
import type * as model_emailRollups from "../model/emailRollups.js";
import type * as model_emailStats from "../model/emailStats.js";
import type * as model_emailSystem from "../model/emailSystem.js";
import type * as model_emailTemplates from "../model/emailTemplates.js";
import type * as model_errorRecords from "../model/errorRecords.js";
import type * as model_errors from "../model/errors.js";
import type * as model_extraction from "../model/extraction.js";
import type * as model_extractionCalibration from "../model/extractionCalibration.js";
import type * as model_extractionPipeline from "../model/extractionPipeline.js";
import type * as model_extractionScore from "../model/extractionScore.js";
import type * as model_extractor_assignments from "../model/extractor/assignments.js";
import type * as model_extractor_candidates from "../model/extractor/candidates.js";
import type * as model_extractor_clauses from "../model/extractor/clauses.js";
import type * as model_extractor_cues from "../model/extractor/cues.js";
import type * as model_extractor_dueDates from "../model/extractor/dueDates.js";
import type * as model_extractor_groupFeatures from "../model/extractor/groupFeatures.js";
import type * as model_extractor_groupModel from "../model/extractor/groupModel.js";
import type * as model_extractor_groupSession from "../model/extractor/groupSession.js";
import type * as model_extractor_groupSuggestions from "../model/extractor/groupSuggestions.js";
import type * as model_extractor_lexicon from "../model/extractor/lexicon.js";
import type * as model_extractor_scoring from "../model/extractor/scoring.js";
import type * as model_extractor_segments from "../model/extractor/segments.js";
import type * as model_extractor_sentences from "../model/extractor/sentences.js";
import type * as model_extractor_speakers from "../model/extractor/speakers.js";
import type * as model_extractor_steps from "../model/extractor/steps.js";
import type * as model_extractor_text from "../model/extractor/text.js";
import type * as model_extractor_titles from "../model/extractor/titles.js";
import type * as model_extractor_turns from "../model/extractor/turns.js";
import type * as model_focus from "../model/focus.js";
import type * as model_focusRules from "../model/focusRules.js";
import type * as model_forum from "../model/forum.js";
import type * as model_forumNames from "../model/forumNames.js";
import type * as model_forumRules from "../model/forumRules.js";
import type * as model_inactivity from "../model/inactivity.js";
import type * as model_intro from "../model/intro.js";
import type * as model_messages from "../model/messages.js";
import type * as model_monitoring from "../model/monitoring.js";
import type * as model_monitoringShapes from "../model/monitoringShapes.js";
import type * as model_newsletter from "../model/newsletter.js";
import type * as model_notifications from "../model/notifications.js";
import type * as model_nudgeRules from "../model/nudgeRules.js";
import type * as model_nudges from "../model/nudges.js";
import type * as model_observability from "../model/observability.js";
import type * as model_onboarding from "../model/onboarding.js";
import type * as model_onboardingStore from "../model/onboardingStore.js";
import type * as model_onboardingTexts from "../model/onboardingTexts.js";
import type * as model_orders from "../model/orders.js";
import type * as model_paymentErrors from "../model/paymentErrors.js";
import type * as model_permissions from "../model/permissions.js";
import type * as model_premiumContent from "../model/premiumContent.js";
import type * as model_products from "../model/products.js";
import type * as model_proposals from "../model/proposals.js";
import type * as model_rateLimitMessages from "../model/rateLimitMessages.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_reactivation from "../model/reactivation.js";
import type * as model_routeStats from "../model/routeStats.js";
import type * as model_ruleExtractor from "../model/ruleExtractor.js";
import type * as model_sentryEnvelope from "../model/sentryEnvelope.js";
import type * as model_sessionHint from "../model/sessionHint.js";
import type * as model_sessionLengths from "../model/sessionLengths.js";
import type * as model_sessions from "../model/sessions.js";
import type * as model_site from "../model/site.js";
import type * as model_timeBalance from "../model/timeBalance.js";
import type * as model_transcripts from "../model/transcripts.js";
import type * as model_upgradePlans from "../model/upgradePlans.js";
import type * as model_uploads from "../model/uploads.js";
import type * as model_userAdmin from "../model/userAdmin.js";
import type * as model_users from "../model/users.js";
import type * as model_waitlist from "../model/waitlist.js";
import type * as model_waitlistRules from "../model/waitlistRules.js";
import type * as model_webhooks from "../model/webhooks.js";
import type * as monitoring from "../monitoring.js";
import type * as newsletter from "../newsletter.js";
import type * as notifications from "../notifications.js";
import type * as nudges from "../nudges.js";
import type * as onboarding from "../onboarding.js";
import type * as premium from "../premium.js";
import type * as reactivation from "../reactivation.js";
import type * as recordings from "../recordings.js";
import type * as retention from "../retention.js";
import type * as security from "../security.js";
import type * as seed from "../seed.js";
import type * as sessions from "../sessions.js";
import type * as system from "../system.js";
import type * as timeBalance from "../timeBalance.js";
import type * as transcripts from "../transcripts.js";
import type * as upgrade from "../upgrade.js";
import type * as users from "../users.js";
import type * as waitlist from "../waitlist.js";

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";

declare const fullApi: ApiFromModules<{
  actionItems: typeof actionItems;
  activity: typeof activity;
  agenda: typeof agenda;
  analytics: typeof analytics;
  availability: typeof availability;
  billing: typeof billing;
  bookings: typeof bookings;
  calendar: typeof calendar;
  campaigns: typeof campaigns;
  catalog: typeof catalog;
  coaching: typeof coaching;
  commandPalette: typeof commandPalette;
  contact: typeof contact;
  cronJobs: typeof cronJobs;
  crons: typeof crons;
  dashboard: typeof dashboard;
  debug: typeof debug;
  email: typeof email;
  emailDashboard: typeof emailDashboard;
  emailHealth: typeof emailHealth;
  emailHealthNode: typeof emailHealthNode;
  emailRollups: typeof emailRollups;
  emailTemplates: typeof emailTemplates;
  errorRecords: typeof errorRecords;
  extraction: typeof extraction;
  focus: typeof focus;
  forms: typeof forms;
  forum: typeof forum;
  forumModeration: typeof forumModeration;
  functions: typeof functions;
  http: typeof http;
  inactivity: typeof inactivity;
  "integrations/config": typeof integrations_config;
  "integrations/email": typeof integrations_email;
  "integrations/identity": typeof integrations_identity;
  "integrations/openai": typeof integrations_openai;
  "integrations/stripe": typeof integrations_stripe;
  intro: typeof intro;
  "model/abTest": typeof model_abTest;
  "model/accountLinks": typeof model_accountLinks;
  "model/actionItemRules": typeof model_actionItemRules;
  "model/actionItems": typeof model_actionItems;
  "model/activity": typeof model_activity;
  "model/adapters": typeof model_adapters;
  "model/agenda": typeof model_agenda;
  "model/agendaRules": typeof model_agendaRules;
  "model/authMessages": typeof model_authMessages;
  "model/availability": typeof model_availability;
  "model/billing": typeof model_billing;
  "model/bookingEmails": typeof model_bookingEmails;
  "model/bookingPolicy": typeof model_bookingPolicy;
  "model/bookings": typeof model_bookings;
  "model/bounds": typeof model_bounds;
  "model/calendar": typeof model_calendar;
  "model/campaignEvents": typeof model_campaignEvents;
  "model/campaigns": typeof model_campaigns;
  "model/cartMessages": typeof model_cartMessages;
  "model/clerk": typeof model_clerk;
  "model/clientKey": typeof model_clientKey;
  "model/coaching": typeof model_coaching;
  "model/commandPalette": typeof model_commandPalette;
  "model/commitmentReading": typeof model_commitmentReading;
  "model/contact": typeof model_contact;
  "model/contactSubjects": typeof model_contactSubjects;
  "model/cronJobs": typeof model_cronJobs;
  "model/dashboard": typeof model_dashboard;
  "model/debug": typeof model_debug;
  "model/demoContent": typeof model_demoContent;
  "model/demoForum": typeof model_demoForum;
  "model/demoParts": typeof model_demoParts;
  "model/email": typeof model_email;
  "model/emailAggregates": typeof model_emailAggregates;
  "model/emailDashboard": typeof model_emailDashboard;
  "model/emailDashboardData": typeof model_emailDashboardData;
  "model/emailHealth": typeof model_emailHealth;
  "model/emailRollups": typeof model_emailRollups;
  "model/emailStats": typeof model_emailStats;
  "model/emailSystem": typeof model_emailSystem;
  "model/emailTemplates": typeof model_emailTemplates;
  "model/errorRecords": typeof model_errorRecords;
  "model/errors": typeof model_errors;
  "model/extraction": typeof model_extraction;
  "model/extractionCalibration": typeof model_extractionCalibration;
  "model/extractionPipeline": typeof model_extractionPipeline;
  "model/extractionScore": typeof model_extractionScore;
  "model/extractor/assignments": typeof model_extractor_assignments;
  "model/extractor/candidates": typeof model_extractor_candidates;
  "model/extractor/clauses": typeof model_extractor_clauses;
  "model/extractor/cues": typeof model_extractor_cues;
  "model/extractor/dueDates": typeof model_extractor_dueDates;
  "model/extractor/groupFeatures": typeof model_extractor_groupFeatures;
  "model/extractor/groupModel": typeof model_extractor_groupModel;
  "model/extractor/groupSession": typeof model_extractor_groupSession;
  "model/extractor/groupSuggestions": typeof model_extractor_groupSuggestions;
  "model/extractor/lexicon": typeof model_extractor_lexicon;
  "model/extractor/scoring": typeof model_extractor_scoring;
  "model/extractor/segments": typeof model_extractor_segments;
  "model/extractor/sentences": typeof model_extractor_sentences;
  "model/extractor/speakers": typeof model_extractor_speakers;
  "model/extractor/steps": typeof model_extractor_steps;
  "model/extractor/text": typeof model_extractor_text;
  "model/extractor/titles": typeof model_extractor_titles;
  "model/extractor/turns": typeof model_extractor_turns;
  "model/focus": typeof model_focus;
  "model/focusRules": typeof model_focusRules;
  "model/forum": typeof model_forum;
  "model/forumNames": typeof model_forumNames;
  "model/forumRules": typeof model_forumRules;
  "model/inactivity": typeof model_inactivity;
  "model/intro": typeof model_intro;
  "model/messages": typeof model_messages;
  "model/monitoring": typeof model_monitoring;
  "model/monitoringShapes": typeof model_monitoringShapes;
  "model/newsletter": typeof model_newsletter;
  "model/notifications": typeof model_notifications;
  "model/nudgeRules": typeof model_nudgeRules;
  "model/nudges": typeof model_nudges;
  "model/observability": typeof model_observability;
  "model/onboarding": typeof model_onboarding;
  "model/onboardingStore": typeof model_onboardingStore;
  "model/onboardingTexts": typeof model_onboardingTexts;
  "model/orders": typeof model_orders;
  "model/paymentErrors": typeof model_paymentErrors;
  "model/permissions": typeof model_permissions;
  "model/premiumContent": typeof model_premiumContent;
  "model/products": typeof model_products;
  "model/proposals": typeof model_proposals;
  "model/rateLimitMessages": typeof model_rateLimitMessages;
  "model/rateLimits": typeof model_rateLimits;
  "model/reactivation": typeof model_reactivation;
  "model/routeStats": typeof model_routeStats;
  "model/ruleExtractor": typeof model_ruleExtractor;
  "model/sentryEnvelope": typeof model_sentryEnvelope;
  "model/sessionHint": typeof model_sessionHint;
  "model/sessionLengths": typeof model_sessionLengths;
  "model/sessions": typeof model_sessions;
  "model/site": typeof model_site;
  "model/timeBalance": typeof model_timeBalance;
  "model/transcripts": typeof model_transcripts;
  "model/upgradePlans": typeof model_upgradePlans;
  "model/uploads": typeof model_uploads;
  "model/userAdmin": typeof model_userAdmin;
  "model/users": typeof model_users;
  "model/waitlist": typeof model_waitlist;
  "model/waitlistRules": typeof model_waitlistRules;
  "model/webhooks": typeof model_webhooks;
  monitoring: typeof monitoring;
  newsletter: typeof newsletter;
  notifications: typeof notifications;
  nudges: typeof nudges;
  onboarding: typeof onboarding;
  premium: typeof premium;
  reactivation: typeof reactivation;
  recordings: typeof recordings;
  retention: typeof retention;
  security: typeof security;
  seed: typeof seed;
  sessions: typeof sessions;
  system: typeof system;
  timeBalance: typeof timeBalance;
  transcripts: typeof transcripts;
  upgrade: typeof upgrade;
  users: typeof users;
  waitlist: typeof waitlist;
}>;

/**
 * A utility for referencing Convex functions in your app's public API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;

/**
 * A utility for referencing Convex functions in your app's internal API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = internal.myModule.myFunction;
 * ```
 */
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  resend: import("@convex-dev/resend/_generated/component.js").ComponentApi<"resend">;
  stripe: import("@convex-dev/stripe/_generated/component.js").ComponentApi<"stripe">;
  extractionWorkpool: import("@convex-dev/workpool/_generated/component.js").ComponentApi<"extractionWorkpool">;
  outboxByStatus: import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"outboxByStatus">;
  presence: import("@convex-dev/presence/_generated/component.js").ComponentApi<"presence">;
};
