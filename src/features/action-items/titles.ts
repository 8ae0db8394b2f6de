/** The nudge page's title, apart from the page: route heads are in the app's first bundle. */
export const NUDGE_TITLE = "Your nudge";
