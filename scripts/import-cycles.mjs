// `node scripts/import-cycles.mjs`: fails when a module of the web app (src/) or of the embedded
// backend (local-backend/) imports, through any chain, itself. Type-only and lazy imports count too:
// a page that imports a type from the router pulls the whole route tree into its type graph, and a
// lazily loaded chunk that imports its loader ties the two together again. convex/ is left out: its
// generated api imports every function module, which import it back, by Convex's design.
import madge from "madge";

const EXCLUDE = [/(^|\/)convex\//, /_generated\//, /\.test\.tsx?$/, /\/test\/fixture\//, /\/bench\/functions\//];
const PARTS = [
  { dir: "src", tsConfig: "tsconfig.app.json", fileExtensions: ["ts", "tsx"] },
  { dir: "local-backend", tsConfig: "tsconfig.node.json", fileExtensions: ["ts"] },
];

let found = 0;
for (const { dir, tsConfig, fileExtensions } of PARTS) {
  const graph = await madge(dir, { tsConfig, fileExtensions, excludeRegExp: EXCLUDE });
  for (const cycle of graph.circular()) {
    found += 1;
    console.error(`${dir}: ${[...cycle, cycle[0]].join(" → ")}`);
  }
}
if (found > 0) {
  console.error(`\n${found} import cycle(s). Move what both sides need into a module of its own.`);
  process.exit(1);
}
console.log("No import cycles in src/ or local-backend/.");
