/**
 * Bundles a Convex functions folder the way `npx convex deploy` does and lists what the CLI or the
 * deployment would refuse, each problem naming its file. The rules are the CLI's own (convex 1.48):
 *   B = node_modules/convex/dist/esm/bundler/index.js (entryPoints, hasUseNodeDirective,
 *       mustBeIsolate, determineEnvironment, bundleSchema, bundleAuthConfig, doEsbuild)
 *   D = node_modules/convex/dist/esm/bundler/debugBundle.js (innerEsbuild: the esbuild options)
 *   C = node_modules/convex/dist/esm/cli/lib/components/definition/bundle.js (componentPlugin,
 *       sharedEsbuildOptions: convex.config bundling)
 *   P = get-convex/convex-backend crates/convex/sync_types/src/path.rs (check_valid_path_component,
 *       which every pushed module path must pass)
 * Nothing is written: esbuild runs with write: false.
 */
import { existsSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import * as esbuild from "esbuild";
import ts from "typescript";
import { definitionCandidates, definitionFileOf } from "../../local-backend/components/graph";
import { scanModules, schemaFile, type SkipReason } from "../../local-backend/components/modules";

export interface BundleProblem {
  /** The file at fault, relative to the working directory when inside it. */
  file: string;
  message: string;
}

export interface ConvexBundle {
  /** Modules for Convex's default runtime and for Node ("use node"), relative to the folder. */
  isolate: string[];
  node: string[];
  /** What the CLI would push: module paths of entries and shared chunks ("http.js", "_deps/…"). */
  modulePaths: string[];
  /** The component definition files convex.config imports, resolved (nested ones included). */
  components: string[];
  problems: BundleProblem[];
}

// P: MAX_IDENTIFIER_LEN (crates/convex/sync_types/src/identifier.rs).
const MAX_PATH_COMPONENT = 64;
/** Files that may carry a second dot: the CLI skips them, as intended (docs/architecture.md, rules of the backend). */
const SECOND_DOT_ALLOWED = /(^|\.)test\.|\.d\.ts$|^(auth|convex)\.config\.[^.]+$/;

const display = (file: string) => {
  const relative = path.relative(process.cwd(), path.resolve(file));
  return (relative.startsWith("..") ? path.resolve(file) : relative).split(path.sep).join("/");
};
const withoutExtension = (file: string) => file.replace(/\.[^/.]+$/, "");

/** B: hasUseNodeDirective reads the directive prologue; TypeScript's parser sees the same statements. */
function hasUseNodeDirective(file: string): boolean {
  const source = readFileSync(file, "utf8");
  if (!source.includes("use node")) return false;
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest);
  for (const statement of parsed.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    if (statement.expression.text === "use node") return true;
  }
  return false;
}

/** P: each component of a module path is 1-64 of [A-Za-z0-9_.] with at least one letter or digit. */
function invalidPathComponent(modulePath: string): string | undefined {
  return modulePath
    .split("/")
    .find((part) => part.length > MAX_PATH_COMPONENT || !/^[A-Za-z0-9_.]+$/.test(part) || !/[A-Za-z0-9]/.test(part));
}

const SKIPPED: Record<SkipReason, string> = {
  "reserved _deps": 'is inside "_deps/", which the Convex CLI reserves for bundled dependencies and refuses.',
  "multiple dots": "has more than one dot in its name, so the Convex CLI skips it and its functions would not deploy (only test files may).",
  space: "has a space in its path, so the Convex CLI skips it and its functions would not deploy.",
};

/** B: entryPoints (local-backend/components/modules.ts), with what it leaves out that looks like a mistake. */
function scanEntries(dir: string): { entries: string[]; problems: BundleProblem[] } {
  const scan = scanModules(dir);
  const problems = scan.skipped
    .filter(({ path: rel, reason }) => reason !== "multiple dots" || !SECOND_DOT_ALLOWED.test(path.basename(rel)))
    .map(({ path: rel, reason }) => ({ file: display(path.join(dir, rel)), message: SKIPPED[reason] }));
  for (const rel of scan.modules) {
    const bad = invalidPathComponent(`${withoutExtension(rel)}.js`);
    if (bad !== undefined) {
      problems.push({
        file: display(path.join(dir, rel)),
        message:
          `would be pushed as module "${withoutExtension(rel)}.js", which a deployment refuses: "${bad}" may hold only ` +
          "letters, digits, underscores and dots (at most 64, at least one letter or digit).",
      });
    }
  }
  return { entries: scan.modules, problems };
}

/** B: determineEnvironment. */
function splitByEnvironment(dir: string, entries: string[], problems: BundleProblem[]) {
  const isolate: string[] = [];
  const node: string[] = [];
  for (const rel of entries) {
    const file = path.join(dir, rel);
    if (hasUseNodeDirective(file)) {
      // B: mustBeIsolate.
      if (["http", "crons", "schema", "auth.config"].includes(withoutExtension(rel))) {
        problems.push({ file: display(file), message: 'has "use node", which the Convex CLI refuses for this file: it always runs in the default runtime.' });
      }
      node.push(rel);
    } else {
      if (rel.startsWith("actions/")) {
        problems.push({ file: display(file), message: 'is in actions/ without "use node", which the Convex CLI refuses.' });
      }
      isolate.push(rel);
    }
  }
  return { isolate, node };
}

