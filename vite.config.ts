import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { prerender } from "./scripts/lib/prerender-plugin.ts";
import { securityHeadersPlugin } from "./scripts/lib/security-headers-plugin.ts";
import { prePaintScript } from "./src/lib/pre-paint.ts";
import { SITE } from "./src/lib/constants.ts";

export const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "@convex": fileURLToPath(new URL("./convex", import.meta.url)),
};

/** Site defaults and the pre-paint script (theme, sign-in hint) come from the app's own constants. */
function siteHtml(): Plugin {
  return {
    name: "lwcc-site-html",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => ({
        html: html.replace("<html>", `<html lang="${SITE.language}">`),
        tags: [
          { tag: "title", children: SITE.title, injectTo: "head" },
          {
            tag: "meta",
            attrs: { name: "description", content: SITE.description },
            injectTo: "head",
          },
          {
            tag: "script",
            children: prePaintScript(),
            injectTo: "head-prepend",
          },
        ],
      }),
    },
  };
}

/**
 * The app (src/main.tsx, an entry of its own, and all it uses at start) as one chunk, fetched when
 * a page starts it (src/boot.ts): many small chunks cost a request each on a slow phone connection,
 * and compress worse apart than together. The page's first script and what it imports form a
 * small chunk of their own ("page"), which the app then imports from.
 */
function appChunk() {
  const pageModules = new Set<string>();
  const plugin: Plugin = {
    name: "lwcc-app-chunk",
    apply: "build",
    buildEnd() {
      // Every entry but the app's (the page itself, src/boot.ts), and all they import.
      const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry && !id.endsWith("/src/main.tsx"));
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (pageModules.has(id)) continue;
        pageModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, isPage: (id: string) => pageModules.has(id) };
}
const app = appChunk();

/**
 * The local identity provider lives on the embedded backend; the web app reaches it on its own origin, so its
 * HttpOnly refresh cookie is first-party. /logout is also a page of the app: only its form post goes to the backend.
 */
const backendUrl = process.env.LWCC_BACKEND_URL ?? "http://127.0.0.1:3210";
/** The public forms post to Convex http routes (http.ts), served on the backend's second port. */
const siteUrl = process.env.LWCC_SITE_URL ?? "http://127.0.0.1:3211";
const postOnly = (request: { method?: string; url?: string }) => (request.method === "POST" ? undefined : request.url);
/**
 * `xfwd` appends each visitor's address to X-Forwarded-For, so the backend's per-client limits
 * (TRUSTED_PROXY_HOPS=1, set by scripts/start.ts) tell visitors apart instead of all being 127.0.0.1.
 */
const proxy: Record<string, ProxyOptions> = {
  "^/auth/": { target: backendUrl, xfwd: true },
  "^/logout(\\?|$)": { target: backendUrl, bypass: postOnly, xfwd: true },
  "^/api/(newsletter|events/register|sentry-tunnel|analytics)$": { target: siteUrl, bypass: postOnly, xfwd: true },
  "^/newsletter/subscribe$": { target: siteUrl, bypass: postOnly, xfwd: true },
  "^/onboarding$": { target: siteUrl, bypass: postOnly, xfwd: true },
  "^/(sitemap\\.xml|robots\\.txt)$": { target: siteUrl, xfwd: true },
};

// The year the pages are prerendered in, so the app's first render over them shows that one
// (the footer's copyright); the nested prerender build inherits it.
process.env.VITE_BUILD_YEAR ??= String(new Date().getUTCFullYear());

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are split per route.
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    siteHtml(),
    // Before the prerender plugin: its preview server answers unknown paths itself, headers included.
    securityHeadersPlugin(),
    prerender(),
    app.plugin,
  ],
  resolve: { alias },
  build: {
    rolldownOptions: {
      input: { index: fileURLToPath(new URL("./index.html", import.meta.url)), main: fileURLToPath(new URL("./src/main.tsx", import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            { name: "page", test: app.isPage, priority: 2 },
            { name: "app", tags: ["$initial"], test: (id) => !app.isPage(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: { host: "127.0.0.1", port: 5173, strictPort: true, proxy },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true, proxy },
});
