// The browser the story tests run in: Debian's Chromium and one fixed context (size, scale,
// motion, colour scheme, locale, time zone), so a baseline screenshot depends on the story only.
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  // A 1280×800 laptop: the right panel (from 1285 px) is hidden there.
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export const LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export const CONTEXT_OPTIONS = {
  viewport: VIEWPORTS.desktop,
  deviceScaleFactor: 1,
  reducedMotion: 'reduce',
  colorScheme: 'light',
  locale: 'en-US',
  timezoneId: 'UTC',
  serviceWorkers: 'allow',
} as const;

/** axe-core, loaded into every page and frame once by an init script (`addInitScript({ path })`). */
export const AXE_CORE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * In the page: axe-core's serious and critical findings inside `include` (less `exclude`), one
 * line each, from one `axe.run` in the page (axe checks the page's frames through their own copy).
 * That is the run AxeBuilder's legacy mode made, without its five other calls a story (inject,
 * configure and ask, frame by frame) and without sending axe's whole result back (every rule's
 * description, tags and nodes) for Playwright to serialise, validate and parse. Injecting the 550
 * KB script each time, as AxeBuilder does by default, cost 1.5–2 s a story. Self-contained (no
 * imports, no outer names): the story tests send it to the page as it is.
 */
export async function seriousAxeFindings(scope: {
  include: string;
  exclude?: string;
}): Promise<string[]> {
  type Finding = {
    id: string;
    impact?: string | null;
    help: string;
    nodes: Array<{ target: unknown[] }>;
  };
  type Axe = { run(context: unknown, options: unknown): Promise<{ violations: Finding[] }> };
  const axe = (window as unknown as { axe?: Axe }).axe;
  if (!axe) throw new Error('axe-core was not loaded by an init script');
  const context = { include: [scope.include], exclude: scope.exclude ? [scope.exclude] : [] };
  // Only violations are read: skipping the details of what passed saves most of axe's time.
  const { violations } = await axe.run(context, { resultTypes: ['violations'] });
  return violations
    .filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')
    .map((finding) => {
      const targets = finding.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ');
      return `axe ${finding.impact} ${finding.id}: ${finding.help} [${targets}]`;
    });
}

/**
 * What makes the page scroll sideways (a phone layout wider than the phone): empty when the
 * document is no wider than its window. Names the outermost elements that reach past the right
 * edge and that no scrolling or clipping box holds, the ones to fix (an absolutely positioned
 * child, such as `VisuallyHidden` text, escapes a scroller that is not its containing block).
 * Self-contained (no imports, no outer names): the story tests send it to the page as it is.
 */
export function sidewaysOverflow(): string[] {
  const doc = document.documentElement;
  const width = doc.clientWidth;
  if (doc.scrollWidth <= width) return [];
  const past = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
  const held = (el: Element) => {
    let position = getComputedStyle(el).position;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (position === 'fixed') return false;
      const style = getComputedStyle(a);
      // Between an absolutely positioned box and its containing block nothing clips it.
      if (position === 'absolute' && style.position === 'static') continue;
      if (style.overflowX !== 'visible') return true;
      position = style.position;
    }
    return false;
  };
  const loose = new Set(
    [...document.body.querySelectorAll('*')].filter((el) => past(el) && !held(el)),
  );
  const culprits = [...loose].filter((el) => !(el.parentElement && loose.has(el.parentElement)));
  const name = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const right = Math.round(el.getBoundingClientRect().right);
    return `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${text}" ends at ${right}px`;
  };
  return [
    `the page is ${doc.scrollWidth}px wide in a ${width}px window (it scrolls sideways)`,
    ...culprits.slice(0, 5).map(name),
  ];
}