/** D: the CLI stubs `server-only` and, in the default runtime, maps async_hooks onto the runtime's globals. */
function cliShims(platform: esbuild.Platform): esbuild.Plugin {
  return {
    name: "lwcc-convex-cli-shims",
    setup(build) {
      build.onResolve({ filter: /^server-only$/ }, (args) => ({ path: args.path, namespace: "server-only-stub" }));
      build.onLoad({ filter: /.*/, namespace: "server-only-stub" }, () => ({ contents: "", loader: "js" }));
      if (platform !== "browser") return;
      build.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({ path: args.path, namespace: "async-hooks-shim" }));
      build.onLoad({ filter: /.*/, namespace: "async-hooks-shim" }, () => ({
        contents:
          "export const AsyncLocalStorage = globalThis.AsyncLocalStorage;\n" +
          "export const AsyncResource = globalThis.AsyncResource;\n" +
          "export default { AsyncLocalStorage, AsyncResource };\n",
        loader: "js",
      }));
    },
  };
}

/**
 * D: innerEsbuild's options. Left out: source maps (not needed to check), the wasm plugin (no module
 * here imports .wasm, and one that did would fail this check loudly) and the external-packages
 * plugin (it only acts on convex.json's node.externalPackages, which this project does not set).
 */
function appBuild(dir: string, entries: string[], platform: esbuild.Platform, splitting = true): esbuild.BuildOptions & { write: false; metafile: true } {
  return {
    entryPoints: entries.map((rel) => path.join(dir, rel)),
    bundle: true,
    platform,
    format: "esm",
    target: "esnext",
    jsx: "automatic",
    outdir: "out",
    outbase: dir,
    conditions: ["convex", "module"],
    plugins: [cliShims(platform)],
    write: false,
    splitting,
    chunkNames: platform === "node" ? "_deps/node/[hash]" : "_deps/[hash]",
    treeShaking: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    keepNames: true,
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
    logLevel: "silent",
  };
}

const isBuildFailure = (error: unknown): error is esbuild.BuildFailure =>
  error instanceof Error && Array.isArray((error as Partial<esbuild.BuildFailure>).errors);

function describeError(error: esbuild.Message, platform: esbuild.Platform): string {
  const where = error.location ? `${display(error.location.file)}:${error.location.line}` : "a dependency";
  const imported = /^Could not resolve "([^"]+)"/.exec(error.text)?.[1];
  if (platform === "browser" && imported !== undefined && isBuiltin(imported)) {
    return (
      `runs in Convex's default runtime (no "use node"), but ${where} imports the Node built-in "${imported}". ` +
      'Move that code to a file that starts with "use node" and holds only actions, or avoid the import.'
    );
  }
  return `does not bundle for ${platform === "node" ? "Node" : "Convex's default runtime"}: ${error.text} (at ${where}).`;
}

interface Built {
  /** Bundled files; after a failure, those of the modules that bundled on their own. */
  outputs: esbuild.OutputFile[];
  /** Export names per entry file (absolute path), from esbuild's metafile. */
  exports: Map<string, string[]>;
  problems: BundleProblem[];
}

function collect(into: Built, result: esbuild.BuildResult<{ write: false; metafile: true }>) {
  into.outputs.push(...result.outputFiles);
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint) into.exports.set(path.resolve(output.entryPoint), output.exports);
  }
}

/** Bundles entries together; on failure re-bundles each alone, as the CLI's debug mode does, to name the modules at fault. */
async function build(dir: string, entries: string[], platform: esbuild.Platform, splitting = true): Promise<Built> {
  const built: Built = { outputs: [], exports: new Map(), problems: [] };
  if (entries.length === 0) return built;
  let together: esbuild.Message[];
  try {
    collect(built, await esbuild.build(appBuild(dir, entries, platform, splitting)));
    return built;
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    together = error.errors;
  }
  for (const rel of entries) {
    try {
      collect(built, await esbuild.build(appBuild(dir, [rel], platform, splitting)));
    } catch (error) {
      if (!isBuildFailure(error)) throw error;
      const file = display(path.join(dir, rel));
      for (const message of new Set(error.errors.map((e) => describeError(e, platform)))) built.problems.push({ file, message });
    }
  }
  // Some failures only exist together (two entries writing the same output path).
  if (built.problems.length === 0) built.problems.push(...together.map((e) => ({ file: display(dir), message: describeError(e, platform) })));
  return built;
}

function requireDefaultExport(file: string, exports: Map<string, string[]>, what: string, problems: BundleProblem[]) {
  const names = exports.get(path.resolve(file));
  if (names && !names.includes("default")) problems.push({ file: display(file), message: `has no default export; Convex needs ${what}.` });
}

