import { describe, expect, it } from "vitest";
import { URGENT_BEFORE_BACKGROUND, WaitingCalls } from "./pool";

function drain(queue: WaitingCalls<string>) {
  const order: string[] = [];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) order.push(next);
  return order;
}

describe("calls waiting for a runner", () => {
  it("lets urgent calls (writes, requests) through ahead of background ones (re-runs), each kind in arrival order", () => {
    const queue = new WaitingCalls<string>();
    queue.push("rerun-1", "background");
    queue.push("rerun-2", "background");
    queue.push("write-1", "urgent");
    queue.push("write-2", "urgent");
    expect(queue.length).toBe(4);
    expect(drain(queue)).toEqual(["write-1", "write-2", "rerun-1", "rerun-2"]);
  });

  it("never starves background calls: one goes through after every few urgent ones", () => {
    const queue = new WaitingCalls<string>();
    for (let i = 0; i < 3; i++) queue.push(`rerun-${i}`, "background");
    for (let i = 0; i < 3 * URGENT_BEFORE_BACKGROUND + 2; i++) queue.push(`write-${i}`, "urgent");
    const order = drain(queue);
    const reruns = order.flatMap((name, index) => (name.startsWith("rerun") ? [index] : []));
    expect(reruns).toEqual([1, 2, 3].map((n) => n * (URGENT_BEFORE_BACKGROUND + 1) - 1));
  });

  it("counts only urgent calls let through while a background one waited", () => {
    const queue = new WaitingCalls<string>();
    for (let i = 0; i < 10; i++) queue.push(`write-${i}`, "urgent");
    for (let i = 0; i < 10; i++) queue.shift();
    queue.push("rerun", "background");
    queue.push("write", "urgent");
    expect(drain(queue)).toEqual(["write", "rerun"]);
  });
});
