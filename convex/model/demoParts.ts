/**
 * The demo content's parts, in the order `npm start` seeds them after the accounts, a mutation
 * each (seed:demoPart): each stays well inside a mutation's second of execution.
 */
export const DEMO_PARTS = ["content", "memberCore", "actionItems", "transcript", "emailCampaigns", "forum", "onboarding"] as const;

export type DemoPart = (typeof DEMO_PARTS)[number];
