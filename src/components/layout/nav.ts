import type { LinkProps } from "@tanstack/react-router";

export interface NavItem {
  label: string;
  to: LinkProps["to"];
}

/** Public navigation; each public page adds itself here as it lands. */
export const PRIMARY_NAV: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "FAQ", to: "/faq" },
];

/**
 * Signed-in account menu of SPEC §2. Plain addresses: these pages belong to the member area,
 * which is a separate chunk that visitors never download.
 */
export const ACCOUNT_MENU = [
  { label: "Dashboard", href: "/dashboard" },
  { label: "Settings", href: "/dashboard/settings" },
  { label: "Billing", href: "/dashboard/billing" },
] as const;

export const SIGN_IN = { label: "Sign In", href: "/login" } as const;
export const SIGN_OUT = { label: "Sign Out", action: "/logout", redirectTo: "/" } as const;
