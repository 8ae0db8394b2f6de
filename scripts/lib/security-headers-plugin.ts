/**
 * The web app's security headers (src/lib/security-headers.ts) on its servers and in its build.
 *
 * - Build: once the pages are final (after prerendering), every inline script in them is hashed
 *   and the headers are written to `_headers` in the out dir, the file Netlify and Cloudflare
 *   Pages read; `npm run headers` turns it into nginx or Vercel configuration.
 * - Preview (`npm start`, `vite preview`): every response carries the headers of the `_headers`
 *   file of the build it serves, so they follow the build's own configuration (its backend).
 * - Dev server: the same headers, built from the dev server's VITE_* values and the inline scripts
 *   of index.html as the dev server transforms it (its React refresh preamble included).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AnyRouter } from "@tanstack/react-router";
import { getScrollRestorationScriptForRouter } from "@tanstack/router-core/scroll-restoration-script";
import type { Plugin } from "vite";
import { prePaintScript } from "../../src/lib/pre-paint.ts";
import { configFromEnv, headersFile, parseHeadersFile, securityHeaders, type HeaderList } from "../../src/lib/security-headers.ts";

export const HEADERS_FILE = "_headers";

/** Script types a browser runs; data blocks (JSON, JSON-LD) are not scripts to CSP. */
const RUNNABLE_TYPE = /^(module|(text|application)\/(javascript|ecmascript))$/i;

const hashSource = (script: string) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

/**
 * The inline scripts a production build's pages hold, worked out from their sources: the
 * pre-paint script (vite.config.ts) and the scroll restoration the router writes into prerendered
 * pages (its ScriptOnce adds the removal). The build hashes what its pages really hold; this is
 * for the docs' example, and the journeys check the two agree.
 */
export function appInlineScripts(): string[] {
  const scroll = getScrollRestorationScriptForRouter({ options: { scrollRestoration: true } } as unknown as AnyRouter);
  return [prePaintScript(), ...(scroll ? [`${scroll};document.currentScript.remove()`] : [])];
}

export function appScriptHashes(): string[] {
  return appInlineScripts().map(hashSource).sort();
}

/** `'sha256-…'` sources for the inline scripts of an HTML text, in order of appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (type !== undefined && !RUNNABLE_TYPE.test(type)) continue;
    hashes.push(hashSource(body));
  }
  return hashes;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every inline script hash of every page in a build's out dir, each once, sorted so the file is stable. */
export function buildScriptHashes(outDir: string): string[] {
  return [...new Set(htmlFiles(outDir).flatMap((file) => inlineScriptHashes(readFileSync(file, "utf8"))))].sort();
}

/** Writes the build's `_headers`: called by the prerender plugin once every page is written. */
export function writeHeadersFile(outDir: string, env: Record<string, string | undefined>): HeaderList {
  const headers = securityHeaders(configFromEnv(env, buildScriptHashes(outDir)));
  writeFileSync(path.join(outDir, HEADERS_FILE), headersFile(headers));
  return headers;
}

/** The headers a build was made with, from its `_headers` file. */
export function readHeadersFile(outDir: string): HeaderList {
  const file = path.join(outDir, HEADERS_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: this build predates its security headers. Build the web app again.`);
  return parseHeadersFile(readFileSync(file, "utf8"));
}

function apply(response: { setHeader(name: string, value: string): unknown }, headers: HeaderList) {
  for (const [name, value] of headers) response.setHeader(name, value);
}

export function securityHeadersPlugin(): Plugin {
  return {
    name: "lwcc-security-headers",
    configurePreviewServer(server) {
      const headers = readHeadersFile(path.resolve(server.config.root, server.config.build.outDir));
      server.middlewares.use((_request, response, next) => {
        apply(response, headers);
        next();
      });
    },
    configureServer(server) {
      let headers: Promise<HeaderList> | undefined;
      server.middlewares.use((_request, response, next) => {
        // Once, at the first request: index.html as this server transforms it holds every inline script it serves.
        headers ??= server
          .transformIndexHtml("/", readFileSync(path.join(server.config.root, "index.html"), "utf8"))
          .then((html) => securityHeaders(configFromEnv(server.config.env, inlineScriptHashes(html))));
        headers.then((list) => {
          apply(response, list);
          next();
        }, next);
      });
    },
  };
}
