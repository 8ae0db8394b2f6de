/** The upgrade page's title, apart from the page: route heads are in the app's first bundle. */
export const UPGRADE_TITLE = "Upgrade to Premium";
