import { describe, expect, it } from "vitest";
import { routeForLog } from "./backend";

describe("a slow http action's path in the log", () => {
  it("leaves out the query and any long token in the path, and keeps the route", () => {
    expect(routeForLog("/calendar/feed/Ab3_dEf-ghIJklmnOPqrstUVwxyz0123456789ABCDEFG.ics")).toBe("/calendar/feed/….ics");
    expect(routeForLog("/email/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.abc")).toBe("/email/unsubscribe");
    expect(routeForLog("/api/newsletter")).toBe("/api/newsletter");
  });
});
