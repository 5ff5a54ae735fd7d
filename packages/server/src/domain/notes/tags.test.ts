import { describe, expect, it } from 'vitest';
import { changeTags, isTagOrChild, renameTag, uniqueTags } from './tags.ts';

describe('tags', () => {
  it('drops duplicates in any case, keeping the first spelling', () => {
    expect(uniqueTags(['Verbs', 'nouns', 'verbs', 'VERBS'])).toEqual(['Verbs', 'nouns']);
  });

  it('adds and removes without regard to case', () => {
    expect(changeTags(['a', 'B'], { add: ['b', 'c'], remove: ['A'] })).toEqual(['B', 'c']);
  });

  it('renames a tag and its :: children, not a tag that only starts alike', () => {
    expect(
      renameTag(
        ['lang', 'Lang::verbs', 'lang::verbs::irregular', 'language', 'other'],
        'lang',
        'languages',
      ),
    ).toEqual([
      'languages',
      'languages::verbs',
      'languages::verbs::irregular',
      'language',
      'other',
    ]);
    expect(isTagOrChild('language', 'lang')).toBe(false);
    // Renaming into a tag the note has merges the two.
    expect(renameTag(['old', 'new'], 'old', 'new')).toEqual(['new']);
  });
});
