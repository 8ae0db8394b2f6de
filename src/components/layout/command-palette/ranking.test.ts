import { describe, expect, it } from "vitest";
import { rankCommands, scoreCommand, SCORES } from "./ranking";

const command = (label: string, ...keywords: string[]) => ({ label, keywords });

describe("scoreCommand: one score per SPEC rule", () => {
  it("exact label: 100, ignoring case and surrounding spaces", () => {
    expect(scoreCommand(command("Pricing"), "  pRICING ")).toBe(SCORES.exactLabel);
    expect(SCORES.exactLabel).toBe(100);
  });

  it("label prefix: 90", () => {
    expect(scoreCommand(command("Pricing"), "pri")).toBe(90);
    expect(scoreCommand(command("Pricing"), "p")).toBe(90);
  });

  it("exact keyword: 85", () => {
    expect(scoreCommand(command("Pricing", "plans"), "plans")).toBe(85);
  });

  it("keyword prefix: 80", () => {
    expect(scoreCommand(command("Pricing", "subscription"), "sub")).toBe(80);
    expect(scoreCommand(command("Pricing", "subscription"), "s")).toBe(80);
  });

  it("two letters inside a keyword of 5+ characters: 70", () => {
    expect(scoreCommand(command("Pricing", "subscription"), "cr")).toBe(70);
  });

  it("two letters inside a keyword shorter than 5 characters: no match", () => {
    expect(scoreCommand(command("Pricing", "cost"), "os")).toBe(0);
  });

  it("one letter inside a keyword: no match", () => {
    expect(scoreCommand(command("Pricing", "subscription"), "c")).toBe(0);
  });

  it("keyword substring: 65, from 3 typed characters", () => {
    expect(scoreCommand(command("Pricing", "subscription"), "scr")).toBe(65);
    expect(scoreCommand(command("Pricing", "tiers"), "ier")).toBe(65);
  });

  it("label substring: 60, from 3 typed characters", () => {
    expect(scoreCommand(command("Book a Session"), "ses")).toBe(60);
  });

  it("two letters inside a label: no match (substrings need 3)", () => {
    expect(scoreCommand(command("Book a Session"), "se")).toBe(0);
  });

  it("nothing typed, or nothing matching: 0", () => {
    expect(scoreCommand(command("Pricing", "plans"), "")).toBe(0);
    expect(scoreCommand(command("Pricing", "plans"), "   ")).toBe(0);
    expect(scoreCommand(command("Pricing", "plans"), "zzz")).toBe(0);
  });

  it("a command scores the best rule it meets", () => {
    // "plans" is both an exact keyword and a label prefix of "Plans and Pricing": 90 wins.
    expect(scoreCommand(command("Plans and Pricing", "plans"), "plans")).toBe(90);
    // A keyword prefix (80) beats that keyword's substring (65) and a label substring (60).
    expect(scoreCommand(command("My theme", "theme"), "the")).toBe(80);
  });
});

describe("rankCommands", () => {
  it("orders by score and leaves out what does not match", () => {
    const commands = [
      command("Dashboard", "overview"), // label substring "ash": 60
      command("Ash", "tree"), // exact label: 100
      command("Cash flow", "money"), // label substring: 60
      command("Pricing", "ashes"), // keyword prefix: 80
      command("Blog", "posts"), // no match
    ];
    expect(rankCommands(commands, "ash").map((entry) => entry.label)).toEqual(["Ash", "Pricing", "Dashboard", "Cash flow"]);
  });

  it("ties keep the given order (the palette's group order), whichever way round they come", () => {
    const a = command("Dark", "theme");
    const b = command("Light", "theme");
    expect(rankCommands([a, b], "theme")).toEqual([a, b]);
    expect(rankCommands([b, a], "theme")).toEqual([b, a]);
  });

  it("ties within every score keep the given order", () => {
    const first = command("Recordings", "videos");
    const second = command("Record player", "music");
    const third = command("Records", "archive");
    // All three are label prefixes of "rec": 90 each, in the given order.
    expect(rankCommands([first, second, third], "rec")).toEqual([first, second, third]);
  });

  it("does not change the list it was given", () => {
    const commands = [command("B", "x"), command("A", "x")];
    rankCommands(commands, "x");
    expect(commands.map((entry) => entry.label)).toEqual(["B", "A"]);
  });
});
