import { DurableStore, type Json } from "./durable-store";

export interface AppendBench {
  p50Ms: number;
  p95Ms: number;
  fsyncs: number;
}

type BenchRecord = { table: string; id: string; ts: string; doc: { [key: string]: Json } };

/**
 * Appends `n` mutation-sized records from `concurrency` callers, each issuing its next append as soon as the
 * previous one is durable, and reports per-append latency. `dir` is opened as a store (use a scratch dir).
 */
export async function benchAppend(dir: string, n: number, concurrency: number): Promise<AppendBench> {
  const store = await DurableStore.open<Json, BenchRecord>(dir);
  const latencies: number[] = [];
  let next = 0;
  const caller = async () => {
    for (let i = next++; i < n; i = next++) {
      const start = performance.now();
      await store.append({
        table: "messages",
        id: `k${i}`,
        ts: String(1_700_000_000_000_000n + BigInt(i)),
        doc: { author: "bench", body: "x".repeat(200), index: i },
      });
      latencies.push(performance.now() - start);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, caller));
  } finally {
    await store.close();
  }
  latencies.sort((a, b) => a - b);
  return { p50Ms: percentile(latencies, 0.5), p95Ms: percentile(latencies, 0.95), fsyncs: store.stats().logFsyncs };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}
