/**
 * The component tree of a functions folder, read from its convex.config.ts the way Convex reads it:
 * each definition is bundled with its imports of other `convex.config` files replaced by references
 * (`componentDefinitionPath`, what the CLI's bundler and Convex's backend provide), then evaluated.
 * A child definition is evaluated before its parent, so `use()` finds the child's default name.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { hasComponentConfig } from "./modules";

const REFERENCE_NAMESPACE = "lwcc-component-reference";
const CONFIG_NAMES = ["convex.config.ts", "convex.config.js"];

/** One installed component (or the app itself, at path ""). */
export interface ComponentNode {
  /** "" for the app; otherwise the names from the app down, joined by "/" (convex-test's component path). */
  path: string;
  /** The name its parent installed it under (empty for the app). */
  name: string;
  /** The folder holding its convex.config, schema and modules. */
  dir: string;
  /** Its convex.config file; null for an app without one. */
  definitionFile: string | null;
  /** How its parent imported it, without `/convex.config…` (what codegen imports types from). */
  importSpecifier: string | null;
  /** Values the parent passed with `use(component, { env })`: text, or the name of one of the deployment's variables. */
  env: Record<string, string | { envVar: string }>;
  /** The environment variables its definition declares (`defineApp`/`defineComponent` `env`), as Convex's analysis lists them. */
  declaredEnv: DeclaredEnvVar[];
  children: ComponentNode[];
}

export type DeclaredEnvVar = [string, { type: "value"; value: string; optional?: boolean }];

/** What a definition object holds after evaluation (convex/server's defineApp/defineComponent). */
interface EvaluatedDefinition {
  _name?: string;
  export(): { envVars?: DeclaredEnvVar[] };
  _childComponents: [string, { componentDefinitionPath: string }, Record<string, unknown> | null, string | undefined][];
}

interface LoadedDefinition {
  definition: EvaluatedDefinition;
  /** Child definition files by the absolute path their parent's import resolved to, with the import as written. */
  imports: Map<string, string>;
}

export function definitionFileOf(dir: string): string | null {
  return CONFIG_NAMES.map((name) => path.join(dir, name)).find((file) => existsSync(file)) ?? null;
}

class DefinitionLoader {
  private readonly loaded = new Map<string, Promise<LoadedDefinition>>();

  load(file: string): Promise<LoadedDefinition> {
    let found = this.loaded.get(file);
    if (!found) {
      found = this.evaluate(file);
      this.loaded.set(file, found);
    }
    return found;
  }

  private async evaluate(file: string): Promise<LoadedDefinition> {
    const imports = new Map<string, string>();
    const result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      target: "esnext",
      conditions: ["convex", "module"],
      mainFields: ["module", "main"],
      logLevel: "silent",
      plugins: [
        {
          name: "lwcc-component-references",
          setup: (build) => {
            build.onResolve({ filter: /convex\.config/ }, async (args) => {
              if (args.kind === "entry-point" || args.namespace !== "file" || (args.pluginData as { lwccProbe?: boolean } | undefined)?.lwccProbe) return undefined;
              const resolved = await resolveDefinition(build, args.path, args.resolveDir, args.kind);
              if (!resolved || !hasComponentConfig(path.dirname(resolved))) return undefined;
              imports.set(resolved, args.path);
              return { path: resolved, namespace: REFERENCE_NAMESPACE };
            });
            // The convex package is loaded as it is rather than bundled into every definition: a
            // definition is evaluated from a data: URL, which can import absolute file URLs.
            build.onResolve({ filter: /^convex(\/|$)/ }, async (args) => {
              if ((args.pluginData as { lwccProbe?: boolean } | undefined)?.lwccProbe) return undefined;
              const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { lwccProbe: true } });
              return resolved.errors.length === 0 ? { path: pathToFileURL(resolved.path).href, external: true } : undefined;
            });
            build.onLoad({ filter: /.*/, namespace: REFERENCE_NAMESPACE }, async (args) => {
              const child = await this.load(args.path);
              const reference = { componentDefinitionPath: args.path, defaultName: child.definition._name };
              return { contents: `export default ${JSON.stringify(reference)};`, loader: "js" };
            });
          },
        },
      ],
    });
    const code = result.outputFiles[0]?.text ?? "";
    const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as { default?: unknown };
    const definition = module.default as EvaluatedDefinition | undefined;
    if (!definition || !Array.isArray(definition._childComponents)) {
      throw new Error(`${file} must export default defineApp() or defineComponent(...)`);
    }
    return { definition, imports };
  }
}

