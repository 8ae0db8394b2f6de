/** Function paths as the Convex client sends them ("mod", "mod.js:fn", "dir/mod:fn") made canonical. */
export function canonicalizeUdfPath(udfPath: string): { module: string; exportName: string; canonical: string } {
  const separator = udfPath.lastIndexOf(":");
  let module = separator === -1 ? udfPath : udfPath.slice(0, separator);
  const exportName = separator === -1 ? "default" : udfPath.slice(separator + 1);
  if (module.endsWith(".js")) module = module.slice(0, -3);
  return { module, exportName, canonical: `${module}:${exportName}` };
}
