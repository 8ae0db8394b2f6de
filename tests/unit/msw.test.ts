import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../mocks/server";

describe("msw in node tests", () => {
  it("answers mocked requests", async () => {
    server.use(http.post("https://api.resend.com/emails", () => HttpResponse.json({ id: "email_1" })));
    const response = await fetch("https://api.resend.com/emails", { method: "POST", body: "{}" });
    expect(await response.json()).toEqual({ id: "email_1" });
  });

  it("rejects requests no handler answers", async () => {
    await expect(fetch("https://api.clerk.com/v1/users")).rejects.toThrow();
  });
});
