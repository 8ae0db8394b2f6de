/**
 * Prerendering for the public pages. After the client build, src/prerender.tsx is built for Node
 * and each public page is written as HTML into the build's out dir (dist/pricing/index.html, ...),
 * so visitors and search engines get the content with the first response instead of after the
 * JavaScript has run. The app then starts as usual and renders over it. Every other path is
 * served the plain app shell, app.html (the preview server below does that, from the out dir it
 * is given; a static host needs the same rewrite). With the pages written, the build's security
 * headers go beside them in `_headers` (security-headers-plugin.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { writeHeadersFile } from "./security-headers-plugin.ts";

export const APP_SHELL = "app.html";

/** The plugin's `api`: a build that reports its own progress (scripts/lib/web-build.ts) sets `report`. */
export interface PrerenderApi {
  report?: (message: string) => void;
}

interface PrerenderModule {
  PRERENDER_PATHS: readonly string[];
  render: (path: string) => Promise<{ head: string; body: string } | null>;
}

/**
 * The page's own head tags replace the site defaults (marked, so the app can drop them), and the
 * shell's no-JavaScript notice goes: a prerendered page works without JavaScript, forms included.
 */
function pageHtml(template: string, page: { head: string; body: string }): string {
  const head = page.head.replace(/^<(title|meta|link)/gm, "<$1 data-prerendered").replace(/><(title|meta|link)/g, "><$1 data-prerendered");
  return template
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, "")
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace("</head>", `${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.body}</div>`);
}

function fileFor(outDir: string, pagePath: string): string {
  return path.join(outDir, pagePath === "/" ? "index.html" : path.join(pagePath, "index.html"));
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  const api: PrerenderApi = {};
  return {
    name: "lwcc-prerender",
    api,
    // The client build (not the nested Node build) and the preview server.
    apply: (_config, env) => (env.command === "build" ? !env.isSsrBuild : env.isPreview === true),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== "build") return;
      const report = api.report ?? ((message: string) => config.logger.info(message));
      report("prerendering the public pages…");
      const outDir = path.resolve(config.root, config.build.outDir);
      const template = readFileSync(path.join(outDir, "index.html"), "utf8");
      writeFileSync(path.join(outDir, APP_SHELL), template);
      // Inside the project, so the Node build resolves its packages from node_modules.
      const cacheDir = path.join(config.root, "node_modules/.cache");
      mkdirSync(cacheDir, { recursive: true });
      const ssrDir = mkdtempSync(path.join(cacheDir, "lwcc-prerender-"));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: "warn",
          build: {
            ssr: path.join(config.root, "src/prerender.tsx"),
            outDir: ssrDir,
            emptyOutDir: true,
          },
        });
        const { PRERENDER_PATHS, render } = (await import(pathToFileURL(path.join(ssrDir, "prerender.js")).href)) as PrerenderModule;
        let written = 0;
        for (const pagePath of PRERENDER_PATHS) {
          const page = await render(pagePath);
          if (!page) continue;
          const file = fileFor(outDir, pagePath);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, pageHtml(template, page));
          written++;
        }
        report(`prerendered ${written} public pages`);
        // The pages are final: their inline scripts are what the security policy must allow.
        writeHeadersFile(outDir, config.env);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
    // A public page is served its prerendered HTML; every other page path (member pages, data
    // pages, unknown URLs) gets the app shell.
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? "/", "http://localhost");
        const wantsPage = request.method === "GET" && !path.extname(url.pathname) && (request.headers.accept ?? "").includes("text/html");
        if (wantsPage) {
          const file = fileFor(outDir, decodeURIComponent(url.pathname).replace(/\/$/, "") || "/");
          const served = existsSync(file) && statSync(file).isFile() ? path.relative(outDir, file).split(path.sep).join("/") : APP_SHELL;
          request.url = `/${served}${url.search}`;
        }
        next();
      });
    },
  };
}
