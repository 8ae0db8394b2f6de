import { screen, waitFor, within } from "@testing-library/react";
import { renderApp } from "@/test/render-app";
import { PAGE_COUNTS } from "./policies";

/** Each static marketing page: its title, one h1, and the links the spec asks for. */
const PAGES = [
  { path: "/about", title: "About", h1: "About LWCC", links: { "Book a free 20-minute consultation": "/free-intro-session" } },
  {
    path: "/free-intro-session",
    title: "Free intro session",
    h1: "Your free 20-minute consultation",
    links: { "Or send us a message instead": "/contact?subject=consultation" },
  },
  {
    path: "/support",
    title: "Support",
    h1: "Support",
    links: { "Contact support": "/contact?subject=support", "Read the FAQ": "/faq", "Open the Help Center": "/help-center" },
  },
  { path: "/help-center", title: "Help Center", h1: "Help Center", links: { "Read the FAQ": "/faq", "Contact us": "/contact" } },
  {
    path: "/affiliate-links-policy",
    title: "Affiliate Links Policy",
    h1: "Affiliate Links Policy",
    links: { "Ask about affiliate links": "/contact?subject=affiliate-policy" },
  },
  { path: "/mission-and-values", title: "Mission and Values", h1: "Mission and values", links: {} },
  { path: "/adhd-and-language", title: "ADHD and Language", h1: "ADHD and language", links: { glossary: "/glossary" } },
  { path: "/cookie-policy", title: "Cookie Policy", h1: "Cookie Policy", links: {} },
  { path: "/privacy-policy", title: "Privacy Policy", h1: "Privacy Policy", links: { "Ask about your privacy": "/contact?subject=privacy" } },
] as const;

describe("public marketing pages", () => {
  it.each(PAGES)("$path has its title, one h1 and its links", async ({ path, title, h1, links }) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: h1 })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`${title} | LWCC`));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    const main = within(screen.getByRole("main"));
    for (const [name, href] of Object.entries(links)) {
      expect(main.getAllByRole("link", { name })[0]).toHaveAttribute("href", href);
    }
  });

  it("the cookie policy names exactly what is stored: the theme setting and the sign-in cookie", async () => {
    renderApp("/cookie-policy");
    const stored = await screen.findByRole("region", { name: "What we store" });
    expect(within(stored).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "theme",
      "lwcc_refresh",
    ]);
    expect(screen.getByText("No tracking or advertising cookies.")).toBeInTheDocument();
    expect(screen.getByText(PAGE_COUNTS)).toBeInTheDocument();
  });

  it("the about page introduces the coach and the team", async () => {
    renderApp("/about");
    const team = await screen.findByRole("region", { name: "The team" });
    expect(within(team).getByRole("heading", { level: 3, name: "Cora Lindqvist" })).toBeInTheDocument();
    expect(within(team).getAllByRole("listitem").length).toBeGreaterThan(1);
  });
});
