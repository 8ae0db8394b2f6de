/**
 * Who a per-client rate limit counts: the signed-in user where there is one, else the network
 * address the request came from. Pure, so the embedded backend's identity provider reads
 * addresses the same way the http routes do.
 *
 * X-Forwarded-For is written by whoever sent the request, so it is believed only as far as the
 * deployment says proxies of its own stand in front (TRUSTED_PROXY_HOPS): each trusted proxy
 * appends the address it received the request from, and the client's is the one the outermost
 * trusted proxy appended. Without that setting the header is ignored.
 */
import ipaddr from "ipaddr.js";

/** More trusted hops than any real set-up has is a configuration mistake, not a proxy chain. */
const MAX_TRUSTED_HOPS = 10;

/** TRUSTED_PROXY_HOPS read as a whole number of proxies; unset or anything else is 0 (the header is ignored). */
export function trustedProxyHops(value: string | undefined): number {
  const hops = Number(value?.trim() || "0");
  return Number.isInteger(hops) && hops >= 0 && hops <= MAX_TRUSTED_HOPS ? hops : 0;
}

/** An address with a port or in brackets ("1.2.3.4:80", "[2001:db8::1]:443"), as some proxies write them, without. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4WithPort ? v4WithPort[1]! : entry;
}

/**
 * An address as a limit key: IPv4 as dotted decimal (an IPv4-mapped IPv6 address included), IPv6
 * as its /64 network, because one subscriber line or host gets a whole /64 and could otherwise
 * take a fresh address for every request. Null for anything that is not an address.
 */
export function normalizeAddress(raw: string | null | undefined): string | null {
  const entry = withoutPort((raw ?? "").trim());
  // Dotted decimal only: ipaddr also reads inet_aton's short and hex forms ("10.1", "0x7f.1"), which no proxy writes.
  const valid = entry.includes(":") ? ipaddr.IPv6.isValid(entry) : ipaddr.IPv4.isValidFourPartDecimal(entry);
  if (!valid) return null;
  const address = ipaddr.process(entry);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}

/**
 * The client's address: the connection's own when no proxy is trusted, else the entry of
 * X-Forwarded-For that the outermost of `hops` trusted proxies appended. A chain shorter than
 * `hops` means fewer proxies were passed than configured; its first entry is then the best there is.
 */
export function clientAddress(connectionIp: string | null, forwardedFor: string | null, hops: number): string | null {
  if (hops === 0 || !forwardedFor) return normalizeAddress(connectionIp);
  const chain = [...forwardedFor.split(",").map((entry) => entry.trim()), connectionIp ?? ""];
  return normalizeAddress(chain[Math.max(0, chain.length - 1 - hops)]);
}

/** Requests whose address is unknown share one key: they cannot be told apart, and must not escape the limit. */
export const UNKNOWN_CLIENT = "unknown";

/**
 * A per-client limit's key: the user's token identifier when signed in, else the address.
 * Hashed (SHA-256), so the limiter's table holds no addresses, only keys of one length.
 */
export async function clientKey(client: { tokenIdentifier?: string | null; address?: string | null }): Promise<string> {
  const plain = client.tokenIdentifier ? `user:${client.tokenIdentifier}` : `address:${client.address ?? UNKNOWN_CLIENT}`;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(plain)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
