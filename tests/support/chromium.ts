// One way to open Debian's Chromium for journeys, story tests and benchmarks: playwright-core
// with the system browser, since Playwright's own browser download is not reachable from CI.
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { STEP_LIMIT_MS } from './limits.ts';
import { watchContext } from './screens.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright's own `--disable-features` turns off (playwright-core 1.65). A second
 * `--disable-features` replaces the first (Chromium keeps the last), so this list repeats them.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * And the omnibox popups: web pages (`chrome://omnibox-popup.top-chrome/`) that Chromium 156
 * preloads in two renderers of every browser, though a headless browser has no omnibox. They
 * took 39 of the journeys' 376 CPU-s (a browser per journey file).
 */
const DISABLED_FEATURES = [
  ...PLAYWRIGHT_DISABLED_FEATURES,
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/**
 * Debian's Chromium. Every context it opens (and every page of `browser.newPage()`, which opens
 * a context) waits up to STEP_LIMIT_MS in each action and navigation, so no journey sets its own,
 * and is watched for a failure's report (`watchContext`).
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(STEP_LIMIT_MS);
    watchContext(context);
    return context;
  };
  return browser;
}

let shared: Promise<Browser> | undefined;

/**
 * The journeys' Chromium: one browser for every journey file of the run (the files share one
 * worker process, tests/e2e/vitest.config.ts), launched by the first file that asks and again
 * if it goes away. Each file gets a view of it that lists and closes only the contexts the file
 * opened: its `close()` closes those, not the browser, which goes with the worker process. A
 * launch per file cost about 1 s and 0.8 CPU-s, 28 times a run.
 */
export async function journeyBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchChromium();
    shared = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => (shared = undefined)),
      () => (shared = undefined),
    );
  }
  const browser = await shared;
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const view: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      track(page.context());
      return page;
    },
    contexts: () => [...opened],
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(view, property)) return view[property as keyof Browser];
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A browser with a profile kept in `profileDir` (the navigation bench hands it to Lighthouse). */
export function launchPersistentChromium(
  profileDir: string,
  {
    extraArgs = [],
    viewport,
  }: { extraArgs?: string[]; viewport?: { width: number; height: number } },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    viewport,
  });
}
