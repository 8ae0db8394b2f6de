/*
 * Child process for the kill -9 test in durable-store.test.ts. Usage: node --import tsx crash-child.fixture.ts <dir>
 * Appends ids in a tight concurrent burst and snapshots often, so SIGKILL can land anywhere. An id is printed only
 * after its append resolved; stdout is a pipe, which Node writes synchronously on Linux, so a printed id was acknowledged.
 */
import { DurableStore } from "./durable-store";

type CrashSnapshot = { ids: number[] };
type CrashRecord = { id: number; pad: string };

const CONCURRENCY = 16;
const SNAPSHOT_EVERY = 25;

const dir = process.argv[2];
if (!dir) throw new Error("usage: crash-child.fixture.ts <data dir>");

const store = await DurableStore.open<CrashSnapshot, CrashRecord>(dir);
const { snapshot, records } = store.recovered();
const appended = [...(snapshot?.ids ?? []), ...records.map((record) => record.id)];
const pad = "p".repeat(300);

async function appendForever(): Promise<never> {
  for (;;) {
    const id = appended.length;
    // Recorded at call time: a snapshot must contain exactly the records appended before it.
    appended.push(id);
    await store.append({ id, pad });
    process.stdout.write(`${id}\n`);
    if (id % SNAPSHOT_EVERY === 0) await store.writeSnapshot({ ids: [...appended] });
  }
}

await Promise.all(Array.from({ length: CONCURRENCY }, appendForever));
