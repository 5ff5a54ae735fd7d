/**
 * Storybook preview for Memoria.
 *
 * THE STORY PATTERN (one way for every story file):
 *   - `export default { title: 'UI/<Name>' | 'Features/<capability>/<Piece>', component, args? }`
 *     typed `satisfies Meta<typeof Component>`; then one named export per state
 *     (`Default`, `Loading`, `Empty`, `Error`, `Disabled`, `Gated`…), typed `StoryObj`.
 *   - Theme, language and width are story globals, never separate components, always set with
 *     the one matrix helper (`@memoria/ui/storybook`):
 *       export const Dark: Story = inMatrix({ theme: 'dark' }, Default);
 *       export const Spanish: Story = inMatrix({ locale: 'es' });
 *       export const Phone: Story = inMatrix({ viewport: 'phone' });
 *   - Feature messages: `parameters: { messages: { en, es } }` on the meta (merged over the UI
 *     package's catalog by the locale decorator).
 *   - API calls: `parameters: { msw: [api.get('/path/', () => HttpResponse.json(body))] }` with
 *     the contract-typed `api` helper from `./msw.ts`; dates relative to FIXED_NOW
 *     (`./fixtures.ts`), which is "now" in every story.
 *   - Error states, one way each: a failed read is a query seeded with the contract's Error
 *     (`withFailedQuery` from packages/features/shared/test/storybook.tsx: no HTTP error, no tag); a
 *     failed write (after a `play` interaction) answers with the contract-typed `fail()` and the
 *     story carries the tags below, written literally (the indexer reads tags statically).
 *   - Overlays that should be visible in a screenshot render open (`defaultOpen`/`open: true`).
 *   - A story that deliberately logs console errors (ErrorBoundary) carries the tag
 *     `expected-console-errors`; one whose API calls answer 4xx/5xx on purpose (server-error
 *     states) carries `expected-http-errors`; the story test runner reads tags from index.json.
 */
import '@memoria/ui/fonts';
import '@memoria/ui/global.css';
import { $locale, $theme } from '@memoria/api';
import { AppIntlProvider, type Locale } from '@memoria/ui';
import { STORY_VIEWPORTS } from '@memoria/ui/storybook';
import type { Decorator, Preview } from '@storybook/react-vite';
import { isCommonAssetRequest } from 'msw';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useEffect } from 'react';
import { STORY_FINISHED } from 'storybook/internal/core-events';
import { addons } from 'storybook/preview-api';
import { configure } from 'storybook/test';
import { STEP_LIMIT_MS } from '../tests/support/limits.ts';
import { FIXED_NOW } from './fixtures.ts';
import { ok } from './msw.ts';
import { countQueryHandovers } from './query-handovers.ts';

// Fixed clock: `new Date()` and `Date.now()` start at FIXED_NOW when the preview loads and
// advance in real time, so relative times are stable without freezing timers.
(() => {
  const RealDate = Date;
  const offset = FIXED_NOW.getTime() - RealDate.now();
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [number]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
})();

// Before any story renders: the story tests wait on its count of pending query hand-overs.
countQueryHandovers();

/** A browser driven by Playwright: the story tests (tests/stories) or Chromatic. */
const underTest = typeof navigator !== 'undefined' && navigator.webdriver;

// A play function waits for a state, never for a time: its find* and waitFor give up only as a
// guard against a hang. testing-library's default of 1 s failed InAppPricing's stories under
// load, and 10 s failed plays on docs pages, where every story of the page loads in its own
// iframe at once: on a fresh clone's run at load average 13, ChatList's and Conversation's pages
// took 64 and 74 s, and their plays' waits after typing ran out (the same pages took 83 s and
// passed alone, at load 14). Under test the guard is a browser step's (tests/support/limits.ts),
// below the story tests' limit per story, so a play that waits in vain still names what it
// waited for; in Storybook's own UI, 10 s.
configure({ asyncUtilTimeout: underTest ? STEP_LIMIT_MS : 10_000 });

// Test mode: no animations, transitions or blinking caret.
if (underTest) {
  const style = document.createElement('style');
  style.textContent =
    '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}';
  document.head.append(style);
}

/** Storybook's own requests, which MSW lets through without a warning (as the addon does). */
const STORYBOOK_REQUEST =
  /\.eot$|\.mdx$|sb-common-assets|__webpack_hmr|iframe.html|sb-vite|@vite|@react-refresh|\/virtual:|\.stories\./;

type Messages = Partial<Record<Locale, Record<string, string>>>;

const withThemeLocale: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const locale: Locale = context.globals.locale === 'es' ? 'es' : 'en';
  const messages = (context.parameters.messages as Messages | undefined)?.[locale];
  useEffect(() => {
    // A docs page shows many stories at once: each keeps its theme and language on its own
    // wrapper below, and the page itself stays as the toolbar says.
    if (context.viewMode === 'docs') return;
    const html = document.documentElement;
    html.dataset.theme = theme;
    html.lang = locale;
  }, [theme, locale, context.viewMode]);
  return (
    <AppIntlProvider locale={locale} messages={messages}>
      <div data-theme={theme} lang={locale}>
        <Story />
      </div>
    </AppIntlProvider>
  );
};

