// @vitest-environment happy-dom
/**
 * The `client:interaction` directive's logic (src/directives/interaction.ts): nothing loads
 * before an interaction; the first one hydrates once; a click that arrives while loading is held
 * and replayed once on the same element afterwards.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { hydrateOnInteraction } from '../../src/directives/interaction.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** An island: `<div><p><button><span>Buy now</span></button></p></div>` and a fake hydration. */
function island() {
  const root = document.createElement('div');
  root.innerHTML =
    '<p><button type="button"><span>Buy now</span></button></p><input /><div tabindex="0">x</div>';
  document.body.append(root);
  const button = root.querySelector('button') as HTMLButtonElement;
  const label = root.querySelector('span') as HTMLSpanElement;
  const input = root.querySelector('input') as HTMLInputElement;
  const plain = root.querySelector('div') as HTMLDivElement;
  const clicks: EventTarget[] = [];
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const hydrate = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finish = () => {
          // What React does on hydration: the component's handler starts listening.
          root.addEventListener('click', (event) => clicks.push(event.target as EventTarget));
          resolve();
        };
        fail = reject;
      }),
  );
  const stop = hydrateOnInteraction(root, hydrate);
  return {
    ...{ root, button, label, input, plain, clicks, hydrate, stop },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const click = (target: Element) =>
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

describe('client:interaction', () => {
  test('loads nothing until an interaction inside the island', async () => {
    const { hydrate } = island();
    click(document.body);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await flush();
    expect(hydrate).not.toHaveBeenCalled();
  });

  test('keys other than Enter and Space do not load it', async () => {
    const { button, hydrate } = island();
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    await flush();
    expect(hydrate).not.toHaveBeenCalled();
  });

  test('the first click is held, then replayed once on the same element after hydration', async () => {
    const { label, clicks, hydrate, finish } = island();
    const first = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    label.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(hydrate).toHaveBeenCalledTimes(1);
    click(label); // a second click while loading is swallowed too, not replayed twice
    await flush();
    expect(clicks).toEqual([]);
    finish();
    await flush();
    expect(clicks).toEqual([label]);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  test('pointerdown starts loading; the click that follows is replayed', async () => {
    const { button, clicks, hydrate, finish } = island();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(hydrate).toHaveBeenCalledTimes(1);
    click(button);
    finish();
    await flush();
    expect(clicks).toEqual([button]);
  });

  test('a pointerdown without a click hydrates and replays nothing', async () => {
    const { button, clicks, finish } = island();
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    finish();
    await flush();
    expect(clicks).toEqual([]);
  });

  test('after hydration clicks are no longer touched', async () => {
    const { button, clicks, finish } = island();
    click(button);
    finish();
    await flush();
    const later = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(clicks).toEqual([button, button]);
  });

  test('Space on an element that does not click on keys is replayed as that keydown', async () => {
    const { root, plain, hydrate, finish } = island();
    const keys: EventTarget[] = [];
    plain.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(hydrate).toHaveBeenCalledTimes(1);
    root.addEventListener('keydown', (event) => keys.push(event.target as EventTarget));
    finish();
    await flush();
    expect(keys).toEqual([plain]);
  });

  test('Enter on a native control is not replayed as a key (its own click is)', async () => {
    const { root, input, hydrate, finish } = island();
    const keys: EventTarget[] = [];
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(hydrate).toHaveBeenCalledTimes(1);
    root.addEventListener('keydown', (event) => keys.push(event.target as EventTarget));
    finish();
    await flush();
    expect(keys).toEqual([]);
  });

  test('the held click is replayed on the element at the same place if hydration replaced it', async () => {
    const { root, button, clicks, finish } = island();
    click(button);
    const fresh = button.cloneNode(true) as HTMLButtonElement;
    button.replaceWith(fresh);
    finish();
    await flush();
    expect(clicks).toEqual([fresh]);
    expect(root.contains(fresh)).toBe(true);
  });

  test('when hydration fails the click is still replayed (a fallback link then navigates)', async () => {
    const { button, fail } = island();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: Event[] = [];
    click(button);
    document.addEventListener('click', (event) => seen.push(event));
    fail(new Error('chunk failed'));
    await flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.defaultPrevented).toBe(false);
  });

  test('modified clicks keep their default (open in a new tab)', () => {
    const { button, hydrate } = island();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    button.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });
});
