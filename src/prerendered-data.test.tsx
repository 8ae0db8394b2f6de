/**
 * A public page whose data changes only when something is published (the blog's list) is
 * prerendered with that data, carries it in the page, and the app takes it over without a
 * mismatch, then reads it again from the backend. What depends on the clock or the time zone
 * (dates, the footer's year) is taken over as the build rendered it too.
 */
import { act } from "@testing-library/react";
import type { Value } from "convex/values";
import { http, HttpResponse } from "msw";
import type { Root } from "react-dom/client";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { installMatchMedia } from "../tests/setup/match-media";
import { server } from "../tests/mocks/server";
import { placePrerendered, takeOver } from "./test/take-over";
import LocalConvexSession from "./features/auth/local-convex-session";
import { EMBEDDED_BACKEND_URL } from "./lib/constants";
import { SNAPSHOT_ELEMENT_ID } from "./lib/convex-snapshot";
import { render } from "./prerender";

const article = (slug: string, title: string) => ({
  slug,
  title,
  summary: `A short read: ${title.toLowerCase()}. </script><script>alert(1)</script>`,
  author: "Cora Lindqvist",
  publishedAt: Date.UTC(2026, 10, 2, 2),
  readingMinutes: 4,
  tags: ["focus"],
});

// jsdom has no scrolling; the router restores scroll positions as it takes a page over.
window.scrollTo = () => {};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

describe("a page prerendered with its data", () => {
  it("is rendered with what the deployment holds, and pages that read live data are not", async () => {
    const asked: unknown[] = [];
    const readQuery = (name: string, args: Record<string, Value>) => {
      asked.push({ name, args });
      return Promise.resolve([article("first-post", "First post")]);
    };
    const page = (await render("/blog", { readQuery }))!;
    expect(page.body).toContain("First post");
    expect(asked).toEqual([{ name: "catalog:articles", args: { kind: "post" } }]);
    // The data block cannot be ended early by what an article says.
    expect(page.data).not.toContain("</script><script>");

    expect(await render("/contact", { readQuery })).toBeNull();
    expect(await render("/blog")).toBeNull();
    // A read that fails leaves the page to the app, rather than failing the build.
    expect(await render("/blog", { readQuery: () => Promise.reject(new Error("unreachable")) })).toBeNull();
  });

  it("is taken over without a mismatch, then shows what the backend holds now, dated in the reader's calendar", async () => {
    // Built in UTC, read in New York: the post came out on November 2 in UTC, on November 1 there.
    const page = (await render("/blog", { readQuery: () => Promise.resolve([article("first-post", "First post")]) }))!;
    expect(page.body).toContain("November 2, 2026");
    const timeZone = process.env.TZ;
    process.env.TZ = "America/New_York";
    onTestFinished(() => {
      process.env.TZ = timeZone;
    });
    const reads: unknown[] = [];
    server.use(
      http.post(`${EMBEDDED_BACKEND_URL}/api/query`, async ({ request }) => {
        reads.push(await request.json());
        return HttpResponse.json({ status: "success", value: [article("second-post", "Second post"), article("first-post", "First post")], logLines: [] });
      }),
    );
    installMatchMedia({ dark: false });
    const container = placePrerendered(page);
    expect(document.getElementById(SNAPSHOT_ELEMENT_ID)).not.toBeNull();
    const takenOver = await takeOver(container, "/blog", LocalConvexSession);
    root = takenOver.root;

    expect(takenOver.mismatches).toEqual([]);
    expect(container.querySelectorAll("main li h2")).toHaveLength(1);
    await vi.waitFor(() => expect(container.querySelectorAll("main li h2")).toHaveLength(2));
    expect(container.querySelector("main li h2")).toHaveTextContent("Second post");
    expect(container.querySelector("main li time")).toHaveTextContent("November 1, 2026");
    expect(reads).toHaveLength(1);
  });
});

describe("a page prerendered last year", () => {
  it("is taken over on New Year's Day without a mismatch, and then says the new year", async () => {
    const page = (await render("/"))!;
    const built = Number(import.meta.env.VITE_BUILD_YEAR);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(built + 1, 0, 1, 0, 5) });
    onTestFinished(() => void vi.useRealTimers());
    installMatchMedia({ dark: false });
    const container = placePrerendered(page);
    expect(container.querySelector("footer")).toHaveTextContent(`© ${built} LWCC`);
    const takenOver = await takeOver(container, "/");
    root = takenOver.root;

    expect(takenOver.mismatches).toEqual([]);
    expect(container.querySelector("footer")).toHaveTextContent(`© ${built + 1} LWCC`);
  });
});
