import { DEFAULT_TIMEZONE, isValidTimezone } from "@convex/model/users";

/** The time zone list filters this long after the last key typed (SPEC §9). */
export const TIMEZONE_SEARCH_DEBOUNCE_MS = 300;

/** How a zone reads: "America/New_York" as "America/New York". */
export function zoneLabel(zone: string): string {
  return zone.replaceAll("_", " ");
}

function normalize(text: string): string {
  return zoneLabel(text).trim().toLowerCase();
}

/** The last part of a zone, the city: "America/Argentina/Buenos_Aires" → "buenos aires". */
function cityOf(zone: string): string {
  return normalize(zone.slice(zone.lastIndexOf("/") + 1));
}

/**
 * Every IANA zone the browser knows, plus the stored one and UTC when the browser does not list
 * them (browsers list UTC under Etc/ or not at all, and may know a stored zone by another name).
 */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  const extra = [...new Set([current, DEFAULT_TIMEZONE])].filter((zone) => !zones.includes(zone) && isValidTimezone(zone));
  return [...extra, ...zones];
}

/**
 * The zones whose name (with spaces for "_") contains every word of the search, those whose
 * city starts with the search first, so "york" finds America/New York and "lon" Europe/London.
 */
export function searchZones(zones: readonly string[], search: string): string[] {
  const wanted = normalize(search);
  if (!wanted) return [...zones];
  const words = wanted.split(/\s+/);
  const cityFirst: string[] = [];
  const rest: string[] = [];
  for (const zone of zones) {
    const name = normalize(zone);
    if (cityOf(zone).startsWith(wanted)) cityFirst.push(zone);
    else if (words.every((word) => name.includes(word))) rest.push(zone);
  }
  return [...cityFirst, ...rest];
}

/**
 * The zone a typed text names: a listed one in any case, with spaces or "_"; otherwise the text
 * itself, which the caller checks with isValidTimezone.
 */
export function zoneFromText(text: string, zones: readonly string[]): string {
  const wanted = normalize(text);
  return zones.find((zone) => normalize(zone) === wanted) ?? text.trim();
}

/** The zone's offset from GMT at `at`, such as "GMT+01:00". */
export function zoneOffset(zone: string, at: number): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
}
