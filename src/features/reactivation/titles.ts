/** Page titles of the account links, apart from the pages: route heads are in the app's first bundle. */
export const REACTIVATE_TITLE = "Reactivate your account";
export const KEEP_ACTIVE_TITLE = "Keep my account active";
