// The one measure of the browser rows "key press to the next item painted": a card rating in the
// review island (review-latency.ts) and a quiz answer in the duel arena (duels.ts). Figures only.
//
// In the page: a capture-phase keydown listener stamps `performance.now()` when one of `keys`
// goes down; a MutationObserver sees the element matching `selector` change its `attribute` to
// another value (the next card, the next question), then one requestAnimationFrame later (the
// frame that paints it) the second stamp is taken.
import type { Page } from 'playwright-core';
import { nearestRank } from './lib/stats.ts';

export interface KeyToPaint {
  /** The element that shows the current item, e.g. `article[data-card-id]`. */
  selector: string;
  /** Its attribute naming the item, e.g. `data-card-id`. */
  attribute: string;
  /** The keys that move to the next item. */
  keys: string[];
}

type Stamps = { __pressAt?: number; __paints: number[] };

/** Starts measuring in `page` (call it once the first item shows). */
export async function watchKeyToPaint(page: Page, watch: KeyToPaint): Promise<void> {
  await page.evaluate(({ selector, attribute, keys }) => {
    const w = window as unknown as Stamps;
    w.__paints = [];
    window.addEventListener(
      'keydown',
      (event) => {
        if (keys.includes(event.key)) w.__pressAt = performance.now();
      },
      { capture: true },
    );
    const current = () => document.querySelector(selector)?.getAttribute(attribute);
    let shown = current();
    new MutationObserver(() => {
      const id = current();
      if (!id || id === shown) return;
      shown = id;
      const pressed = w.__pressAt;
      if (pressed === undefined) return;
      w.__pressAt = undefined;
      requestAnimationFrame(() => w.__paints.push(performance.now() - pressed));
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: [attribute],
    });
  }, watch);
}

/** Resolves once `count` items were painted after a key press. */
export async function waitForPaints(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => (window as unknown as Stamps).__paints.length >= n, count);
}

/** The figures measured so far in `page`, in ms. */
export function paintsOf(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as Stamps).__paints);
}

/** The nearest-rank percentile `p` of `sorted` (ascending); NaN when empty. */
/** `p50 … ms · p95 … ms · mean … ms · max … ms` of `paints`. */
export function describePaints(paints: number[]): string {
  const sorted = [...paints].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length);
  return (
    `p50 ${nearestRank(sorted, 50).toFixed(1)} ms · p95 ${nearestRank(sorted, 95).toFixed(1)} ms · ` +
    `mean ${mean.toFixed(1)} ms · max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`
  );
}
