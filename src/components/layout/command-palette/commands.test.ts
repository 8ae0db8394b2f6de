import { describe, expect, it } from "vitest";
import {
  freeTextCommands,
  isFreeText,
  liveCommands,
  QUICK_ADD_LABEL,
  staticCommands,
  visibleGroups,
  type PaletteViewer,
} from "./commands";
import { rankCommands } from "./ranking";
import { paletteEntries } from "./test-fixtures";

const VIEWERS = {
  visitor: null,
  guest: { role: "guest_temporary", userType: "guest_temporary", tier: "foundation" },
  client: { role: "client", userType: "client", tier: "clarity" },
  coach: { role: "coach", userType: "coach", tier: "foundation" },
  admin: { role: "admin", userType: "admin", tier: "foundation" },
} satisfies Record<string, PaletteViewer>;

const labels = (viewer: PaletteViewer, group?: string) =>
  staticCommands(viewer)
    .filter((command) => group === undefined || command.group === group)
    .map((command) => command.label);
const groupLabels = (viewer: PaletteViewer) => visibleGroups(staticCommands(viewer)).map((group) => group.label);

describe("staticCommands by role", () => {
  it("visitors: Navigation, Theme and Account with Sign In and Create Account", () => {
    expect(groupLabels(VIEWERS.visitor)).toEqual(["Navigation", "Theme", "Account"]);
    expect(labels(VIEWERS.visitor, "account")).toEqual(["Sign In", "Create Account"]);
    expect(labels(VIEWERS.visitor, "theme")).toEqual(["Light", "Dark", "Auto"]);
    expect(labels(VIEWERS.visitor, "navigation")).toEqual(expect.arrayContaining(["Home", "Pricing", "Marketplace", "Blog", "Contact"]));
    expect(labels(VIEWERS.visitor)).not.toContain("Community Forum");
  });

  it("guests: no Dashboard commands, no upgrade, but settings and Sign Out", () => {
    expect(groupLabels(VIEWERS.guest)).toEqual(["Navigation", "Theme", "Account"]);
    expect(labels(VIEWERS.guest, "account")).toEqual([
      "Profile",
      "Account Settings",
      "Billing Settings",
      "Notification Settings",
      "Calendar Settings",
      "Help and Support",
      "Sign Out",
    ]);
  });

  it("clients: the Dashboard group, Book a Session, premium pages by tier, no admin pages", () => {
    expect(groupLabels(VIEWERS.client)).toEqual(["Navigation", "Theme", "Account", "Dashboard"]);
    expect(labels(VIEWERS.client, "dashboard")).toContain("Book a Session");
    expect(labels(VIEWERS.client, "account")).toContain("Upgrade Plan");
    expect(labels(VIEWERS.client, "account")).not.toContain("Sign In");
    expect(labels(VIEWERS.client)).toContain("Premium Content");
    expect(staticCommands(VIEWERS.client).find((command) => command.label === "Community Forum")).toMatchObject({
      group: "navigation",
      action: { kind: "navigate", to: "/forum" },
    });
    expect(labels(VIEWERS.guest, "navigation")).toContain("Community Forum");
    expect(labels(VIEWERS.client)).not.toContain("Coaching");
    expect(labels(VIEWERS.client).filter((label) => label.startsWith("Admin"))).toEqual([]);
  });

  it("tiers decide the premium pages: Foundation none, Clarity premium, Mastery premium and coaching", () => {
    const tier = (name: string) => labels({ role: "client", userType: "client", tier: name });
    expect(tier("foundation")).not.toContain("Premium Content");
    expect(tier("clarity")).toContain("Premium Content");
    expect(tier("mastery")).toEqual(expect.arrayContaining(["Premium Content", "Coaching"]));
  });

  it("coaches: the Dashboard group without Book a Session, no admin pages", () => {
    expect(groupLabels(VIEWERS.coach)).toContain("Dashboard");
    expect(labels(VIEWERS.coach, "dashboard")).not.toContain("Book a Session");
    expect(labels(VIEWERS.coach).filter((label) => label.startsWith("Admin"))).toEqual([]);
  });

  it("admins: the admin pages as well", () => {
    expect(labels(VIEWERS.admin, "navigation")).toEqual(expect.arrayContaining(["Admin: Users", "Admin: Email System", "Admin: Monitoring"]));
  });

  it("every id is unique", () => {
    for (const viewer of Object.values(VIEWERS)) {
      const ids = staticCommands(viewer).map((command) => command.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 25, 12);

const entries = (overrides: Parameters<typeof paletteEntries>[1] = {}) => paletteEntries(NOW, overrides);

describe("liveCommands", () => {
  it("the next session: its page before the join window, Join once it is open", () => {
    const before = liveCommands(entries(), NOW, "UTC", "2026-11-25")[0]!;
    expect(before.label).toBe("Next Session: Weekly planning");
    expect(before.action).toEqual({ kind: "navigate", to: "/session/sessions:next" });
    const during = liveCommands(entries(), NOW + 2 * HOUR - 5 * 60_000, "UTC", "2026-11-25")[0]!;
    expect(during.label).toBe("Join Session: Weekly planning");
    expect(during.hint).toContain("Open now");
  });

  it("open items become Mark Done commands, found by their title's words", () => {
    const commands = liveCommands(entries(), NOW, "UTC", "2026-11-25");
    const done = commands.find((command) => command.action.kind === "mark-done")!;
    expect(done.label).toBe("Mark Done: Email the accountant");
    expect(done.hint).toBe("Due in 2 days");
    expect(rankCommands(commands, "email")[0]).toBe(done);
  });

  it('"minutes" answers the time balance in the list', () => {
    const [first] = rankCommands(liveCommands(entries({ remainingMinutes: 95 }), NOW, "UTC", "2026-11-25"), "minutes");
    expect(first?.label).toBe("95 minutes left");
  });

  it("recordings and transcripts open their pages", () => {
    const commands = liveCommands(entries(), NOW, "UTC", "2026-11-25");
    expect(commands.find((command) => command.label === "Recording: Planning call")?.action).toEqual({
      kind: "navigate",
      to: "/dashboard/recordings/recordings:r",
    });
    expect(commands.find((command) => command.label === "Transcript: Planning call")?.action).toEqual({
      kind: "navigate",
      to: "/dashboard/transcripts/transcripts:t",
    });
  });

  it("live entries are never remembered as recent", () => {
    expect(liveCommands(entries(), NOW, "UTC", "2026-11-25").every((command) => command.transient)).toBe(true);
  });
});

describe("free text", () => {
  it('"add <words>" becomes a quick-add command that ranks first', () => {
    const [command] = freeTextCommands("add Call the bank", VIEWERS.client);
    expect(command?.label).toBe(`${QUICK_ADD_LABEL}: Call the bank`);
    expect(command?.action).toEqual({ kind: "quick-add", title: "Call the bank" });
    const ranked = rankCommands([...staticCommands(VIEWERS.client), command!], "add Call the bank");
    expect(ranked[0]).toBe(command);
  });

  it('"add" alone offers the command with an empty title (the form rule then refuses it)', () => {
    expect(freeTextCommands("add", VIEWERS.client)[0]?.action).toEqual({ kind: "quick-add", title: "" });
  });

  it("only for members who may write, and only for add", () => {
    expect(freeTextCommands("add Call the bank", VIEWERS.guest)).toEqual([]);
    expect(freeTextCommands("add Call the bank", VIEWERS.visitor)).toEqual([]);
    expect(freeTextCommands("address", VIEWERS.client)).toEqual([]);
  });

  it("digits belong to the words while add is typed", () => {
    expect(isFreeText("add 3 calls")).toBe(true);
    expect(isFreeText("add")).toBe(true);
    expect(isFreeText("adm")).toBe(false);
    expect(isFreeText("")).toBe(false);
  });
});
