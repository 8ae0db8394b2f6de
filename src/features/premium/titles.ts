/** Page titles of the premium pages, apart from the pages: route heads are in the app's first bundle. */
export const PREMIUM_TITLE = "Premium content";
export const COACHING_TITLE = "Your coaching";
