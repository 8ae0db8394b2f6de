import { ConvexError } from "convex/values";
import { createRootRoute, createRoute } from "@tanstack/react-router";
import { act, screen, waitFor } from "@testing-library/react";
import { findLocalError } from "@/lib/errors";
import { rootHead, seo } from "@/lib/seo";
import { renderApp } from "@/test/render-app";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { RouteErrorPage } from "./route-error-page";

function robots() {
  return document.head.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null;
}

/** A tree with the real root pieces and routes that fail or wait on demand. */
function testTree() {
  let release: () => void = () => {};
  const root = createRootRoute({
    head: rootHead,
    component: RootLayout,
    errorComponent: RouteErrorPage,
    notFoundComponent: NotFoundPage,
  });
  const home = createRoute({ getParentRoute: () => root, path: "/", component: () => <h1>Home</h1> });
  const broken = createRoute({
    getParentRoute: () => root,
    path: "/broken",
    head: seo({ title: "Broken" }),
    loader: () => {
      throw new Error("loader failed");
    },
    component: () => <h1>Never shown</h1>,
  });
  const paused = createRoute({
    getParentRoute: () => root,
    path: "/paused",
    loader: () => {
      throw new ConvexError({ code: "ACCOUNT_DEACTIVATED", message: "This account is deactivated." });
    },
    component: () => <h1>Never shown</h1>,
  });
  const slow = createRoute({
    getParentRoute: () => root,
    path: "/slow",
    loader: () => new Promise<void>((resolve) => (release = resolve)),
    component: () => <h1>Slow page</h1>,
  });
  return { tree: root.addChildren([home, broken, paused, slow]), release: () => release() };
}

describe("routing shell", () => {
  it("titles pages '{title} | LWCC' and uses the site defaults on the home page", async () => {
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    expect(document.title).toBe("LWCC");
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      "content",
      "Leading Web Content Company - Premium content and insights",
    );
    expect(robots()).toBeNull();
  });

  it("shows a 404 page, noindex, for an unknown address", async () => {
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page not found | LWCC"));
    expect(robots()).toBe("noindex");
  });

  it("shows the error page, titled 'Error' and noindex, when a route fails to load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { tree } = testTree();
    renderApp("/broken", { tree });
    expect(await screen.findByRole("heading", { level: 1, name: "Error" })).toBeInTheDocument();
    expect(screen.getByText("An error occurred while loading this page.")).toBeInTheDocument();
    const code = screen.getByTestId("support-code").textContent;
    expect(findLocalError(code)).toMatchObject({ message: "loader failed", context: { source: "route" } });
    await waitFor(() => expect(document.title).toBe("Error | LWCC"));
    expect(robots()).toBe("noindex");
  });

  it("explains an account deactivated while its page was open, with the way back", async () => {
    const { tree } = testTree();
    renderApp("/paused", { tree });
    expect(await screen.findByRole("heading", { level: 1, name: "Your account is paused" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("This account is deactivated. Visit /account/reactivate or contact support to restore it.");
    expect(screen.getByRole("link", { name: "/account/reactivate" })).toHaveAttribute("href", "/account/reactivate");
    expect(screen.getByRole("link", { name: "Reactivate my account" })).toHaveAttribute("href", "/account/reactivate");
    expect(screen.queryByTestId("support-code")).not.toBeInTheDocument();
  });

  it("tracks a transition as loading, shows progress for slow pages, then idle", async () => {
    const { tree, release } = testTree();
    const { router } = renderApp("/", { tree });
    await screen.findByRole("heading", { name: "Home" });
    const tracker = document.querySelector("[data-route-transition]")!;
    expect(tracker).toHaveAttribute("data-route-transition", "idle");

    act(() => router.history.push("/slow"));
    await waitFor(() => expect(tracker).toHaveAttribute("data-route-transition", "loading"));
    expect(await screen.findByRole("progressbar", { name: "Loading page" })).toBeInTheDocument();

    act(() => release());
    expect(await screen.findByRole("heading", { name: "Slow page" })).toBeInTheDocument();
    await waitFor(() => expect(tracker).toHaveAttribute("data-route-transition", "idle"));
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });
});
