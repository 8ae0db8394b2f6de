/**
 * The Convex CLI's code templates (convex/dist/esm/cli/codegen_templates), loaded offline. A few
 * of them import CLI internals that the convex package bundles instead of depending on (the
 * bundler, the component folder helpers); copies of the templates load with those imports pointed
 * at the small equivalents below. The rest of each template is the CLI's own code, unchanged.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { convexModulePaths } from "../../local-backend/components/modules";

const require = createRequire(import.meta.url);
const convexRoot = path.dirname(require.resolve("convex/package.json"));
const templateDir = path.join(convexRoot, "dist/esm/cli/codegen_templates");
const TEMPLATES = ["api", "common", "server", "validator_helpers", "dataModel", "component_api", "component_server"];

/** Stands in for the CLI internals the templates import; `entryPoints` lists modules by the bundler's rules. */
const STUBS = `
import path from "node:path";
export async function entryPoints(_ctx, dir) {
  return globalThis.__lwccModulePaths(dir).map((rel) => path.join(dir, rel));
}
export function toComponentDefinitionPath(rootComponent, component) {
  return path.relative(rootComponent.path, component.path).split(path.sep).join(path.posix.sep);
}
export function toAbsolutePath(rootComponent, definitionPath) {
  return path.normalize(path.join(rootComponent.path, definitionPath.split(path.posix.sep).join(path.sep)));
}
`;

export interface FunctionAnalysis {
  name: string;
  udfType: "Query" | "Mutation" | "Action";
  visibility: { kind: "public" | "internal" };
  args: string;
  returns: string;
}

export interface ComponentAnalysis {
  functions: Record<string, { functions: FunctionAnalysis[] }>;
  definition: {
    childComponents: { name: string; path: string }[];
    exports: unknown;
    envVars: unknown[];
  };
}

interface Directory {
  path: string;
  definitionPath: string;
  isRoot: boolean;
}

type Ctx = { crash(args: { printedMessage?: string }): Promise<never> };
type StartPush = { analysis: Record<string, ComponentAnalysis> };
type ComponentsMap = Map<string, { path: string; isRoot: boolean; importSpecifier?: string }>;
type Options = { staticApi: boolean; useComponentApiImports: boolean };

export interface CodegenTemplates {
  ctx: Ctx;
  compareModulePaths(a: string, b: string): number;
  importPath(modulePath: string): string;
  apiCodegen(modulePaths: string[], opts: { useTypeScript: boolean }): { JS: string; DTS: string };
  serverCodegen(opts: { useTypeScript: boolean; envVars: unknown[] | undefined }): { JS: string; DTS: string };
  dynamicDataModelDTS(): string;
  noSchemaDataModelDTS(): string;
  dynamicDataModelTS(): string;
  noSchemaDataModelTS(): string;
  componentApiJs(): string;
  componentApiStubTS(): string;
  componentServerTS(isRoot: boolean, envVars: unknown[]): string;
  componentApiDTS(ctx: Ctx, startPush: StartPush, root: Directory, dir: Directory, map: ComponentsMap, opts: Options): Promise<string>;
  componentApiTSWithTypes(ctx: Ctx, startPush: StartPush, root: Directory, dir: Directory, map: ComponentsMap, opts: Options): Promise<string>;
  componentTS(ctx: Ctx, startPush: StartPush, root: Directory, dir: Directory): Promise<string>;
  /** Formats generated code as the CLI does (prettier, TypeScript parser). */
  format(contents: string): Promise<string>;
}

export async function loadCodegenTemplates(): Promise<CodegenTemplates> {
  (globalThis as { __lwccModulePaths?: (dir: string) => string[] }).__lwccModulePaths = convexModulePaths;
  const valuesUrl = pathToFileURL(path.join(convexRoot, "dist/esm/values/index.js")).href;
  const tmp = mkdtempSync(path.join(tmpdir(), "lwcc-codegen-"));
  const loaded: Record<string, unknown> = {};
  try {
    // Copies keep their names (the templates' own relative imports stay as they are) in an ES module folder.
    writeFileSync(path.join(tmp, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(path.join(tmp, "lwcc-stubs.js"), STUBS);
    for (const name of TEMPLATES) {
      const source = readFileSync(path.join(templateDir, `${name}.js`), "utf8")
        .replace(/^(import\b[^;]*?from )"\.\.\/\.\.\/bundler\/index\.js"/m, '$1"./lwcc-stubs.js"')
        .replace(/^(import\b[^;]*?from )"\.\.\/lib\/components\/definition\/directoryStructure\.js"/m, '$1"./lwcc-stubs.js"')
        .replace(/^(import\b[^;]*?from )"\.\.\/\.\.\/values\/index\.js"/m, `$1${JSON.stringify(valuesUrl)}`);
      // Only the module's own imports (at the start of a line); the templates' text holds imports too.
      const outside = [...source.matchAll(/^import\b[^;]*?from "(\.\.\/[^"]*)"/gm)][0];
      if (outside) throw new Error(`convex's ${name}.js template imports ${outside[1]}; update scripts/lib/codegen-templates.ts`);
      writeFileSync(path.join(tmp, `${name}.js`), source);
    }
    for (const name of TEMPLATES) Object.assign(loaded, await import(pathToFileURL(path.join(tmp, `${name}.js`)).href));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const prettierModule = (await import(pathToFileURL(require.resolve("prettier", { paths: [convexRoot] })).href)) as {
    format?: (source: string, options: object) => Promise<string>;
    default?: { format: (source: string, options: object) => Promise<string> };
  };
  const prettierFormat = prettierModule.format ?? prettierModule.default?.format;
  if (!prettierFormat) throw new Error("prettier has no format()");
  return {
    ...(loaded as Omit<CodegenTemplates, "ctx" | "format">),
    ctx: {
      crash: ({ printedMessage }) => Promise.reject(new Error(printedMessage ?? "codegen failed")),
    },
    format: (contents) => prettierFormat(contents, { parser: "typescript", pluginSearchDirs: false }),
  };
}
