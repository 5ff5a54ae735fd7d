/**
 * Layout checks run in a real browser: by stories' `play` functions (so the story tests fail on
 * them) and by the journeys through `page.evaluate(fn, root)`. Each function is self-contained
 * (no imports, no outer names) so it can be sent to a page as it is.
 */

/**
 * Focusable controls in `root` that show no visible focus indicator (WCAG 2.2 2.4.7, 2.4.11):
 * once focused, neither the control nor one of its two nearest ancestors (fields that draw the
 * ring around their input with :focus-within) has an outline of at least 2px or a new box-shadow,
 * or every such ring is cut off by an ancestor that clips its overflow. Focus is moved by script,
 * which Chromium treats as keyboard focus (:focus-visible) while no pointer has been used.
 */
export function hiddenFocusRings(root: Element): string[] {
  const FOCUSABLE =
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  const problems: string[] = [];
  const previous = document.activeElement as HTMLElement | null;
  for (const control of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    const box = control.getBoundingClientRect();
    // Hidden, or visually hidden behind a label that shows the focus instead.
    if (box.width <= 1 || box.height <= 1 || !control.checkVisibility()) continue;
    const candidates = [control, control.parentElement, control.parentElement?.parentElement];
    const shadows = candidates.map((el) => (el ? getComputedStyle(el).boxShadow : ''));
    control.focus();
    if (document.activeElement !== control) continue;
    const shown = candidates.some((el, index) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' ? Number.parseFloat(style.outlineWidth) : 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== shadows[index];
      if (outline < 2 && !shadow) return false;
      const reach =
        outline >= 2 ? outline + Math.max(0, Number.parseFloat(style.outlineOffset)) : 2;
      const r = el.getBoundingClientRect();
      for (let clip = el.parentElement; clip && clip !== document.body; clip = clip.parentElement) {
        const c = getComputedStyle(clip);
        if (c.overflowX === 'visible' && c.overflowY === 'visible') continue;
        const cr = clip.getBoundingClientRect();
        if (
          r.left - reach < cr.left - 0.5 ||
          r.top - reach < cr.top - 0.5 ||
          r.right + reach > cr.right + 0.5 ||
          r.bottom + reach > cr.bottom + 0.5
        ) {
          return false;
        }
      }
      return true;
    });
    control.blur();
    if (!shown) {
      const name =
        control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      problems.push(`no visible focus ring on <${control.tagName.toLowerCase()}> "${name}"`);
    }
  }
  previous?.focus?.();
  return problems;
}

/**
 * Words of visible text in `root` that the layout splits across two lines ("Macroimágen / es"),
 * and placeholders cut short by their field ("Search mc"). Breaks at spaces and hyphens are fine.
 */
export function brokenWords(root: Element): string[] {
  const problems: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent?.checkVisibility()) continue;
    if (parent.getBoundingClientRect().width <= 1) continue;
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/[^\s\u00ad-]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (lines.size > 1) problems.push(`"${match[0]}" breaks inside the word`);
    }
  }
  const context = document.createElement('canvas').getContext('2d');
  for (const field of root.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
    if (!context || !field.checkVisibility() || field.value !== '') continue;
    const style = getComputedStyle(field);
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      field.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    if (context.measureText(field.placeholder).width > room + 1) {
      problems.push(`placeholder "${field.placeholder}" is cut`);
    }
  }
  return problems;
}

/** Throws with every problem found, for stories' `play` functions. */
export function assertLayout(root: Element, checks: ('focus' | 'words')[]): void {
  const problems = [
    ...(checks.includes('focus') ? hiddenFocusRings(root) : []),
    ...(checks.includes('words') ? brokenWords(root) : []),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/**
 * Resolves once `root` shows no loading placeholder (`aria-busy`), or after about `timeoutMs`,
 * and the fonts are in. The bound counts polls, not `Date.now()`: the story tests fix the clock
 * (timers keep running), so a story that stays busy (a Loading state) would wait forever.
 */
export async function settled(root: Element, timeoutMs = 5000): Promise<void> {
  for (let polls = 0; root.querySelector('[aria-busy="true"]') && polls < timeoutMs / 50; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Calls made side by side (account info beside the history) land within a few frames.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await document.fonts.ready;
}
