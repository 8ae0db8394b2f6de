import { afterEach, describe, expect, it, vi } from "vitest";
import { newConvexTest } from "./test.setup";

afterEach(() => vi.unstubAllEnvs());

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages and every article at the origin the visitor used", async () => {
    const t = newConvexTest();
    await t.run((ctx) =>
      ctx.db.insert("articles", {
        kind: "case_study",
        slug: "mornings-back",
        title: "Mornings back",
        summary: "s",
        body: "b",
        author: "a",
        publishedAt: Date.UTC(2026, 0, 15),
        readingMinutes: 3,
        tags: [],
      }),
    );
    const response = await t.fetch("/sitemap.xml", { headers: { "x-forwarded-host": "lwcc.example:4173", "x-forwarded-proto": "http" } });
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("<loc>http://lwcc.example:4173/pricing</loc>");
    expect(xml).toContain("<loc>http://lwcc.example:4173/case-studies/mornings-back</loc><lastmod>2026-01-15</lastmod>");
    expect(xml).not.toContain("/dashboard");
  });

  it("keeps member areas out and points to the sitemap, on SITE_URL when set", async () => {
    vi.stubEnv("SITE_URL", "https://lwcc.example/");
    const t = newConvexTest();
    const robots = await (await t.fetch("/robots.txt")).text();
    expect(robots).toContain("Disallow: /dashboard");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Sitemap: https://lwcc.example/sitemap.xml");
  });
});
