/**
 * The account settings dialog's tabs (SPEC §2, command palette), in order. Import-free, so the
 * command palette can list them without loading the dialog.
 */
export const ACCOUNT_TABS = [
  { id: "account", label: "Account" },
  { id: "billing", label: "Billing" },
  { id: "notifications", label: "Notifications" },
  { id: "calendar", label: "Calendar" },
  { id: "support", label: "Support" },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]["id"];
