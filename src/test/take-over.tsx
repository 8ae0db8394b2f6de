/**
 * A prerendered page in a test's document, and the app taking it over as src/main.tsx does, for
 * tests that check the takeover matches the markup.
 */
import { createMemoryHistory, createRouter, type AnyRouter } from "@tanstack/react-router";
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { AppTree } from "../app-tree";
import type { ConvexSession } from "../features/auth/convex-on-demand";
import { LocalAuthClient } from "../features/auth/local-auth-client";
import type { RenderedPage } from "../prerender";
import { prepareTakeOver, routerOptions } from "../router";
import { routeTree } from "../routeTree.gen";

/** The page as the browser holds it before the app starts: its markup, and its data block if any. */
export function placePrerendered(page: RenderedPage): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = page.body;
  // The router's inline scripts run and remove themselves as the browser reads the page.
  for (const script of container.querySelectorAll("script")) script.remove();
  document.body.append(container);
  if (page.data) document.body.insertAdjacentHTML("beforeend", page.data);
  return container;
}

/** The app hydrating the page at `path`; `mismatches` are the errors React recovered from by rendering anew. */
export async function takeOver(container: HTMLElement, path: string, session?: ConvexSession): Promise<{ root: Root; router: AnyRouter; mismatches: unknown[] }> {
  const client = new LocalAuthClient();
  const router = createRouter({ ...routerOptions, routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { auth: client } });
  prepareTakeOver(router, client);
  await router.load();
  const mismatches: unknown[] = [];
  let root: Root | undefined;
  act(() => {
    root = hydrateRoot(container, <AppTree identity={{ mode: "local", client }} router={router} overPrerendered session={session} />, {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  return { root: root!, router, mismatches };
}
