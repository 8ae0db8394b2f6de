import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TIER_LABELS } from "../../convex/model/permissions";
import { DEMO_ACCOUNTS } from "../../scripts/demo-accounts";

const README = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");

describe("demo accounts", () => {
  it("are listed in the README exactly as the seed creates them", () => {
    const table = README.slice(README.indexOf("### Demo accounts"));
    const rows = table
      .split("\n")
      .filter((line) => /^\| [a-z_]+ \| \S+@/.test(line))
      .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
    expect(rows).toEqual(DEMO_ACCOUNTS.map((a) => [a.role, a.email, a.password, TIER_LABELS[a.tier]]));
  });

  it("cover every role of SPEC §6, with two clients on different tiers", () => {
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.role))).toEqual(new Set(["admin", "coach", "client", "guest_temporary", "guest_confirmed"]));
    const clients = DEMO_ACCOUNTS.filter((a) => a.role === "client");
    expect(new Set(clients.map((a) => a.tier)).size).toBe(2);
    expect(DEMO_ACCOUNTS.every((a) => a.password.length >= 8)).toBe(true);
  });
});
