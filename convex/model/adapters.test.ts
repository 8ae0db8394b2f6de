import { describe, expect, it } from "vitest";
import { selectAdapters } from "./adapters";

describe("selectAdapters", () => {
  it("uses every embedded default without keys", () => {
    expect(selectAdapters({})).toEqual({
      identity: "local",
      payments: "local-gateway",
      email: "outbox",
      extraction: "rules",
    });
  });

  it("switches each service on its own key, ignoring blank values", () => {
    expect(
      selectAdapters({
        CLERK_JWT_ISSUER_DOMAIN: "https://clerk.example.com",
        STRIPE_SECRET_KEY: "  ",
        RESEND_API_KEY: "re_123",
      }),
    ).toEqual({ identity: "clerk", payments: "local-gateway", email: "resend", extraction: "rules" });
  });
});
