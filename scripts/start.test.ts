/**
 * Two instances of `npm start` side by side on one checkout: each serves a web build against its
 * own backend, and a restart with unchanged sources reuses its build. Builds go to a temporary
 * folder (LWCC_BUILD_DIR), so the test starts from none and leaves none.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startProduct } from "./lib/product.mjs";

// Ports of their own, like the benches' (web app on each, its backend on the next two).
const PORT_A = 4560;
const PORT_B = 4570;

const buildDir = mkdtempSync(path.join(tmpdir(), "lwcc-start-builds-"));
const env = { LWCC_BUILD_DIR: buildDir };
const running: { stop: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(running.map((product) => product.stop()));
  rmSync(buildDir, { recursive: true, force: true });
});

async function start(port: number) {
  const product = await startProduct(port, env);
  running.push(product);
  return product;
}

/** All of the app's JavaScript: the first page's scripts and every chunk they import, eagerly or lazily. */
async function appScripts(url: string): Promise<string> {
  const html = await (await fetch(`${url}/`)).text();
  const chunk = /["'`](?:\.\/|\/?assets\/)([\w.-]+\.js)["'`]/g;
  const queue = [...html.matchAll(chunk)].map((match) => match[1]);
  const seen = new Set<string>();
  let scripts = "";
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const script = await (await fetch(`${url}/assets/${name}`)).text();
    scripts += `${script}\n`;
    queue.push(...[...script.matchAll(chunk)].map((match) => match[1]));
  }
  expect(seen.size).toBeGreaterThan(1);
  return scripts;
}

const backendUrl = (port: number) => `http://127.0.0.1:${port + 1}`;

describe("npm start, two instances on one checkout", () => {
  it("serves each instance a build against its own backend, and reuses it on a restart", async () => {
    const [a, b] = await Promise.all([start(PORT_A), start(PORT_B)]);
    for (const [product, own, other] of [
      [a, PORT_A, PORT_B],
      [b, PORT_B, PORT_A],
    ] as const) {
      expect(product.output()).toContain("Building the web app (first build for this backend)");
      const scripts = await appScripts(product.url);
      expect(scripts.includes(backendUrl(own)), `the app of ${product.url} talks to ${backendUrl(own)}`).toBe(true);
      expect(scripts.includes(backendUrl(other)), `the app of ${product.url} never talks to ${backendUrl(other)}`).toBe(false);
      // Any other page path gets this instance's app shell.
      const shell = await fetch(`${product.url}/dashboard`, { headers: { accept: "text/html" } });
      expect(shell.status).toBe(200);
      expect(await shell.text()).toContain('<div id="root"></div>');
    }

    await a.stop();
    running.splice(running.indexOf(a), 1);
    const again = await start(PORT_A);
    expect(again.output()).toMatch(/Reusing the web build from .+ \(sources unchanged\)/);
    expect(again.output()).not.toContain("Building the web app");
    expect((await appScripts(again.url)).includes(backendUrl(PORT_A))).toBe(true);
    // The other instance kept its build.
    expect((await appScripts(b.url)).includes(backendUrl(PORT_B))).toBe(true);
  }, 420_000);
});
