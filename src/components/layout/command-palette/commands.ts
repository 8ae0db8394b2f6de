/**
 * What the command palette offers (SPEC §2): Navigation, Theme and Account for everyone, plus
 * Dashboard for signed-in members who are not guests. Pure, so the palette, its demos and the
 * tests build the same lists; live entries (next session, open action items, recordings,
 * transcripts, the time balance) and free text become ordinary commands, ranked by one rule.
 */
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { hasCoachingPage } from "@convex/model/coaching";
import { ACTION_ITEMS_URL, dueText } from "@convex/model/actionItemRules";
import { hasPermission, hasPremiumAccess, isGuest, showsDashboardCommands } from "@convex/model/permissions";
import { ACCOUNT_TABS, type AccountTab } from "@/features/account/account-tabs";
import { DASHBOARD_URLS } from "@/features/dashboard/dashboard-urls";
import { THEME_LABELS, THEME_PREFERENCES, type ThemePreference } from "@/features/theme/theme";
import { clockTime } from "@/lib/relative-time";
import { ADMIN_MENU, FOOTER_NAV, PRIMARY_NAV, SIGN_IN, SIGN_OUT } from "../nav";

export const PALETTE_GROUPS = [
  { id: "navigation", label: "Navigation" },
  { id: "theme", label: "Theme" },
  { id: "account", label: "Account" },
  { id: "dashboard", label: "Dashboard" },
] as const;
export type PaletteGroupId = (typeof PALETTE_GROUPS)[number]["id"];
export const PALETTE_GROUP_LABELS = Object.fromEntries(PALETTE_GROUPS.map((group) => [group.id, group.label])) as Record<PaletteGroupId, string>;

export type PaletteAction =
  | { kind: "navigate"; to: string }
  | { kind: "theme"; preference: ThemePreference }
  | { kind: "account-settings"; tab: AccountTab }
  | { kind: "sign-out" }
  | { kind: "mark-done"; itemId: string; title: string }
  | { kind: "quick-add"; title: string };

export interface PaletteCommand {
  /** Stable across visits: recently used commands are remembered by it. */
  id: string;
  label: string;
  keywords: readonly string[];
  group: PaletteGroupId;
  /** A second line: when, how long, which group a search result came from. */
  hint?: string;
  action: PaletteAction;
  /** Free text and answers change with every keystroke or minute; they are never "recent". */
  transient?: boolean;
}

/** Who the list is for: null for visitors. */
export type PaletteViewer = { role: string; userType: string; tier: string } | null;

export type PaletteEntries = FunctionReturnType<typeof api.commandPalette.entries>;

/** "add <words>" creates an action item (the words are its title). */
const QUICK_ADD = /^add(?:\s+(.*))?$/is;
export const QUICK_ADD_LABEL = "Add action item";
export const QUICK_ADD_HINT = "Type add, then what you will do";

const navigate = (to: string): PaletteAction => ({ kind: "navigate", to });

/** Words people use for each page, beyond its label. */
const PAGE_KEYWORDS: Record<string, readonly string[]> = {
  "/": ["home", "start", "landing"],
  "/about": ["about us", "team", "company"],
  "/services": ["coaching", "offer", "programs"],
  "/pricing": ["plans", "tiers", "price", "cost", "subscription"],
  "/marketplace": ["shop", "store", "products", "buy", "courses"],
  "/faq": ["questions", "help", "answers"],
  "/contact": ["email", "message", "reach us"],
  "/support": ["help", "problem", "contact"],
  "/help-center": ["help", "support", "guides"],
  "/blog": ["articles", "posts", "news", "read"],
  "/case-studies": ["stories", "results", "clients"],
  "/resources": ["downloads", "guides", "tools"],
  "/free-intro-session": ["intro", "free", "trial", "first session"],
};

/** The public pages: the header's navigation, then the footer's, each once. */
function publicPages(): PaletteCommand[] {
  const seen = new Set<string>();
  const pages: PaletteCommand[] = [];
  for (const item of [...PRIMARY_NAV, ...FOOTER_NAV.flatMap((group) => group.items)]) {
    const to = String(item.to);
    if (seen.has(to)) continue;
    seen.add(to);
    pages.push({ id: `page:${to}`, label: item.label, keywords: PAGE_KEYWORDS[to] ?? [], group: "navigation", action: navigate(to) });
  }
  return pages;
}

