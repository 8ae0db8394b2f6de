import { describe, expect, it } from "vitest";
import {
  allows,
  canAccessResource,
  hasFlag,
  hasPermission,
  hasPremiumAccess,
  isGuest,
  rulesFor,
  showsDashboardCommands,
  tierAtLeast,
} from "./permissions";

const user = (role: string, userType = role) => ({ role, userType });

describe("SPEC §6 permissions", () => {
  it("gives admins everything, coaches all but user management, clients and others nothing special", () => {
    expect(["createSessions", "accessAllSessions", "manageUsers", "viewAnalytics", "moderate"].every((p) => hasPermission("admin", p as never))).toBe(true);
    expect(hasPermission("coach", "manageUsers")).toBe(false);
    expect(hasPermission("coach", "createSessions") && hasPermission("coach", "moderate")).toBe(true);
    expect(rulesFor("client").permissions).toEqual([]);
    expect(rulesFor("others").permissions).toEqual([]);
    expect(rulesFor("something-new").permissions).toEqual([]);
  });

  it("sets the feature flags and guest limits of the spec", () => {
    expect(["advancedAnalytics", "beta", "debug"].every((f) => hasFlag("admin", f as never))).toBe(true);
    expect(hasFlag("coach", "coachTools") && hasFlag("coach", "sessionTemplates")).toBe(true);
    expect(hasFlag("guest_temporary", "limitedAccess") && hasFlag("guest_confirmed", "limitedAccess")).toBe(true);
    expect(rulesFor("guest_temporary").maxSessionMinutes).toBe(30);
    expect(rulesFor("guest_confirmed").maxSessionMinutes).toBe(60);
    expect(rulesFor("guest_confirmed").readOnly).toBe(true);
  });

  it("treats every user type starting with guest as a guest", () => {
    expect(isGuest(user("client", "guest_anything"))).toBe(true);
    expect(isGuest(user("client"))).toBe(false);
  });

  it("runs the resource check: admins and coaches all, guests read only, others denied", () => {
    expect(canAccessResource(user("admin"), "write")).toBe(true);
    expect(canAccessResource(user("coach"), "write")).toBe(true);
    expect(canAccessResource(user("guest_confirmed"), "read")).toBe(true);
    expect(canAccessResource(user("guest_confirmed"), "write")).toBe(false);
    expect(canAccessResource(user("client"), "read")).toBe(false);
    expect(canAccessResource(user("others"), "read")).toBe(false);
  });

  it("orders tiers Foundation < Clarity < Control < Mastery and knows the premium tiers", () => {
    expect(tierAtLeast("control", "clarity")).toBe(true);
    expect(tierAtLeast("Clarity", "control")).toBe(false);
    expect(tierAtLeast("premium", "foundation")).toBe(false);
    expect(["Mastery", "Control", "Clarity", "Premium", "Elite"].every(hasPremiumAccess)).toBe(true);
    expect(hasPremiumAccess("foundation") || hasPremiumAccess("basic")).toBe(false);
  });

  it("maps access levels to callers", () => {
    expect(allows("writer", user("guest_temporary"))).toBe(false);
    expect(allows("writer", user("client"))).toBe(true);
    expect(allows("staff", user("coach")) && !allows("staff", user("client"))).toBe(true);
    expect(allows("admin", user("admin")) && !allows("admin", user("coach"))).toBe(true);
    expect(showsDashboardCommands(user("guest_confirmed"))).toBe(false);
    expect(showsDashboardCommands(user("client"))).toBe(true);
    expect(showsDashboardCommands(null)).toBe(false);
  });
});
