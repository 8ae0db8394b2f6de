// Regenerates `_generated/` offline with the Convex package's own code templates.
// `npx convex codegen` needs a deployment (it asks it to analyse the functions); this does the
// analysis here, from the modules themselves, and feeds the CLI's templates the same inputs, so the
// output matches what the CLI writes: the app's `components` export, and for components kept in
// the repository their own `_generated/` with `component.ts`.
// Usage: tsx scripts/codegen.ts [--check] [functionsDir]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { flattenComponents, isPublishedComponent, loadComponentTree, type ComponentNode } from "../local-backend/components/graph";
import { convexModulePaths, schemaFile } from "../local-backend/components/modules";
import { loadCodegenTemplates, type ComponentAnalysis, type FunctionAnalysis } from "./lib/codegen-templates";

const templates = await loadCodegenTemplates();

const args = process.argv.slice(2);
const check = args.includes("--check");
const functionsDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "convex");

/** Files to write, by absolute path. */
const outputs = new Map<string, string>();

const modulePaths = (dir: string) => convexModulePaths(dir).sort((a, b) => templates.compareModulePaths(a, b));

/** What Convex's analysis reports of a folder's functions: name, kind, visibility and validators. */
async function analyseFunctions(dir: string): Promise<ComponentAnalysis["functions"]> {
  const functions: ComponentAnalysis["functions"] = {};
  for (const modulePath of modulePaths(dir)) {
    const exports = (await import(pathToFileURL(path.join(dir, modulePath)).href)) as Record<string, RegisteredFunction>;
    const found: FunctionAnalysis[] = [];
    for (const [name, fn] of Object.entries(exports)) {
      const udfType = fn?.isQuery ? "Query" : fn?.isMutation ? "Mutation" : fn?.isAction ? "Action" : undefined;
      if (!udfType) continue;
      found.push({
        name,
        udfType,
        visibility: { kind: fn.isPublic ? "public" : "internal" },
        args: fn.exportArgs(),
        returns: fn.exportReturns(),
      });
    }
    functions[`${templates.importPath(modulePath)}.js`] = { functions: found };
  }
  return functions;
}

interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs(): string;
  exportReturns(): string;
}

/** A component's API as its parent sees it: its public functions, by module path. */
function exportTree(functions: ComponentAnalysis["functions"]) {
  type Branch = { type: "branch"; branch: [string, Branch | { type: "leaf"; leaf: string }][] };
  const root: Branch = { type: "branch", branch: [] };
  for (const [modulePath, module] of Object.entries(functions)) {
    const importPath = templates.importPath(modulePath);
    for (const fn of module.functions.filter((f) => f.visibility.kind === "public")) {
      let current = root;
      for (const segment of importPath.split("/")) {
        let next = current.branch.find(([name]) => name === segment)?.[1] as Branch | undefined;
        if (!next) current.branch.push([segment, (next = { type: "branch", branch: [] })]);
        current = next;
      }
      current.branch.push([fn.name, { type: "leaf", leaf: `_reference/function/${importPath}:${fn.name}` }]);
    }
  }
  return root;
}

const root = await loadComponentTree(functionsDir);
const nodes = flattenComponents(root);
const rootDirectory = { path: root.dir, definitionPath: root.definitionFile ?? "", isRoot: true };
const definitionPath = (node: ComponentNode) => path.relative(root.dir, node.dir).split(path.sep).join("/");
const componentsMap = new Map(
  nodes.map((node) => [node.dir, { path: node.dir, isRoot: node.path === "", importSpecifier: node.importSpecifier ?? undefined }]),
);
const localComponents = nodes.filter((node) => node.path !== "" && !isPublishedComponent(node));

// Components kept in the repository get their initial files first, as the CLI writes them before
// it pushes: their modules import ./_generated/server, and the analysis below imports the modules.
for (const node of localComponents) {
  const generated = path.join(node.dir, "_generated");
  mkdirSync(generated, { recursive: true });
  const initial = {
    "server.ts": templates.componentServerTS(false, []),
    "dataModel.ts": schemaFile(node.dir) ? templates.dynamicDataModelTS() : templates.noSchemaDataModelTS(),
    "api.ts": templates.componentApiStubTS(),
  };
  for (const [name, contents] of Object.entries(initial)) {
    const target = path.join(generated, name);
    if (!existsSync(target)) writeFileSync(target, await templates.format(contents));
  }
}

const analysis: Record<string, ComponentAnalysis> = {};
for (const node of nodes) {
  const childComponents = node.children.map((child) => ({ name: child.name, path: definitionPath(child) }));
  // The app's API types come from its modules' types (ApiFromModules); only components kept in the
  // repository need their functions analysed, for the ComponentApi their parent imports.
  const functions = node.path !== "" && !isPublishedComponent(node) ? await analyseFunctions(node.dir) : {};
  analysis[definitionPath(node)] = {
    functions,
    definition: { childComponents, exports: exportTree(functions), envVars: node.declaredEnv },
  };
}
const startPush = { analysis };
const directoryOf = (node: ComponentNode) => ({ path: node.dir, definitionPath: node.definitionFile ?? "", isRoot: node.path === "" });

