import { screen, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { ArticleListPage } from "./article-list-page";
import { ArticlePage } from "./article-page";
import { renderPage } from "./render-page";

const DAY = 24 * 60 * 60 * 1000;
const summary = {
  slug: "why-your-calendar-keeps-lying-to-you",
  title: "Why your calendar keeps lying to you",
  summary: "Your calendar shows meetings, not the work around them.",
  author: "Cora Lindqvist",
  publishedAt: new Date(2025, 6, 5, 12).getTime(),
  readingMinutes: 3,
  tags: ["calendar", "planning"],
};

const data: { articles: unknown; article: unknown; calls: { name: string; args: unknown }[] } = { articles: undefined, article: undefined, calls: [] };
vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    const name = getFunctionName(query as never);
    data.calls.push({ name, args });
    return name === "catalog:articles" ? data.articles : data.article;
  },
}));

beforeEach(() => {
  data.calls = [];
});

describe("article lists", () => {
  it("lists blog posts with date, reading time and a link to each", async () => {
    data.articles = [summary, { ...summary, slug: "older", title: "An older post", publishedAt: summary.publishedAt - 30 * DAY, tags: [] }];
    renderPage(<ArticleListPage kind="post" />, { path: "/blog" });
    expect(await screen.findByRole("heading", { level: 1, name: "Blog" })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: summary.title });
    expect(link).toHaveAttribute("href", `/blog/${summary.slug}`);
    const item = link.closest("li")!;
    expect(item).toHaveTextContent("July 5, 2025");
    expect(item).toHaveTextContent("3 min read");
    expect(item).toHaveTextContent("Cora Lindqvist");
    expect(within(item).getByRole("list", { name: "Topics" })).toHaveTextContent("calendar");
    expect(data.calls).toContainEqual({ name: "catalog:articles", args: { kind: "post" } });
  });

  it("links case studies to their own pages, and shows an empty state", async () => {
    data.articles = [{ ...summary, slug: "agency-owner", title: "How an agency owner got her mornings back" }];
    const { unmount } = renderPage(<ArticleListPage kind="case_study" />, { path: "/case-studies" });
    expect(await screen.findByRole("link", { name: "How an agency owner got her mornings back" })).toHaveAttribute(
      "href",
      "/case-studies/agency-owner",
    );
    expect(data.calls).toContainEqual({ name: "catalog:articles", args: { kind: "case_study" } });
    unmount();

    data.articles = [];
    renderPage(<ArticleListPage kind="case_study" />, { path: "/case-studies" });
    expect(await screen.findByText("No case studies yet")).toBeInTheDocument();
  });

  it("shows skeletons while loading", async () => {
    data.articles = undefined;
    renderPage(<ArticleListPage kind="post" />, { path: "/blog" });
    expect(await screen.findByText("Loading posts")).toBeInTheDocument();
  });
});

describe("article page", () => {
  it("renders the article's markdown under its title", async () => {
    data.article = { ...summary, body: "Intro paragraph.\n\n## What the calendar leaves out\n\n- **Setup time.**\n\n> A calendar that shows the truth." };
    renderPage(<ArticlePage kind="post" slug={summary.slug} />, { path: "/blog/x" });
    expect(await screen.findByRole("heading", { level: 1, name: summary.title })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 2, name: "What the calendar leaves out" })).toBeInTheDocument();
    expect(screen.getByText("July 5, 2025")).toHaveAttribute("datetime", new Date(summary.publishedAt).toISOString());
    expect(screen.getByRole("link", { name: "Back to the blog" })).toHaveAttribute("href", "/blog");
    expect(data.calls).toContainEqual({ name: "catalog:article", args: { kind: "post", slug: summary.slug } });
  });

  it("says so when the slug is unknown, with a way back", async () => {
    data.article = null;
    renderPage(<ArticlePage kind="case_study" slug="nope" />, { path: "/case-studies/x" });
    expect(await screen.findByRole("heading", { level: 1, name: "We couldn't find that case study" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Back to the case studies" })[0]).toHaveAttribute("href", "/case-studies");
  });
});
