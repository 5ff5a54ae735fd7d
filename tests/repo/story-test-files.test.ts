import { describe, expect, it } from 'vitest';
import {
  type IndexEntry,
  STORIES_PER_TEST_FILE,
  testRunnerIndex,
} from '../stories/static-storybook.ts';

/** An index of `files` stories files (Component 1, 2…) with the given numbers of stories. */
function indexOf(storiesPerFile: number[]) {
  const entries: Record<string, IndexEntry> = {};
  storiesPerFile.forEach((count, file) => {
    const title = `Features/Component ${file + 1}`;
    const importPath = `./component-${file + 1}.stories.tsx`;
    const base = `features-component-${file + 1}`;
    entries[`${base}--docs`] = {
      id: `${base}--docs`,
      type: 'docs',
      title,
      name: 'Docs',
      importPath,
    };
    for (let n = 1; n <= count; n++) {
      const id = `${base}--story-${n}`;
      entries[id] = { id, type: 'story', title, name: `Story ${n}`, importPath };
    }
  });
  return { v: 5, entries };
}

const titles = (index: { entries: Record<string, IndexEntry> }) =>
  Object.values(index.entries).map((e) => e.title);

describe('the index test-storybook reads (one title, one test file)', () => {
  it('groups the stories of many files into a few test files of about the same size', () => {
    const index = indexOf(Array.from({ length: 93 }, (_, i) => 4 + (i % 9)));
    const stories = Object.values(index.entries).filter((e) => e.type === 'story');
    const grouped = testRunnerIndex(index);
    const parts = new Set(titles(grouped));
    expect(parts.size).toBe(Math.round(stories.length / STORIES_PER_TEST_FILE));
    const sizes = [...parts].map((part) => titles(grouped).filter((t) => t === part).length);
    for (const size of sizes) {
      expect(size).toBeGreaterThan(STORIES_PER_TEST_FILE * 0.8);
      expect(size).toBeLessThan(STORIES_PER_TEST_FILE * 1.2);
    }
  });

  it('keeps every story once, with its id, and its component in its name; no docs entry', () => {
    const index = indexOf([3, 250, 1, 40]);
    const grouped = testRunnerIndex(index);
    const stories = Object.values(index.entries).filter((e) => e.type === 'story');
    expect(Object.keys(grouped.entries)).toEqual(stories.map((s) => s.id));
    for (const story of stories) {
      const entry = grouped.entries[story.id];
      expect(entry).toMatchObject({ id: story.id, importPath: story.importPath, type: 'story' });
      expect(entry?.name).toBe(`${story.title} › ${story.name}`);
    }
    expect(grouped).toMatchObject({ v: 5 });
  });

  it("never splits a stories file's stories between two test files", () => {
    const index = indexOf([70, 70, 70, 70, 70]);
    const grouped = testRunnerIndex(index);
    const partOf = new Map<string, Set<string>>();
    for (const entry of Object.values(grouped.entries)) {
      partOf.set(entry.importPath, (partOf.get(entry.importPath) ?? new Set()).add(entry.title));
    }
    for (const parts of partOf.values()) expect(parts.size).toBe(1);
    expect(new Set(titles(grouped)).size).toBeGreaterThan(1);
  });

  it('makes one test file of a few stories', () => {
    const grouped = testRunnerIndex(indexOf([2, 3]));
    expect(new Set(titles(grouped))).toEqual(new Set(['Stories, part 1 of 1']));
  });
});
