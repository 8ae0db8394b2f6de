import { screen, waitFor } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { signedIn, signedOutLocalClient } from "@/test/auth";
import { renderApp } from "@/test/render-app";

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "catalog:article" ? null : []),
  useMutation: () => () => Promise.resolve(null),
  usePaginatedQuery: () => ({ results: [], status: "Exhausted", loadMore: () => {} }),
}));

describe("public catalogue routes", () => {
  it.each([
    ["/pricing", "Pricing | LWCC", "Plans that grow with you"],
    ["/marketplace", "Marketplace | LWCC", "Marketplace"],
    ["/blog", "Blog | LWCC", "Blog"],
    ["/case-studies", "Case studies | LWCC", "Case studies"],
    ["/contact", "Contact | LWCC", "Contact us"],
    ["/resources", "Resources | LWCC", "Resources"],
  ])("%s has its title and one h1", async (path, title, h1) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: h1 })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(title));
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).not.toBe("");
  });

  it("opens /pricing on quarterly prices from the address", async () => {
    renderApp("/pricing?billing=quarterly");
    expect(await screen.findByRole("radio", { name: "Quarterly" })).toBeChecked();
  });

  it("prefills /contact from ?subject=", async () => {
    renderApp("/contact?subject=glossary-suggestion");
    expect(await screen.findByLabelText(/^Subject/)).toHaveValue("other");
    expect(screen.getByLabelText(/^Message/)).toHaveValue("A term I'd like to see in the glossary: ");
  });

  it("shows a not-found state with a way back for an unknown post", async () => {
    renderApp("/blog/no-such-post");
    expect(await screen.findByRole("heading", { level: 1, name: "We couldn't find that post" })).toBeInTheDocument();
  });

  it("has the newsletter sign-up on the home page at #newsletter", async () => {
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 2, name: "Calm ideas in your inbox" })).toBeInTheDocument();
    expect(document.getElementById("newsletter")).toContainElement(screen.getByRole("button", { name: "Subscribe" }));
  });

  it("sends visitors of the admin inbox to sign in first, and back afterwards", async () => {
    const { router } = renderApp("/admin/messages", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/admin/messages" });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
  });

  it("shows the admin inbox to admins only", async () => {
    renderApp("/admin/messages", { viewer: signedIn({ role: "client" }) });
    expect(await screen.findByText("You need an admin account to see this.")).toBeInTheDocument();
  });
});
