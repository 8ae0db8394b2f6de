/** The e-mail pages' titles: their heading, their tab title, and the heading of the page refused to non-admins. */
export const EMAIL_HEALTH_TITLE = "Campaign system health";
export const CAMPAIGN_TITLE = "Campaign";
