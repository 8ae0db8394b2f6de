/**
 * Isotonic regression by pooling adjacent violators: scored outcomes (a score, and whether it was
 * right) become blocks of scores whose share right never decreases as the score rises. The
 * calibration scripts turn the blocks into knots of a confidence map.
 */
export interface Outcome {
  score: number;
  right: boolean;
}

export interface Block {
  from: number;
  to: number;
  share: number;
  n: number;
}

/** A block needs `minBlock` outcomes before it stands on its own, so one lucky outcome does not make a knot. */
export function isotonic(outcomes: readonly Outcome[], minBlock: number): Block[] {
  const blocks: { from: number; to: number; right: number; n: number }[] = [];
  for (const o of [...outcomes].sort((a, b) => a.score - b.score)) {
    const last = blocks.at(-1);
    if (last && last.to === o.score) {
      last.right += Number(o.right);
      last.n++;
    } else blocks.push({ from: o.score, to: o.score, right: Number(o.right), n: 1 });
    for (;;) {
      const b = blocks.at(-1)!;
      const a = blocks.at(-2);
      if (!a || (a.right / a.n < b.right / b.n && a.n >= minBlock)) break;
      blocks.splice(-2, 2, { from: a.from, to: b.to, right: a.right + b.right, n: a.n + b.n });
    }
  }
  return blocks.map((b) => ({ from: b.from, to: b.to, share: b.right / b.n, n: b.n }));
}

/** Knots [score, percent right] of a piecewise linear map through the blocks, from `lowest` to `highest`. */
export function knotsOf(blocks: readonly Block[], lowest: number, highest: number): [number, number][] {
  const out: [number, number][] = [[lowest, 0]];
  for (const block of blocks) {
    const y = Math.round(block.share * 100);
    out.push([block.from, y], [block.to, y]);
  }
  out.push([highest, out.at(-1)![1]]);
  return out.filter((k, i) => i === 0 || k[0] !== out[i - 1]![0] || k[1] !== out[i - 1]![1]);
}
