import { describe, expect, it } from "vitest";
import { parseClerkUserEvent } from "./clerk";

const ISSUER = "https://clerk.example.com/";

/** Clerk's documented user.updated payload, trimmed to what the parser may read. */
const updated = (data: Record<string, unknown>) => ({
  type: "user.updated",
  object: "event",
  data: {
    id: "user_29w83sxmDNGwOuEthce5gg56FcC",
    object: "user",
    first_name: "Example",
    last_name: null,
    primary_email_address_id: "idn_2",
    email_addresses: [
      { id: "idn_1", email_address: "old@example.org", verification: { status: "verified" } },
      { id: "idn_2", email_address: "example@example.org", verification: { status: "unverified" } },
    ],
    public_metadata: {},
    created_at: 1654012591514,
    updated_at: 1654012824306,
    ...data,
  },
});

describe("parseClerkUserEvent", () => {
  it("reads the primary e-mail, names, times and a known role from public_metadata", () => {
    expect(parseClerkUserEvent(updated({ public_metadata: { role: "coach", plan: "x" } }), ISSUER)).toEqual({
      type: "user.updated",
      tokenIdentifier: "https://clerk.example.com|user_29w83sxmDNGwOuEthce5gg56FcC",
      email: "example@example.org",
      emailVerified: false,
      firstName: "Example",
      createdAt: 1654012591514,
      updatedAt: 1654012824306,
      role: "coach",
    });
  });

  it("leaves the role out when the metadata has none, and reports one it does not know", () => {
    expect(parseClerkUserEvent(updated({}), ISSUER)).not.toHaveProperty("role");
    expect(parseClerkUserEvent(updated({ public_metadata: null }), ISSUER)).not.toHaveProperty("role");
    const unknown = parseClerkUserEvent(updated({ public_metadata: { role: "Admin" } }), ISSUER);
    expect(unknown).not.toHaveProperty("role");
    expect(unknown).toMatchObject({ unknownRole: "Admin" });
    expect(parseClerkUserEvent(updated({ public_metadata: { role: ["admin"] } }), ISSUER)).toMatchObject({ unknownRole: '["admin"]' });
  });

  it("ignores other event types and refuses a user event without an id", () => {
    expect(parseClerkUserEvent({ type: "session.created", data: {} }, ISSUER)).toBeNull();
    expect(() => parseClerkUserEvent({ type: "user.updated", data: {} }, ISSUER)).toThrow("without a user id");
  });
});
