import { describe, expect, it } from "vitest";
import { clientAddress, clientKey, normalizeAddress, trustedProxyHops } from "./clientKey";

describe("normalizeAddress", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6 and drops ports and brackets", () => {
    expect(normalizeAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(normalizeAddress(" ::ffff:203.0.113.7 ")).toBe("203.0.113.7");
    expect(normalizeAddress("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
  });

  it("counts an IPv6 address as its /64, so a host cannot take a new address per request", () => {
    const network = "2001:db8:85a3:8d3::/64";
    for (const host of ["2001:db8:85a3:8d3::1", "2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff", "2001:db8:85a3:8d3:1319:8a2e:370:7348"]) {
      expect(normalizeAddress(host)).toBe(network);
    }
    expect(normalizeAddress("2001:db8:85a3:8d4::1")).not.toBe(network);
  });

  it("refuses what is not an address", () => {
    for (const value of [null, undefined, "", "unknown", "203.0.113", "example.com", "1.2.3.4, 5.6.7.8"]) expect(normalizeAddress(value)).toBeNull();
  });
});

describe("clientAddress", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(clientAddress("198.51.100.1", "203.0.113.7", 0)).toBe("198.51.100.1");
  });

  it("takes the entry the outermost trusted proxy appended, whatever the client wrote before it", () => {
    expect(clientAddress("10.0.0.1", "203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.1", "6.6.6.6, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.1", 2)).toBe("203.0.113.7");
    // A request that came past no proxy at all (no header) is the connection's own.
    expect(clientAddress("198.51.100.1", null, 1)).toBe("198.51.100.1");
    // Fewer entries than trusted hops: the first is the best there is.
    expect(clientAddress("10.0.0.2", "203.0.113.7", 3)).toBe("203.0.113.7");
  });
});

describe("trustedProxyHops", () => {
  it("reads a small whole number and treats anything else as none", () => {
    expect([undefined, "", "0", "1", " 2 ", "10"].map(trustedProxyHops)).toEqual([0, 0, 0, 1, 2, 10]);
    expect(["-1", "1.5", "11", "yes", "1e3"].map(trustedProxyHops)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("clientKey", () => {
  it("tells a user from an address, and holds neither in the clear", async () => {
    const user = await clientKey({ tokenIdentifier: "https://identity.test|u1" });
    const address = await clientKey({ address: "203.0.113.7" });
    expect(user).toMatch(/^[0-9a-f]{64}$/);
    expect(address).not.toBe(user);
    expect(await clientKey({ address: "203.0.113.7" })).toBe(address);
    expect(await clientKey({ address: null })).toBe(await clientKey({}));
  });
});
