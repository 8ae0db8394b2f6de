// How fast the command palette answers a keystroke with 500 extra commands: runs the
// product as `npm start` does, opens the palette demo in Debian's Chromium and types a realistic
// sequence of searches and Backspaces, timing each keystroke until its updated list is painted.
// Headless Chromium paints at a fixed 60 Hz, so even a keystroke that does nothing waits up to a
// frame (16.7 ms) for its paint: the "bare input" rows measure that floor with the same probe.
/* global window, document, requestAnimationFrame, MutationObserver -- installProbe and the evaluate callbacks run in the page */
import { cpus, loadavg, totalmem } from "node:os";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, ensureChromium } from "../lib/chromium.mjs";
import { startProduct } from "../lib/product.mjs";

export const title = "Command palette: keystroke to updated list (built app, 500 sample commands)";

const PORT = 4395;
const ENTRIES = 500;
const TARGET_MS = 16;
/** A mid-range phone, as Lighthouse's mobile preset slows the CPU; shown for scale, no target. */
const SLOW_CPU = 4;
/** Searches a visitor might type: each typed key by key, the highlight moved, then cleared key by key. */
const WORDS = ["sample", "stress", "pric", "dark", "settings", "sample command", "stress test", "billing", "theme", "sign out", "help", "account", "zzz"];
// Digits are left out: after typing, 1-9 run a numbered result instead of searching.
const WARM_UP = ["pri", "xy"];

/**
 * @typedef {"leaving the listed groups" | "back to the listed groups" | "within a search" | "moving the highlight" | "opening the 500-command group" | "back from the group"} Kind
 * @typedef {{ key: string, kind: Kind }} Keystroke
 */

/** @param {string} word @returns {Keystroke[]} */
function search(word) {
  const letters = word.split("");
  return [
    ...letters.map((key, index) => ({ key, kind: /** @type {Kind} */ (index === 0 ? "leaving the listed groups" : "within a search") })),
    ...["ArrowDown", "ArrowDown", "ArrowUp"].map((key) => ({ key, kind: /** @type {Kind} */ ("moving the highlight") })),
    ...letters.map((_, index) => ({
      key: "Backspace",
      kind: /** @type {Kind} */ (index === letters.length - 1 ? "back to the listed groups" : "within a search"),
    })),
  ];
}

/**
 * The timed sequence: the highlight moved through the listed groups, every search of WORDS, then the
 * Navigation group opened with its number key (every one of its 500+ commands listed) and left.
 */
function keystrokes() {
  /** @type {Keystroke[]} */
  const browse = ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp", "ArrowUp", "ArrowUp"].map((key) => ({ key, kind: "moving the highlight" }));
  /** @type {Keystroke[]} */
  const group = [
    { key: "1", kind: "opening the 500-command group" },
    { key: "Backspace", kind: "back from the group" },
  ];
  return [...browse, ...WORDS.flatMap(search), ...group, ...group, ...group];
}

/**
 * Installed in the page before the keystrokes. A keystroke starts at its keydown event's
 * timeStamp (when Chromium received the key, so time queued behind other work counts). A
 * MutationObserver on the list's contents notes each DOM update; after each one, and after the
 * keydown itself (a key that leaves the list as it was), requestAnimationFrame and then a
 * MessageChannel task note the time: rAF callbacks run just before the frame is painted, and a
 * task posted from one runs after that frame has been handed to the compositor. A keystroke ends
 * at the last such time, so it covers every commit the keystroke caused and the frame showing it.
 * `committed` is the last DOM update alone, without the wait for the frame.
 */
