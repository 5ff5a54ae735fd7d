/**
 * `client:interaction`: an island that is server-rendered as usual but whose JavaScript is only
 * downloaded and hydrated on the first interaction inside it (pointerdown, click, or Enter/Space
 * keydown). The click that started the load is held (its default prevented, so a fallback link
 * does not navigate away) and replayed on the same element once the island has hydrated, so the
 * user's first click is not lost: it opens the dialog it was meant to open.
 *
 * WHY: the signed-out marketing pricing page must stay near zero JavaScript (issue 3: static
 * pages ≤ 15 KB of gzipped JS; they ship ~0.4 KB), yet its "Buy now" must open the Login/Register
 * dialog, which needs React, react-intl, the forms and the API client (well over 15 KB).
 * `client:load`, `client:idle` and `client:visible` would make every visitor download all of that
 * whether they ever press the button or not; with this directive only the visitor who presses it
 * pays, and until then the page ships nothing but the tiny island loader and this file.
 *
 * Astro bundles this file (esbuild, minified) into an inline script of every page that uses it;
 * keep it small and free of imports other than types.
 */
import type { ClientDirective } from 'astro';

/** Enter or Space: the keys that activate a button or, for Enter, a link. */
export function isActivationKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' || event.key === ' ' || event.key === 'Spacebar';
}

/** Child indexes from `root` down to `node`, to find the same element if hydration replaced it. */
function pathFrom(root: Element, node: Element): number[] {
  const path: number[] = [];
  let current: Element | null = node;
  while (current && current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) break;
    path.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return path;
}

function follow(root: Element, path: number[]): Element | null {
  let current: Element | undefined = root;
  for (const index of path) {
    current = current?.children[index];
    if (!current) return null;
  }
  return current ?? null;
}

/** Elements whose own activation behaviour turns Enter/Space into a click. */
const CLICKS_ON_KEY = 'a[href], button, input, select, textarea, summary, [contenteditable]';

/**
 * The directive's logic, on its own so it can be tested: waits for the first interaction inside
 * `root`, then runs `hydrate` once; a plain left click that arrives before hydration finished is
 * held and dispatched again on the same element afterwards (also when hydration failed: the
 * element's own behaviour, e.g. a link's navigation, then runs). A keyboard trigger on an element
 * that would not turn the key into a click is replayed as that keydown. Returns a function that
 * stops listening.
 */
export function hydrateOnInteraction(root: HTMLElement, hydrate: () => Promise<void>): () => void {
  let started = false;
  let done = false;
  let heldClick: { target: Element; path: number[]; init: MouseEventInit } | null = null;
  let keyTrigger: { target: Element; path: number[]; init: KeyboardEventInit } | null = null;
  const types = ['pointerdown', 'keydown', 'click'] as const;

  const stop = () => {
    for (const type of types) root.removeEventListener(type, onEvent, true);
  };

  const resolve = (held: { target: Element; path: number[] }): Element | null =>
    held.target.isConnected && root.contains(held.target) ? held.target : follow(root, held.path);

  const replay = () => {
    if (heldClick) {
      resolve(heldClick)?.dispatchEvent(new MouseEvent('click', heldClick.init));
    } else if (keyTrigger && !keyTrigger.target.closest(CLICKS_ON_KEY)) {
      resolve(keyTrigger)?.dispatchEvent(new KeyboardEvent('keydown', keyTrigger.init));
    }
    heldClick = null;
    keyTrigger = null;
  };

  const start = async () => {
    try {
      await hydrate();
    } catch (error) {
      console.error('[client:interaction] hydration failed:', error);
    }
    done = true;
    stop();
    replay();
  };

  function onEvent(event: Event) {
    if (done) return;
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === 'keydown') {
      const key = event as KeyboardEvent;
      if (!isActivationKey(key) || key.repeat) return;
      if (!started && target) {
        keyTrigger = {
          target,
          path: pathFrom(root, target),
          init: { key: key.key, code: key.code, bubbles: true, cancelable: true, composed: true },
        };
      }
    }
    if (event.type === 'click') {
      const click = event as MouseEvent;
      // A modified or non-primary click (open in a new tab…) keeps its default behaviour.
      const plain =
        click.button === 0 && !click.ctrlKey && !click.metaKey && !click.shiftKey && !click.altKey;
      if (plain) {
        event.preventDefault();
        event.stopPropagation();
        if (!heldClick && target) {
          heldClick = {
            target,
            path: pathFrom(root, target),
            init: {
              bubbles: true,
              cancelable: true,
              composed: true,
              clientX: click.clientX,
              clientY: click.clientY,
              screenX: click.screenX,
              screenY: click.screenY,
              detail: click.detail,
            },
          };
        }
      }
    }
    if (!started) {
      started = true;
      void start();
    }
  }

  for (const type of types) root.addEventListener(type, onEvent, true);
  return stop;
}

const interaction: ClientDirective = (load, _options, el) => {
  hydrateOnInteraction(el, async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default interaction;