/**
 * The CLI names a child kept in the repository by its path from the app folder, which is right
 * only for the app's own `_generated`; inside a component the import has to start from its folder.
 */
function childImportsFrom(node: ComponentNode, text: string) {
  let fixed = text;
  for (const child of node.children) {
    const cliPath = `../${definitionPath(child)}/_generated/component.js`;
    const relative = path.relative(path.join(node.dir, "_generated"), child.dir).split(path.sep).join("/");
    fixed = fixed.split(`"${cliPath}"`).join(`"${relative}/_generated/component.js"`);
  }
  return fixed;
}

const rootOut = path.join(root.dir, "_generated");
const hasSchema = schemaFile(root.dir) !== undefined;
outputs.set(path.join(rootOut, "dataModel.d.ts"), hasSchema ? templates.dynamicDataModelDTS() : templates.noSchemaDataModelDTS());
if (root.definitionFile) {
  outputs.set(path.join(rootOut, "api.js"), templates.componentApiJs());
  outputs.set(
    path.join(rootOut, "api.d.ts"),
    await templates.componentApiDTS(templates.ctx, startPush, rootDirectory, directoryOf(root), componentsMap, {
      staticApi: false,
      useComponentApiImports: true,
    }),
  );
  const server = templates.serverCodegen({ useTypeScript: false, envVars: root.declaredEnv });
  outputs.set(path.join(rootOut, "server.js"), server.JS);
  outputs.set(path.join(rootOut, "server.d.ts"), server.DTS);
} else {
  const api = templates.apiCodegen(modulePaths(root.dir), { useTypeScript: false });
  outputs.set(path.join(rootOut, "api.js"), api.JS);
  outputs.set(path.join(rootOut, "api.d.ts"), api.DTS);
  const server = templates.serverCodegen({ useTypeScript: false, envVars: undefined });
  outputs.set(path.join(rootOut, "server.js"), server.JS);
  outputs.set(path.join(rootOut, "server.d.ts"), server.DTS);
}

for (const node of localComponents) {
  const out = path.join(node.dir, "_generated");
  const directory = directoryOf(node);
  outputs.set(path.join(out, "dataModel.ts"), schemaFile(node.dir) ? templates.dynamicDataModelTS() : templates.noSchemaDataModelTS());
  outputs.set(path.join(out, "server.ts"), templates.componentServerTS(false, node.declaredEnv));
  outputs.set(path.join(out, "component.ts"), await templates.componentTS(templates.ctx, startPush, rootDirectory, directory));
  const api = await templates.componentApiTSWithTypes(templates.ctx, startPush, rootDirectory, directory, componentsMap, {
    staticApi: false,
    useComponentApiImports: true,
  });
  outputs.set(path.join(out, "api.ts"), childImportsFrom(node, api));
}

// convex-test registers components one by one (t.registerComponent); the app's tests get the
// whole tree from this list, with each component's files found by Vite's import.meta.glob.
if (root.definitionFile && root.path === "" && path.basename(root.dir) === "convex") {
  outputs.set(path.join(root.dir, "test.components.ts"), componentRegistry(root.dir, nodes.slice(1)));
}

function componentRegistry(dir: string, components: ComponentNode[]) {
  const rel = (target: string) => {
    const relative = path.relative(dir, target).split(path.sep).join("/");
    return relative.startsWith(".") ? relative : `./${relative}`;
  };
  const entries = components.map((node) => {
    const schema = schemaFile(node.dir);
    const schemaEntry = schema ? `import.meta.glob(${JSON.stringify(rel(schema))}, { eager: true, import: "default" })` : "{}";
    const extension = isPublishedComponent(node) ? "js" : "ts";
    return `  {
    path: ${JSON.stringify(node.path)},
    schemas: ${schemaEntry},
    modules: import.meta.glob(${JSON.stringify(`${rel(node.dir)}/**/*.${extension}`)}),
  },`;
  });
  return `/* Generated by scripts/codegen.ts from convex.config.ts: every installed component, for convex-test. Do not edit. */
export const installedComponents = [
${entries.join("\n")}
];
`;
}

const stale: string[] = [];
for (const [target, contents] of outputs) {
  const formatted = await templates.format(contents);
  const current = existsSync(target) ? readFileSync(target, "utf8") : undefined;
  if (current === formatted) continue;
  stale.push(path.relative(process.cwd(), target));
  if (!check) {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, formatted);
  }
}

const shown = path.relative(process.cwd(), rootOut);
if (check && stale.length > 0) {
  console.error(`Generated code is out of date (${stale.join(", ")}). Run: npm run codegen -- ${path.relative(process.cwd(), functionsDir)}`);
  process.exit(1);
}
console.log(check ? `${shown} is up to date` : stale.length ? `wrote ${stale.join(", ")}` : `${shown} unchanged`);
