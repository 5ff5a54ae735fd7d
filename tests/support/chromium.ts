// One way to open Debian's Chromium for journeys, story tests and benchmarks: playwright-core
// with the system browser, since Playwright's own browser download is not reachable from CI.
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
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
