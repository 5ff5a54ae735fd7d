// How long the browser tests wait before they call something hung. Each figure bounds a hang and
// never measures speed; none is a pass-or-fail time. They are set for the slowest machine seen:
// the official CI ran the journeys 6 times and the stories 6.5 times slower than each lane alone
// on a quiet machine (2,618 s against 422 s; 3,368 s against 519 s), and there Playwright's
// default 30 s did not load a page, nor did Jest's 60 s render a story.
// See docs/performance/2026-11-29-test-time.md.

/** One browser step: a navigation, a click, a wait for a text or a state (journeys' polls too). */
export const STEP_LIMIT_MS = 120_000;

/** One whole journey (a test of tests/e2e), the sum of its steps (the matches journey has ~40). */
export const JOURNEY_LIMIT_MS = 600_000;

/** One story: open, render, settle, check with axe and compare its screenshot. */
export const STORY_LIMIT_MS = 300_000;