/** What the CLI tries for a `convex.config` import: as written, ".js" standing for ".ts", no extension for either. */
export function definitionCandidates(specifier: string): string[] {
  const ext = path.extname(specifier);
  if (ext === ".js") return [specifier, `${specifier.slice(0, -3)}.ts`];
  if (ext !== ".ts") return [specifier, `${specifier}.js`, `${specifier}.ts`];
  return [specifier];
}

async function resolveDefinition(build: esbuild.PluginBuild, specifier: string, resolveDir: string, kind: esbuild.ImportKind) {
  for (const candidate of definitionCandidates(specifier)) {
    const result = await build.resolve(candidate, { kind, resolveDir, pluginData: { lwccProbe: true } });
    if (result.path && result.errors.length === 0) return result.path;
  }
  return undefined;
}

/** The app and every component it installs, depth first. Without convex.config the app has no children. */
export async function loadComponentTree(functionsDir: string): Promise<ComponentNode> {
  const dir = path.resolve(functionsDir);
  const file = definitionFileOf(dir);
  const root: ComponentNode = { path: "", name: "", dir, definitionFile: file, importSpecifier: null, env: {}, declaredEnv: [], children: [] };
  if (!file) return root;
  const loader = new DefinitionLoader();
  const expand = async (node: ComponentNode, definitionFile: string, ancestors: string[]) => {
    const { definition, imports } = await loader.load(definitionFile);
    node.declaredEnv = definition.export().envVars ?? [];
    const names = new Set<string>();
    for (const [name, reference, env] of definition._childComponents) {
      const childFile = reference.componentDefinitionPath;
      if (names.has(name)) throw new Error(`${definitionFile} installs two components named "${name}"`);
      names.add(name);
      if (ancestors.includes(childFile)) throw new Error(`${childFile} installs itself`);
      const child: ComponentNode = {
        path: node.path ? `${node.path}/${name}` : name,
        name,
        dir: path.dirname(childFile),
        definitionFile: childFile,
        importSpecifier: (imports.get(childFile) ?? "").replace(/\/convex\.config.*$/, "") || null,
        env: componentEnv(env),
        declaredEnv: [],
        children: [],
      };
      node.children.push(child);
      await expand(child, childFile, [...ancestors, definitionFile]);
    }
  };
  await expand(root, file, []);
  return root;
}

/** `use()`'s env values: strings, or references to the parent's variables (`app.env.NAME`). */
function componentEnv(values: Record<string, unknown> | null): ComponentNode["env"] {
  const env: ComponentNode["env"] = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === "string") env[name] = value;
    else if (typeof value === "object" && value !== null && typeof (value as { __envVarRef?: unknown }).__envVarRef === "string") {
      env[name] = { envVar: (value as { __envVarRef: string }).__envVarRef };
    }
  }
  return env;
}

/** Every node of the tree, parents before children. */
export function flattenComponents(root: ComponentNode): ComponentNode[] {
  return [root, ...root.children.flatMap(flattenComponents)];
}

/** Whether a component ships compiled in a package (codegen leaves those alone, like the CLI). */
export function isPublishedComponent(node: ComponentNode): boolean {
  return node.path !== "" && (node.definitionFile?.endsWith(".js") ?? false);
}
