import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadOrCreateAccountLinkSecret } from "./account-link-secret";
import { tempDir } from "./test/helpers";

const dirs: { remove: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

describe("the embedded account link secret", () => {
  it("is made once per data directory, private, and the same after a restart", async () => {
    const data = tempDir();
    dirs.push(data);
    const first = await loadOrCreateAccountLinkSecret(data.dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateAccountLinkSecret(data.dir)).toBe(first);
    const file = path.join(data.dir, "account-link-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("is new each time without a data directory", async () => {
    expect(await loadOrCreateAccountLinkSecret(undefined)).not.toBe(await loadOrCreateAccountLinkSecret(undefined));
  });

  it("refuses a damaged file instead of silently voiding the links already sent", async () => {
    const data = tempDir();
    dirs.push(data);
    writeFileSync(path.join(data.dir, "account-link-secret"), "short");
    await expect(loadOrCreateAccountLinkSecret(data.dir)).rejects.toThrow(/does not hold an account link secret/);
  });
});
