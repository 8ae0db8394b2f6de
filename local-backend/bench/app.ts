/**
 * The app's real convex/ functions on the embedded backend, plus bench-only modules copied next to
 * a copy of convex/ (so nothing bench-only is deployed), on a data dir on disk.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { startBackend, type Backend } from "../backend";
import { tempDir } from "../test/helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Starts the app with `modules` (module name in convex/ → file) added. The copy sits inside the
 * repo (ignored by git), so its imports resolve against node_modules. `close` removes it all.
 */
export async function appWith(name: string, modules: Record<string, string>): Promise<{ backend: Backend; close: () => Promise<void> }> {
  const copy = path.join(ROOT, ".bench", name);
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(ROOT, "convex"), copy, { recursive: true, filter: (source) => !source.endsWith(".test.ts") });
  for (const [module, file] of Object.entries(modules)) cpSync(file, path.join(copy, `${module}.ts`));
  const data = tempDir(`lwcc-bench-${name}-`);
  const backend = await startBackend({ functionsDir: copy, dataDir: data.dir, port: 0, sitePort: 0, exposeIdentity: true, log: () => {} });
  return {
    backend,
    close: async () => {
      await backend.close();
      data.remove();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** The bench member's identity: the account the history modules write rows for. */
export function benchMemberIdentity(backend: Backend) {
  return backend.identity.createAccount({
    email: "bench-member@example.com",
    password: "bench-password-2026",
    firstName: "Bench",
    lastName: "Member",
    emailVerified: true,
  });
}
