/**
 * Fails when user-visible text escapes translation in a component of packages/features or
 * packages/ui: a JSX text node with letters (`>Save<`) or a string literal in a prop people read
 * or hear (`label="Save"`, `title=`, `aria-label=`, `placeholder=`, `alt=`…). Stories, tests and
 * test helpers are left out. A plain source scan: comments are removed first.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIRS = [join(ROOT, 'packages/features'), join(ROOT, 'packages/ui/src')];
const SKIP = /(\.stories|\.test)\.tsx$|[/\\](testing|storybook)\.tsx$/;
/** Words that are the same in every language (the product's name). */
const ALLOWED = new Set(['Memoria']);
const PROPS = [
  'label',
  'title',
  'aria-label',
  'aria-description',
  'placeholder',
  'alt',
  'description',
  'helperText',
  'message',
  'triggerLabel',
];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (name.endsWith('.tsx') && !SKIP.test(path)) out.push(path);
  }
  return out;
}

function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function findLiterals(source: string): string[] {
  const code = stripComments(source);
  const found: string[] = [];
  // JSX text: after a tag's `>` (not `=>`, `->`, `>>`), letters, then a tag (`</x` or `<x`).
  for (const match of code.matchAll(/(?<![=\->])>([^<>{}]*)<(?=[/A-Za-z])/g)) {
    const text = (match[1] ?? '').trim();
    // Code between a generic's `>` and the next `<` (`useRef<A>(null); … useRef<`) is not text.
    if (/[;(){}=&|]/.test(text)) continue;
    if (/\p{L}/u.test(text) && !ALLOWED.has(text)) found.push(`text: ${text}`);
  }
  const props = PROPS.join('|');
  for (const match of code.matchAll(new RegExp(`\\s(${props})=(["'])([^"']*)\\2`, 'g'))) {
    const value = match[3] ?? '';
    if (/\p{L}/u.test(value) && !ALLOWED.has(value)) found.push(`${match[1]}="${value}"`);
  }
  return found;
}

describe('no untranslated JSX literals', () => {
  test('the scanner catches the patterns it is meant to', () => {
    expect(findLiterals('<p>Hello</p>')).toEqual(['text: Hello']);
    expect(findLiterals('<Button\n  label="Save"\n/>')).toEqual(['label="Save"']);
    expect(findLiterals('<input placeholder="Search" aria-label="x y" />')).toHaveLength(2);
    expect(findLiterals('<p>{intl.formatMessage({ id: "a" })}</p>')).toEqual([]);
    expect(findLiterals('const f = (a) => a<b> 1 && x<y')).toEqual([]);
    expect(findLiterals('<span aria-hidden="true">Memoria</span>')).toEqual([]);
    expect(findLiterals('// <p>Hello</p>\n/* <b>Hi</b> */')).toEqual([]);
  });

  for (const file of DIRS.flatMap(files)) {
    test(relative(ROOT, file), () => {
      expect(findLiterals(readFileSync(file, 'utf8'))).toEqual([]);
    });
  }
});
