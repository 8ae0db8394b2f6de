import type { LinkProps } from "@tanstack/react-router";

export interface NavItem {
  label: string;
  to: LinkProps["to"];
}

/** Public navigation; each public page adds itself here as it lands. */
export const PRIMARY_NAV: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Pricing", to: "/pricing" },
  { label: "Marketplace", to: "/marketplace" },
  { label: "FAQ", to: "/faq" },
];

export interface NavGroup {
  title: string;
  items: NavItem[];
}

/** The footer's link groups: every public information page, one click from anywhere. */
export const FOOTER_NAV: NavGroup[] = [
  {
    title: "Company",
    items: [
      { label: "About", to: "/about" },
      { label: "Services", to: "/services" },
      { label: "Pricing", to: "/pricing" },
      { label: "Marketplace", to: "/marketplace" },
      { label: "Free Intro Session", to: "/free-intro-session" },
      { label: "Mission and Values", to: "/mission-and-values" },
      { label: "Contact", to: "/contact" },
      { label: "Support", to: "/support" },
    ],
  },
  {
    title: "Legal",
    items: [
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms of Service", to: "/terms-of-service" },
      { label: "Cookie Policy", to: "/cookie-policy" },
      { label: "Affiliate Links Policy", to: "/affiliate-links-policy" },
    ],
  },
  {
    title: "Learn",
    items: [
      { label: "Blog", to: "/blog" },
      { label: "Case Studies", to: "/case-studies" },
      { label: "Resources", to: "/resources" },
      { label: "ADHD and Language", to: "/adhd-and-language" },
      { label: "Glossary", to: "/glossary" },
      { label: "Help Center", to: "/help-center" },
      { label: "FAQ", to: "/faq" },
    ],
  },
];

/**
 * Signed-in account menu of SPEC §2, with the member's profile. Plain addresses: these pages
 * belong to the member area, which is a separate chunk that visitors never download.
 */
export const ACCOUNT_MENU = [
  { label: "Dashboard", href: "/dashboard" },
  { label: "Profile", href: "/profile" },
  { label: "Forum", href: "/forum" },
  { label: "Settings", href: "/dashboard/settings" },
  { label: "Billing", href: "/dashboard/billing" },
] as const;

/** Admin pages, shown in the account menu to admins only (the server enforces access either way). */
export const ADMIN_MENU = [
  { label: "Users", href: "/admin/users" },
  { label: "Messages", href: "/admin/messages" },
  { label: "Security", href: "/admin/security" },
  { label: "Email System", href: "/admin/email" },
  { label: "Monitoring", href: "/admin/monitoring" },
  { label: "Onboarding form", href: "/admin/form-system-setup" },
  { label: "Focus room reports", href: "/admin/focus-reports" },
] as const;

export const SIGN_IN = { label: "Sign In", href: "/login" } as const;
export const SIGN_OUT = { label: "Sign Out", action: "/logout", redirectTo: "/" } as const;
