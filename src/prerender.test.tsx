import { describe, expect, it } from "vitest";
import { INDEXED_PATHS } from "../convex/model/site";
import { appShellPatterns, PRERENDER_PATHS } from "./prerender";

describe("the paths the server answers with a page (the rest are 404)", () => {
  const answered = async (url: string) =>
    PRERENDER_PATHS.includes(url) || (await appShellPatterns()).some((pattern) => new RegExp(pattern).test(url));

  it("include every public page, sign-in with and without a sub-path, and member pages", async () => {
    for (const url of [...INDEXED_PATHS, "/login", "/register", "/login/sso-callback", "/register/verify", "/dashboard/bookings/abc"]) {
      expect(await answered(url), url).toBe(true);
    }
  });

  it("leave out unknown pages and unknown sub-pages of static content", async () => {
    for (const url of ["/this-page-does-not-exist", "/services/time-travel", "/loginx", "//x"]) {
      expect(await answered(url), url).toBe(false);
    }
  });
});