function installProbe() {
  const probe = {
    /** @type {{ start: number, committed: number | null, painted: number, pending: number, last: number }} */
    current: { start: 0, committed: null, painted: 0, pending: 0, last: 0 },
    /** @type {MutationObserver | null} */
    observer: null,
  };
  const channel = new MessageChannel();
  /** @type {(() => void)[]} */
  const queue = [];
  channel.port1.onmessage = () => queue.shift()?.();
  const afterNextPaint = () => {
    const entry = probe.current;
    entry.pending += 1;
    requestAnimationFrame(() => {
      queue.push(() => {
        entry.painted = Math.max(entry.painted, performance.now());
        entry.pending -= 1;
        entry.last = performance.now();
      });
      channel.port2.postMessage(null);
    });
  };
  window.addEventListener(
    "keydown",
    (event) => {
      probe.current = { start: event.timeStamp, committed: null, painted: 0, pending: 0, last: performance.now() };
      afterNextPaint();
    },
    { capture: true },
  );
  /** @param {Element} list */
  const observe = (list) => {
    probe.observer?.disconnect();
    probe.observer = new MutationObserver(() => {
      probe.current.committed = performance.now();
      probe.current.last = performance.now();
      afterNextPaint();
    });
    // The sizer holds the groups, items and the "no results" line; cmdk also writes a height
    // variable on the list element itself a frame later, which the palette's styles never use.
    probe.observer.observe(list, { childList: true, subtree: true, characterData: true, attributes: true });
  };
  /** Resolves once the last keystroke's frames are painted and nothing has changed for `quietMs`. */
  const settle = (quietMs = 50) =>
    new Promise((resolve) => {
      const check = () => {
        const entry = probe.current;
        if (entry.pending === 0 && performance.now() - entry.last >= quietMs) {
          resolve({ start: entry.start, committed: entry.committed, painted: entry.painted });
        } else setTimeout(check, 10);
      };
      check();
    });
  Object.assign(window, { __paletteProbe: { observe, settle } });
}

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** @param {number} ms */
const fmt = (ms) => `${ms.toFixed(1)} ms`;

/**
 * @typedef {{ kind: Kind, toPaint: number, toCommit: number | null }} Timing
 * Types `keys` one at a time, waiting for each to settle, and returns each one's timings.
 * @param {import("playwright-core").Page} tab @param {Keystroke[]} keys @returns {Promise<Timing[]>}
 */
async function type(tab, keys) {
  /** @type {Timing[]} */
  const timings = [];
  for (const [index, { key, kind }] of keys.entries()) {
    await tab.keyboard.press(key);
    const result = /** @type {{ start: number, committed: number | null, painted: number }} */ (
      await tab.evaluate(() => /** @type {any} */ (window).__paletteProbe.settle())
    );
    timings.push({
      kind,
      toPaint: result.painted - result.start,
      toCommit: result.committed === null ? null : result.committed - result.start,
    });
    // Keys land at varying points of Chromium's 60 Hz frame, as a person's typing does.
    await tab.waitForTimeout(20 + ((index * 37) % 50));
  }
  return timings;
}

/** @param {import("playwright-core").Page} tab */
const optionCount = (tab) => tab.getByRole("dialog", { name: "Command palette" }).getByRole("option").count();

/**
 * Opens the demo palette in a fresh tab (CPU slowed `rate` times) and types the sequence.
 * @param {import("playwright-core").Browser} browser @param {string} url @param {number} rate
 */
async function measure(browser, url, rate) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  try {
    await tab.goto(`${url}/demos/command-palette?entries=${ENTRIES}`, { waitUntil: "load" });
    await tab.evaluate(installProbe);
    await tab.getByRole("button", { name: "Open the demo palette" }).click();
    const dialog = tab.getByRole("dialog", { name: "Command palette" });
    const input = dialog.getByRole("combobox");
    await input.waitFor();
    await tab.mouse.move(0, 0);
    await tab.evaluate(() => {
      const list = document.querySelector('[role="dialog"] [cmdk-list-sizer]');
      if (!list) throw new Error("The palette's list is not on the page");
      /** @type {any} */ (window).__paletteProbe.observe(list);
    });
    const browse = await optionCount(tab);
    // The groups list a preview each; Navigation's "Show all N" row says how many it holds.
    const all = await dialog.getByRole("option", { name: /^Show all \d+ in Navigation/ }).textContent();
    const held = Number(/Show all (\d+)/.exec(all ?? "")?.[1]);
    if (!(held >= ENTRIES)) throw new Error(`The palette holds ${held} navigation commands, fewer than the ${ENTRIES} sample commands`);
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await type(tab, WARM_UP.flatMap(search));
    const timings = await type(tab, keystrokes());
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    if ((await input.inputValue()) !== "") throw new Error("The sequence did not end with an empty search");
    await input.pressSequentially("sample");
    const results = await optionCount(tab);
    return { timings, browse, results };
  } finally {
    await context.close();
  }
}

