import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { themeBootScript } from "./src/features/theme/theme.ts";
import { SITE } from "./src/lib/constants.ts";

export const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "@convex": fileURLToPath(new URL("./convex", import.meta.url)),
};

/** Site defaults and the pre-paint theme script come from the app's own constants. */
function siteHtml(): Plugin {
  return {
    name: "lwcc-site-html",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => ({
        html: html.replace("<html>", `<html lang="${SITE.language}">`),
        tags: [
          { tag: "title", children: SITE.title, injectTo: "head" },
          { tag: "meta", attrs: { name: "description", content: SITE.description }, injectTo: "head" },
          { tag: "script", children: themeBootScript(), injectTo: "head-prepend" },
        ],
      }),
    },
  };
}

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are split per route.
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    siteHtml(),
  ],
  resolve: { alias },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
});
