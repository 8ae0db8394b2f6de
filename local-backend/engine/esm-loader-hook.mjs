/**
 * A Node module hook (module.register, registered before tsx's so that it runs beneath it) that
 * loads a functions folder's own files as ES modules. The Convex CLI bundles every function file
 * as ESM whatever the project's package.json says; Node would load a .ts file as CommonJS in a
 * project without `"type": "module"`, where its imports of `./x.js` meaning `./x.ts` fail.
 * Applies only to imports made by the engine (its tsx namespaces, or its entry marker), never to
 * packages in node_modules or to .cjs/.cts files.
 */
const MARKERS = ["tsx-namespace=lwcc-esm-", "lwcc-esm-entry"];

/** @type {import("node:module").ResolveHook} */
export const resolve = async (specifier, context, next) => {
  const result = await next(specifier, context);
  if (result.format !== "commonjs" || !result.url.startsWith("file:")) return result;
  if (!MARKERS.some((marker) => context.parentURL?.includes(marker))) return result;
  const { pathname } = new URL(result.url);
  if (pathname.includes("/node_modules/") || !/\.m?[jt]sx?$/.test(pathname)) return result;
  // tsx compiles TypeScript by the file's extension whatever the format, so "module" serves both.
  return { ...result, format: "module" };
};