/**
 * The same timing on a bare input with no listeners of its own: what a keystroke costs when it
 * does nothing, which is mostly the wait for Chromium's next frame.
 * @param {import("playwright-core").Browser} browser
 */
async function floor(browser) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  try {
    await tab.setContent(`<input aria-label="floor">`);
    await tab.evaluate(installProbe);
    await tab.getByRole("textbox").focus();
    return await type(tab, keystrokes());
  } finally {
    await context.close();
  }
}

/** @param {number[]} load */
const loadAverage = (load) => load.map((value) => value.toFixed(1)).join(" ");

export async function run() {
  const loadBefore = loadavg();
  const product = await startProduct(PORT);
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  /** @type {{ name: string, value: string, target?: string, met?: boolean }[]} */
  const rows = [];
  /** @param {string} label @param {Timing[]} timings @param {{ target?: boolean, detail?: boolean }} options */
  const report = (label, timings, { target = false, detail = false } = {}) => {
    const painted = timings.map((timing) => timing.toPaint);
    const p95 = percentile(painted, 95);
    rows.push({ name: `${label}, p50`, value: fmt(percentile(painted, 50)) });
    rows.push({
      name: `${label}, p95`,
      value: fmt(p95),
      ...(target ? { target: `<= ${TARGET_MS} ms`, met: p95 <= TARGET_MS } : {}),
    });
    rows.push({ name: `${label}, max`, value: fmt(Math.max(...painted)) });
    if (!detail) return;
    const committed = timings.flatMap((timing) => (timing.toCommit === null ? [] : [timing.toCommit]));
    rows.push({ name: "Key to list DOM updated (no paint), p95", value: fmt(percentile(committed, 95)) });
    for (const kind of /** @type {Kind[]} */ ([
      "leaving the listed groups",
      "back to the listed groups",
      "within a search",
      "moving the highlight",
      "opening the 500-command group",
      "back from the group",
    ])) {
      const some = timings.filter((timing) => timing.kind === kind).map((timing) => timing.toPaint);
      rows.push({ name: `  keys ${kind} (${some.length}): p50 / p95`, value: `${fmt(percentile(some, 50))} / ${fmt(percentile(some, 95))}` });
    }
  };
  try {
    rows.push({ name: "Chromium", value: browser.version() });
    const fast = await measure(browser, product.url, 1);
    rows.push({ name: "Options listed with nothing typed (group previews)", value: String(fast.browse) });
    rows.push({ name: 'Options listed for "sample"', value: String(fast.results) });
    rows.push({ name: "Keystrokes timed (after the warm-up)", value: String(fast.timings.length) });
    report("Key to list painted", fast.timings, { target: true, detail: true });
    report(`CPU ${SLOW_CPU}x slower: key to list painted`, (await measure(browser, product.url, SLOW_CPU)).timings);
    report("Floor, bare input: key to paint", await floor(browser));
  } finally {
    await browser.close();
    await product.stop();
  }
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  rows.unshift({
    name: "Machine (no CPU throttling unless stated)",
    value: `${cpus().length} cores, ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GB; load average ${loadAverage(loadBefore)} before, ${loadAverage(loadavg())} after`,
  });
  return rows;
}
