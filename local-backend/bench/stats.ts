/** Figures the benches print: percentiles of samples, and a call timed after a warm-up. */

export type Row = { name: string; value: string; target?: string; met?: boolean };

/** The value at `fraction` of sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * Times `call` `samples` times after `warmup` untimed calls (the first calls load modules and warm
 * the JIT, as a running backend is). With a p95 target in ms, the row says whether it is met.
 */
export async function measure(
  name: string,
  call: () => Promise<unknown>,
  { warmup = 50, samples = 300, p95Target }: { warmup?: number; samples?: number; p95Target?: number } = {},
): Promise<Row> {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return latencyRow(name, times, { p95Target });
}

/** The row of timed samples (ms, any order): p50 and p95, and with a p95 target whether it is met. */
export function latencyRow(name: string, samples: readonly number[], { p95Target, digits = 2 }: { p95Target?: number; digits?: number } = {}): Row {
  const times = [...samples].sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  return {
    name: `${name} p50 / p95`,
    value: `${percentile(times, 0.5).toFixed(digits)} ms / ${p95.toFixed(digits)} ms (n=${times.length})`,
    ...(p95Target === undefined ? {} : { target: `p95 <= ${p95Target} ms`, met: p95 <= p95Target }),
  };
}
