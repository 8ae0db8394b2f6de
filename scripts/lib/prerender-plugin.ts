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

/** The not-found page, answered with status 404 to any path no route of the app serves. */
export const NOT_FOUND_PAGE = "404.html";
/** The path patterns (regular expressions) answered with the app shell, for the preview server. */
export const APP_SHELL_PATTERNS = "app-paths.json";

interface RenderedPage {
  head: string;
  body: string;
  /** The route's pattern, which analytics counts the page under before the app starts. */
  route: string | null;
  /** The query results the page was rendered with, as a data block. */
  data?: string;
}

type QueryReader = (name: string, args: Record<string, unknown>) => Promise<unknown>;

interface PrerenderModule {
  PRERENDER_PATHS: readonly string[];
  render: (path: string, options: { readQuery?: QueryReader }) => Promise<RenderedPage | null>;
  deploymentReader: (url: string) => QueryReader;
  renderNotFound: () => Promise<RenderedPage>;
  appShellPatterns: () => Promise<string[]>;
}

/** Whether a page path gets the app shell (200) or the not-found page (404), when no prerendered page is there. */
export function servesAppShell(patterns: readonly RegExp[], pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/**
 * The page's own head tags replace the site defaults (marked, so the app can drop them), and the
 * shell's no-JavaScript notice goes: a prerendered page works without JavaScript, forms included.
 * The root names the path it was rendered for (`pagePath`) and its route, so the app takes that
 * markup over only there (src/boot.ts); the not-found page, answered for any path, names none and is rendered anew.
 */
function pageHtml(template: string, page: RenderedPage, pagePath?: string): string {
  const head = page.head.replace(/^<(title|meta|link)/gm, "<$1 data-prerendered").replace(/><(title|meta|link)/g, "><$1 data-prerendered");
  return template
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, "")
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace("</head>", `${head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root"${pagePath ? ` data-prerendered-path="${pagePath}"` : ""}${pagePath && page.route ? ` data-prerendered-route="${page.route}"` : ""}>${page.body}</div>${page.data ?? ""}`,
    );
}

/** A request's path as a page path (no trailing slash), or null when it is not a well-formed one. */
function pagePath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath).replace(/\/$/, "") || "/";
  } catch {
    return null;
  }
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
        const { PRERENDER_PATHS, render, deploymentReader, renderNotFound, appShellPatterns } = (await import(
          pathToFileURL(path.join(ssrDir, "prerender.js")).href
        )) as PrerenderModule;
        // Pages marked to be prerendered with their data read it from the deployment the build is
        // made for (npm start builds after its backend is up; `npx convex deploy --cmd` likewise).
        const convexUrl = config.env.VITE_CONVEX_URL as string | undefined;
        const readQuery = convexUrl ? deploymentReader(convexUrl) : undefined;
        let written = 0;
        for (const pagePath of PRERENDER_PATHS) {
          const page = await render(pagePath, { readQuery });
          if (!page) continue;
          const file = fileFor(outDir, pagePath);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, pageHtml(template, page, pagePath));
          written++;
        }
        report(`prerendered ${written} public pages`);
        writeFileSync(path.join(outDir, NOT_FOUND_PAGE), pageHtml(template, await renderNotFound()));
        writeFileSync(path.join(outDir, APP_SHELL_PATTERNS), JSON.stringify(await appShellPatterns(), null, 2));
        // The pages are final: their inline scripts are what the security policy must allow.
        writeHeadersFile(outDir, config.env);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
    // A public page is served its prerendered HTML; every other path of the app's routes (member
    // pages, data pages) gets the app shell; anything else the not-found page, with status 404, so
    // that search engines do not index it.
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const patterns = (JSON.parse(readFileSync(path.join(outDir, APP_SHELL_PATTERNS), "utf8")) as string[]).map((source) => new RegExp(source));
      const notFound = readFileSync(path.join(outDir, NOT_FOUND_PAGE));
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? "/", "http://localhost");
        const wantsPage =
          (request.method === "GET" || request.method === "HEAD") &&
          !path.extname(url.pathname) &&
          (request.headers.accept ?? "").includes("text/html");
        if (!wantsPage) return next();
        const pathname = pagePath(url.pathname);
        const file = pathname === null ? null : fileFor(outDir, pathname);
        if (file && existsSync(file) && statSync(file).isFile()) {
          request.url = `/${path.relative(outDir, file).split(path.sep).join("/")}${url.search}`;
        } else if (pathname !== null && servesAppShell(patterns, pathname)) {
          request.url = `/${APP_SHELL}${url.search}`;
        } else {
          response.statusCode = 404;
          response.setHeader("content-type", "text/html; charset=utf-8");
          response.end(request.method === "HEAD" ? undefined : notFound);
          return;
        }
        next();
      });
    },
  };
}
