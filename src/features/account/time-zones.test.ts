import { searchZones, timeZoneOptions, zoneFromText, zoneLabel, zoneOffset } from "./time-zones";

const zones = [
  "America/Argentina/Buenos_Aires",
  "America/New_York",
  "Europe/London",
  "Europe/Berlin",
  "Pacific/Tongatapu",
  "Asia/Tokyo",
  "Europe/Amsterdam",
];

describe("time zone search", () => {
  it("shows underscores as spaces", () => {
    expect(zoneLabel("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos Aires");
  });

  it("matches the name with spaces or underscores, any case, every word", () => {
    expect(searchZones(zones, "new york")).toEqual(["America/New_York"]);
    expect(searchZones(zones, "NEW_YORK")).toEqual(["America/New_York"]);
    expect(searchZones(zones, "america aires")).toEqual(["America/Argentina/Buenos_Aires"]);
    expect(searchZones(zones, "europe/")).toEqual(["Europe/London", "Europe/Berlin", "Europe/Amsterdam"]);
    expect(searchZones(zones, "  ")).toEqual(zones);
    expect(searchZones(zones, "Atlantis")).toEqual([]);
  });

  it("puts zones whose city starts with the search first", () => {
    expect(searchZones(zones, "am")).toEqual(["Europe/Amsterdam", "America/Argentina/Buenos_Aires", "America/New_York"]);
    expect(searchZones(zones, "to")).toEqual(["Pacific/Tongatapu", "Asia/Tokyo"]);
    expect(searchZones(zones, "buenos")).toEqual(["America/Argentina/Buenos_Aires"]);
  });

  it("reads a typed zone back as the listed one", () => {
    expect(zoneFromText(" america/new york ", zones)).toBe("America/New_York");
    expect(zoneFromText("Europe/Berlin", zones)).toBe("Europe/Berlin");
    expect(zoneFromText(" Atlantis ", zones)).toBe("Atlantis");
  });

  it("offers UTC and a stored zone the browser does not list, but nothing invalid", () => {
    const listed = Intl.supportedValuesOf("timeZone");
    expect(timeZoneOptions("Europe/Berlin")).toEqual(listed.includes("UTC") ? listed : ["UTC", ...listed]);
    expect(timeZoneOptions("Not/A_Zone")).not.toContain("Not/A_Zone");
  });

  it("gives the offset from GMT", () => {
    const winter = Date.UTC(2025, 0, 15);
    expect(zoneOffset("Europe/Berlin", winter)).toBe("GMT+01:00");
    expect(zoneOffset("America/New_York", winter)).toBe("GMT-05:00");
  });
});
