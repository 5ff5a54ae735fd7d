import { describe, expect, it } from 'vitest';
import { storyItems } from '../../domain/mnemonics/macro-story.ts';
import { createProviders } from '../index.ts';
import { createRulesProvider } from './rules.ts';

const request = {
  locale: 'en' as const,
  items: storyItems('apple\nguitar\nmoon', 'en', new Map()),
  history: [{ role: 'user' as const, content: 'apple\nguitar\nmoon' }],
  turn: 0,
};

async function collect(pieces: AsyncIterable<string>, afterFirst?: () => void) {
  const out: string[] = [];
  for await (const piece of pieces) {
    out.push(piece);
    if (out.length === 1) afterFirst?.();
  }
  return out;
}

describe('the offline story engine', () => {
  it('streams the same story with or without a pace, word by word', async () => {
    const paced = createRulesProvider({ streamDelayMs: 5 });
    const unpaced = createRulesProvider({ streamDelayMs: 0 });
    const a = await collect(paced.macroStory(request, new AbortController().signal));
    const b = await collect(unpaced.macroStory(request, new AbortController().signal));
    const whole = await collect(paced.macroStory(request));
    expect(a.length).toBeGreaterThan(10);
    expect(a).toEqual(b);
    expect(a).toEqual(whole);
  });

  it('ends during a pause when the signal aborts: only the words written so far', async () => {
    // An hour between words: only an abort that ends the pause lets this test finish.
    const engine = createRulesProvider({ streamDelayMs: 3_600_000 });
    const stop = new AbortController();
    const pieces = await collect(engine.macroStory(request, stop.signal), () => stop.abort());
    expect(pieces).toHaveLength(1);
  });

  it('reads its pace from STORY_STREAM_DELAY_MS and refuses a value that is not 0 to 1000', () => {
    expect(createProviders({ STORY_STREAM_DELAY_MS: '50' }).ai.name).toBe('rules');
    for (const value of ['abc', '-1', '1.5', '1001']) {
      expect(() => createProviders({ STORY_STREAM_DELAY_MS: value })).toThrow(
        /STORY_STREAM_DELAY_MS/,
      );
    }
  });
});