const THEME_KEYWORDS: Record<ThemePreference, readonly string[]> = {
  light: ["theme", "bright", "day mode", "appearance"],
  dark: ["theme", "night mode", "dim", "appearance"],
  system: ["theme", "system", "automatic", "appearance"],
};

function themeCommands(): PaletteCommand[] {
  return THEME_PREFERENCES.map((preference) => ({
    id: `theme:${preference}`,
    label: THEME_LABELS[preference],
    keywords: THEME_KEYWORDS[preference],
    group: "theme",
    action: { kind: "theme", preference },
  }));
}

/** Each opens the account settings dialog on its tab. */
const ACCOUNT_TAB_COMMANDS: Record<AccountTab, { label: string; keywords: readonly string[] }> = {
  account: { label: "Account Settings", keywords: ["settings", "profile", "name", "forum name", "preferences"] },
  billing: { label: "Billing Settings", keywords: ["settings", "payment", "plan", "invoice", "subscription"] },
  notifications: { label: "Notification Settings", keywords: ["settings", "alerts", "reminders", "email"] },
  calendar: { label: "Calendar Settings", keywords: ["settings", "time zone", "timezone", "schedule"] },
  support: { label: "Help and Support", keywords: ["help", "contact", "questions", "support"] },
};

function accountCommands(viewer: PaletteViewer): PaletteCommand[] {
  if (viewer === null)
    return [
      { id: "account:sign-in", label: SIGN_IN.label, keywords: ["log in", "login", "sign in"], group: "account", action: navigate(SIGN_IN.href) },
      { id: "account:register", label: "Create Account", keywords: ["register", "sign up", "join"], group: "account", action: navigate("/register") },
    ];
  return [
    { id: "account:profile", label: "Profile", keywords: ["me", "avatar", "forum name", "my account"], group: "account", action: navigate("/profile") },
    ...ACCOUNT_TABS.map(
      (tab): PaletteCommand => ({
        id: `account:tab:${tab.id}`,
        ...ACCOUNT_TAB_COMMANDS[tab.id],
        group: "account",
        action: { kind: "account-settings", tab: tab.id },
      }),
    ),
    ...(isGuest(viewer)
      ? []
      : [{ id: "account:upgrade", label: "Upgrade Plan", keywords: ["upgrade", "tier", "mastery", "plans"], group: "account" as const, action: navigate("/account/upgrade") }]),
    { id: "account:sign-out", label: SIGN_OUT.label, keywords: ["log out", "logout", "sign out", "leave"], group: "account", action: { kind: "sign-out" } },
  ];
}

/** Pages only some members may open; the server refuses everyone else either way. */
function memberPages(viewer: NonNullable<PaletteViewer>): PaletteCommand[] {
  // Everyone signed in reads the forum, guests included (posting is the server's to allow).
  const pages: PaletteCommand[] = [
    { id: "page:/forum", label: "Community Forum", keywords: ["forum", "community", "discussion", "peers", "ask"], group: "navigation", action: navigate(DASHBOARD_URLS.forum) },
  ];
  if (hasPremiumAccess(viewer.tier))
    pages.push({ id: "page:/premium", label: "Premium Content", keywords: ["premium", "courses", "downloads"], group: "navigation", action: navigate("/premium") });
  if (hasCoachingPage(viewer.tier))
    pages.push({ id: "page:/coaching", label: "Coaching", keywords: ["mastery", "coach", "1:1"], group: "navigation", action: navigate("/coaching") });
  if (hasPermission(viewer.role, "manageUsers"))
    for (const item of ADMIN_MENU)
      pages.push({ id: `page:${item.href}`, label: `Admin: ${item.label}`, keywords: ["admin", item.label], group: "navigation", action: navigate(item.href) });
  return pages;
}

function dashboardPages(viewer: NonNullable<PaletteViewer>): PaletteCommand[] {
  const staff = hasPermission(viewer.role, "accessAllSessions");
  const page = (to: string, label: string, keywords: readonly string[]): PaletteCommand => ({
    id: `page:${to}`,
    label,
    keywords,
    group: "dashboard",
    action: navigate(to),
  });
  return [
    page("/dashboard", "Dashboard", ["home", "overview", "my dashboard"]),
    ...(staff ? [] : [page(DASHBOARD_URLS.bookSession, "Book a Session", ["book", "schedule", "appointment", "coach"])]),
    page("/dashboard/bookings", "Bookings", ["sessions", "appointments", "reschedule", "cancel"]),
    page(ACTION_ITEMS_URL, "Action Items", ["tasks", "todo", "commitments"]),
    page("/dashboard/recordings", "Recordings", ["videos", "watch", "replay"]),
    page(DASHBOARD_URLS.activity, "Activity", ["history", "recent", "feed"]),
    page(DASHBOARD_URLS.calendar, "Calendar", ["schedule", "week", "month"]),
    page(DASHBOARD_URLS.notifications, "Notifications", ["alerts", "inbox", "messages"]),
    page(DASHBOARD_URLS.focus, "Focus Rooms", ["body doubling", "cowork", "focus", "timer", "pomodoro", "work together"]),
  ];
}