/**
 * The app's own language and theme stores (read by the EN/ES switch, the theme toggle and the
 * charts) hold the story's language and theme before it renders, as on a page the server rendered
 * in them. A page renders story after story, and a store keeps what the story before left: the
 * first island module to load copies `<html lang>` into it (packages/features/shared/IslandRoot.tsx),
 * so a story showed the language of whichever story its page had loaded that module in. A docs
 * page shows stories of several globals at once and keeps the toolbar's.
 */
function setAppStores(context: Parameters<Decorator>[1]): void {
  if (context.viewMode === 'docs') return;
  $locale.set(context.globals.locale === 'es' ? 'es' : 'en');
  $theme.set(context.globals.theme === 'dark' ? 'dark' : 'light');
}

/** The docs page holding this story's iframe keeps the queue of its stories' turns. */
type DocsHost = Window & { __memoriaDocsTurns?: Promise<void> };

/**
 * A docs page shows each story in an iframe of its own, and all of them load at once. Plays
 * that type or press keys need the keyboard focus of the page, and another iframe that renders
 * (a dialog that opens focused) or plays takes it away mid-play: the keys then went to nothing
 * and the play waited in vain (ChatList's NoMatch, Conversation's Sent and EditingLastMessage,
 * DuelSetup's InvalidViewTime, seen on fresh-clone runs, and every time once the docs-page check
 * waited for the plays to end). So the story iframes of a docs page take turns: each renders and
 * plays once the one before has finished (STORY_FINISHED, or its iframe gone), and a designer's
 * docs page shows each story in the state its play leads to. A story shown alone (canvas, story
 * tests) has no docs page around it and does not wait.
 */
async function waitForDocsTurn(): Promise<void> {
  const frame = window.frameElement; // null at the top, and in a host of another origin
  if (!frame?.closest('#storybook-docs')) return;
  const host = window.parent as DocsHost;
  const before = host.__memoriaDocsTurns ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  host.__memoriaDocsTurns = before.then(() => mine);
  window.addEventListener('pagehide', release, { once: true });
  addons.getChannel().once(STORY_FINISHED, release);
  await before;
}

/**
 * Answers every story gets unless its own `msw` handlers say otherwise (the addon resets to these
 * before each story). The islands that work offline (the review, the deck list) keep the
 * learner's next days of cards while online (`listOfflineCards`): an empty pack here.
 */
const DEFAULT_HANDLERS = [
  // The dashboard asks for live quizzes running in the learner's courses: none unless a story says.
  ok('/auth/live-quizzes/', []),
  // The duels home's Ratings panel lists the learner's schools for their boards: none unless a story says.
  ok('/auth/schools/', []),
  // The profile asks whether push notifications are on (no key: the setting stays hidden).
  ok('/auth/push-subscriptions/', { public_key: null, results: [] }),
  // The conversion table keeps its words for offline use (a two-line index is enough here).
  ok('/conversiontable/lexicon/', { language: 'en', words: '28\tknife\t3.9\n12\ttin\t3.5' }),
  ok('/conversiontable/table/', {
    language: 'en',
    entries: Array.from({ length: 100 }, (_, i) => ({
      digits: String(i).padStart(2, '0'),
      word: null,
      suggestions: [],
    })),
  }),
  ok('/space-repetition/cards/offline_cards/', {
    generated_at: FIXED_NOW.toISOString(),
    day: FIXED_NOW.toISOString().slice(0, 10),
    until: new Date(FIXED_NOW.getTime() + 3 * 86_400_000).toISOString(),
    desk_id: null,
    desired_retention: 0.9,
    parameters: null,
    decks: [],
    cards: [],
  }),
];

const preview: Preview = {
  beforeEach: [waitForDocsTurn, setAppStores],
  // A docs page for every stories file, including ones added later (tests/repo/docs.test.ts
  // checks each component and island has one with a description).
  tags: ['autodocs'],
  decorators: [withThemeLocale],
  // msw-storybook-addon's setup with one change: the worker script is looked up beside
  // iframe.html, where staticDirs puts it, instead of at the origin's root (msw's default), so a
  // Storybook published under a path registers it too.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...DEFAULT_HANDLERS);
      await worker.start({
        quiet: true,
        serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).pathname },
        onUnhandledRequest(request, print) {
          if (isCommonAssetRequest(request) || STORYBOOK_REQUEST.test(request.url)) return;
          print.warning();
        },
      });
      return worker;
    }),
  ],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'es', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    // The story tests run axe themselves after the story's data has arrived (serious and
    // critical findings fail); the addon's automatic run would be a second, earlier axe pass.
    a11y: { manual: underTest },
    theme: 'light',
    locale: 'en',
    viewport: { value: 'desktop', isRotated: false },
  },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    viewport: {
      options: Object.fromEntries(
        Object.entries(STORY_VIEWPORTS).map(([id, { name, width, height }]) => [
          id,
          {
            name,
            styles: { width: `${width}px`, height: `${height}px` },
            type: id === 'phone' ? 'mobile' : 'desktop',
          },
        ]),
      ),
    },
    a11y: { test: 'error' },
    docs: {
      // Each story of a docs page in its own iframe, as in the canvas: its own MSW handlers,
      // theme, language and width, and dialogs that open inside it rather than over the page.
      // Stories files of plain primitives opt into inline rendering (`docs.story.inline`).
      story: { inline: false, height: '560px' },
      toc: { headingSelector: 'h2, h3', title: 'On this page' },
    },
    fixedNow: FIXED_NOW.toISOString(),
  },
};

export default preview;
