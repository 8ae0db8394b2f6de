/**
 * The security headers in the build and on the servers (security-headers-plugin.ts), and the
 * example in docs/deploy.md, which must be what src/lib/security-headers.ts gives today.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Connect, PreviewServer, ViteDevServer } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { prePaintScript } from "../../src/lib/pre-paint.ts";
import { configFromEnv, headersFile, securityHeaders } from "../../src/lib/security-headers.ts";
import { DOCS_FILE, docsExample, withDocsExample } from "./security-headers-docs.ts";
import { appScriptHashes, buildScriptHashes, HEADERS_FILE, inlineScriptHashes, readHeadersFile, securityHeadersPlugin, writeHeadersFile } from "./security-headers-plugin.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outDir(pages: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "lwcc-headers-"));
  dirs.push(dir);
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), html);
  }
  return dir;
}

const hash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const THEME = `<script>${prePaintScript()}</script>`;

/** What a plugin's server hook registers, run against a response that records its headers. */
function serve(register: (server: never) => void, server: object): Promise<Record<string, string>> {
  let middleware: Connect.NextHandleFunction | undefined;
  register({ ...server, middlewares: { use: (handler: Connect.NextHandleFunction) => (middleware = handler) } } as never);
  const set: Record<string, string> = {};
  return new Promise((resolve, reject) => {
    const response = { setHeader: (name: string, value: string) => (set[name] = value) };
    middleware!({} as never, response as never, (error?: Error) => (error ? reject(error) : resolve(set)));
  });
}

describe("inline script hashes", () => {
  it("hashes every inline script a browser runs, classic or module, and nothing else", () => {
    const html = [
      THEME,
      '<script type="module">import "/x.js"</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<SCRIPT type='text/javascript'>a()</SCRIPT>",
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([hash(prePaintScript()), hash('import "/x.js"'), hash("a()")]);
  });

  it("collects a build's hashes over all its pages, each once, in a stable order", () => {
    const dir = outDir({
      "index.html": `${THEME}<script>b()</script>`,
      "app.html": THEME,
      "pricing/index.html": "<script>a()</script>",
      "assets/chunk.js": "<script>not a page</script>",
    });
    expect(buildScriptHashes(dir)).toEqual([hash(prePaintScript()), hash("a()"), hash("b()")].sort());
  });

  it("knows the app's own inline scripts: the pre-paint script (theme, sign-in hint) and the router's scroll restoration", () => {
    const hashes = appScriptHashes();
    expect(hashes).toHaveLength(2);
    expect(hashes).toContain(hash(prePaintScript()));
  });
});

describe("the build's _headers", () => {
  it("is written from the build's VITE_* values and its pages' scripts, and read back as the same headers", () => {
    const dir = outDir({ "index.html": THEME, "faq/index.html": "<script>a()</script>" });
    const written = writeHeadersFile(dir, { VITE_CONVEX_URL: "http://127.0.0.1:4448" });
    expect(written).toEqual(securityHeaders(configFromEnv({ VITE_CONVEX_URL: "http://127.0.0.1:4448" }, [hash(prePaintScript()), hash("a()")].sort())));
    expect(readFileSync(path.join(dir, HEADERS_FILE), "utf8")).toBe(headersFile(written));
    expect(readHeadersFile(dir)).toEqual(written);
  });

  it("is required: a build without one is refused rather than served without headers", () => {
    expect(() => readHeadersFile(outDir({ "index.html": THEME }))).toThrow(/_headers is missing/);
  });
});

describe("the servers", () => {
  it("preview: every response carries the headers of the build it serves", async () => {
    const dir = outDir({ "index.html": THEME });
    const written = writeHeadersFile(dir, { VITE_CONVEX_URL: "http://127.0.0.1:4448" });
    const plugin = securityHeadersPlugin();
    const sent = await serve(plugin.configurePreviewServer as (server: PreviewServer) => void, { config: { root: "/", build: { outDir: dir } } });
    expect(Object.entries(sent)).toEqual(written);
  });

  it("dev: the dev server's VITE_* values and the inline scripts of index.html as it transforms it", async () => {
    const plugin = securityHeadersPlugin();
    const transformed = `${THEME}<script type="module">import { injectIntoGlobalHook } from "/@react-refresh";</script>`;
    const sent = await serve(plugin.configureServer as (server: ViteDevServer) => void, {
      config: { root: process.cwd(), env: { VITE_CONVEX_URL: "http://127.0.0.1:3210" } },
      transformIndexHtml: () => Promise.resolve(transformed),
    });
    expect(Object.entries(sent)).toEqual(securityHeaders(configFromEnv({ VITE_CONVEX_URL: "http://127.0.0.1:3210" }, inlineScriptHashes(transformed))));
  });
});

describe(DOCS_FILE, () => {
  it("shows the headers the module gives for its example deployment (npm run headers -- --docs rewrites them)", () => {
    const docs = readFileSync(DOCS_FILE, "utf8");
    expect(docs).toContain(docsExample());
    expect(withDocsExample(docs)).toBe(docs);
  });
});