/** Every command that does not depend on live data, in the palette's own order. */
export function staticCommands(viewer: PaletteViewer): PaletteCommand[] {
  return [
    ...publicPages(),
    ...(viewer ? memberPages(viewer) : []),
    ...themeCommands(),
    ...accountCommands(viewer),
    ...(showsDashboardCommands(viewer) && viewer ? dashboardPages(viewer) : []),
  ];
}

/** The live entries as commands; `now` decides whether the next session may be joined. */
export function liveCommands(entries: PaletteEntries, now: number, timeZone: string, today: string): PaletteCommand[] {
  const commands: PaletteCommand[] = [];
  const next = entries.nextSession;
  if (next) {
    const open = now >= next.joinOpensAt && now < next.joinClosesAt;
    commands.push({
      id: `session:${next._id}`,
      label: open ? `Join Session: ${next.title}` : `Next Session: ${next.title}`,
      keywords: ["join", "next session", "upcoming", "meeting", "call", next.title, next.withName],
      group: "dashboard",
      hint: open ? `Open now · with ${next.withName}` : `${clockTime(next.startsAt, now, timeZone)} · with ${next.withName}`,
      action: navigate(`/session/${next._id}`),
      transient: true,
    });
  }
  commands.push({
    id: "answer:minutes",
    label: `${entries.remainingMinutes} minutes left`,
    keywords: ["minutes", "time balance", "balance", "time left", "hours"],
    group: "dashboard",
    hint: "Your time balance · opens Billing",
    action: navigate("/dashboard/billing"),
    transient: true,
  });
  for (const item of entries.openItems)
    commands.push({
      id: `done:${item._id}`,
      label: `Mark Done: ${item.title}`,
      keywords: [item.title, "done", "complete", "finish", "action item", "task"],
      group: "dashboard",
      hint: item.dueDate === undefined ? "Open action item" : dueText(item.dueDate, today),
      action: { kind: "mark-done", itemId: item._id, title: item.title },
      transient: true,
    });
  for (const recording of entries.recordings)
    commands.push({
      id: `recording:${recording._id}`,
      label: `Recording: ${recording.title}`,
      keywords: [recording.title, "recording", "video", "watch"],
      group: "dashboard",
      action: navigate(`/dashboard/recordings/${recording._id}`),
      transient: true,
    });
  for (const transcript of entries.transcripts)
    commands.push({
      id: `transcript:${transcript._id}`,
      label: `Transcript: ${transcript.title}`,
      keywords: [transcript.title, "transcript", "notes", "read"],
      group: "dashboard",
      action: navigate(`/dashboard/transcripts/${transcript._id}`),
      transient: true,
    });
  return commands;
}

/** Free text as commands: "add <words>" for members who may write; nothing for anything else. */
export function freeTextCommands(query: string, viewer: PaletteViewer): PaletteCommand[] {
  if (!showsDashboardCommands(viewer)) return [];
  const match = QUICK_ADD.exec(query.trim());
  if (!match) return [];
  const title = (match[1] ?? "").trim();
  return [
    {
      id: "free:add",
      label: title ? `${QUICK_ADD_LABEL}: ${title}` : QUICK_ADD_LABEL,
      keywords: [query],
      group: "dashboard",
      hint: title ? "A new action item, due in a week" : QUICK_ADD_HINT,
      action: { kind: "quick-add", title },
      transient: true,
    },
  ];
}

/** While "add ..." is being typed, digits are part of the words, not item numbers. */
export const isFreeText = (query: string) => QUICK_ADD.test(query.trim());

/** The groups a viewer sees, in order: their position is their number key. */
export function visibleGroups(commands: readonly PaletteCommand[]) {
  return PALETTE_GROUPS.filter((group) => commands.some((command) => command.group === group.id));
}
