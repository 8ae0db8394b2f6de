import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../tests/mocks/server";

// Vendor adapters are tested in this environment against msw; prove that wiring holds here.
describe("vendor requests in Convex tests", () => {
  it("are answered by msw handlers in the vendor's shape", async () => {
    server.use(http.get("https://api.stripe.com/v1/balance", () => HttpResponse.json({ object: "balance" })));
    const response = await fetch("https://api.stripe.com/v1/balance");
    expect(await response.json()).toEqual({ object: "balance" });
  });

  it("fail loudly when no handler answers, instead of reaching the network", async () => {
    await expect(fetch("https://api.openai.com/v1/models")).rejects.toThrow();
  });
});