/**
 * C: componentPlugin. An import of a `convex.config` file is a reference to a component: resolved
 * like the CLI does (".js" may stand for ".ts"; no extension tries both), then followed while
 * discovering and kept external while bundling. Unresolvable ones fall through to esbuild, which fails.
 */
function componentReferences(root: string, mode: "discover" | "bundle", found: Set<string>): esbuild.Plugin {
  const nested = Symbol("nested resolve");
  return {
    name: "lwcc-component-references",
    setup(build) {
      build.onResolve({ filter: /.*convex.config.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === nested) return undefined;
        for (const candidate of definitionCandidates(args.path)) {
          const resolved = await build.resolve(candidate, { kind: args.kind, resolveDir: args.resolveDir, pluginData: nested });
          if (!resolved.path) continue;
          found.add(resolved.path);
          if (mode === "discover") return { path: resolved.path };
          const definitionPath = path.relative(root, path.dirname(resolved.path)).split(path.sep).join("/");
          return { path: `./_componentDeps/${Buffer.from(definitionPath).toString("base64url")}`, external: true };
        }
        return undefined;
      });
    },
  };
}

/** C: sharedEsbuildOptions (one file per definition, minified, NODE_ENV production through minify). */
function definitionBuild(entries: string[], plugin: esbuild.Plugin): esbuild.BuildOptions & { write: false; metafile: true } {
  const root = path.parse(process.cwd()).root;
  return {
    entryPoints: entries,
    plugins: [plugin],
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "esnext",
    conditions: ["convex", "module"],
    splitting: false,
    write: false,
    outdir: root,
    outbase: root,
    minify: true,
    keepNames: true,
    metafile: true,
    logLevel: "silent",
  };
}

async function bundleComponentDefinitions(dir: string, config: string, problems: BundleProblem[]): Promise<string[]> {
  const found = new Set<string>();
  try {
    await esbuild.build(definitionBuild([config], componentReferences(dir, "discover", found)));
    const definitions = [config, ...found];
    const bundled: Built = { outputs: [], exports: new Map(), problems: [] };
    collect(bundled, await esbuild.build(definitionBuild(definitions, componentReferences(dir, "bundle", new Set()))));
    for (const definition of definitions) {
      requireDefaultExport(definition, bundled.exports, "export default of defineApp() or defineComponent()", problems);
    }
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    for (const e of error.errors) problems.push({ file: display(config), message: `does not bundle as the Convex CLI bundles it: ${e.text}${e.location ? ` (at ${display(e.location.file)}:${e.location.line})` : ""}.` });
  }
  return [...found].map(display);
}

export async function bundleConvexFolder(functionsDir: string): Promise<ConvexBundle> {
  const dir = path.resolve(functionsDir);
  const { entries, problems } = scanEntries(dir);
  const { isolate, node } = splitByEnvironment(dir, entries, problems);
  const schema = schemaFile(dir);
  const authConfigs = ["auth.config.ts", "auth.config.js"].map((file) => path.join(dir, file)).filter((file) => existsSync(file));
  if (authConfigs.length > 1) problems.push({ file: display(authConfigs[0]!), message: "exists next to auth.config.js; the Convex CLI refuses both, choose one." });
  const config = definitionFileOf(dir);

  // B: functions for each runtime, then the schema and the auth config, each bundled on its own.
  const [isolateBuild, nodeBuild, schemaBuild, authBuild] = await Promise.all([
    build(dir, isolate, "browser"),
    build(dir, node, "node"),
    build(dir, schema ? [path.relative(dir, schema)] : [], "browser"),
    build(dir, authConfigs.slice(0, 1).map((file) => path.relative(dir, file)), "browser", false),
  ]);
  const components = config ? await bundleComponentDefinitions(dir, config, problems) : [];
  for (const built of [isolateBuild, nodeBuild, schemaBuild, authBuild]) problems.push(...built.problems);

  const exports = new Map([...isolateBuild.exports, ...schemaBuild.exports, ...authBuild.exports]);
  for (const [name, what] of [
    ["http", "export default of an httpRouter()"],
    ["crons", "export default of cronJobs()"],
  ] as const) {
    for (const rel of isolate.filter((entry) => withoutExtension(entry) === name)) requireDefaultExport(path.join(dir, rel), exports, what, problems);
  }
  if (schema) requireDefaultExport(schema, exports, "export default of defineSchema()", problems);
  if (authConfigs[0]) requireDefaultExport(authConfigs[0], exports, "export default of { providers: [...] }", problems);

  // B: bundle() names each pushed module by its path under "out" (entries were checked against P above;
  // chunk names are esbuild hashes, which always pass).
  const modulePaths = [isolateBuild, nodeBuild]
    .flatMap((built) => built.outputs)
    .map((output) => path.relative(path.resolve("out"), output.path).split(path.sep).join("/"));

  return { isolate, node, modulePaths, components, problems };
}

export function formatProblems(problems: readonly BundleProblem[]): string {
  return problems.map(({ file, message }) => `${file} ${message}`).join("\n");
}
