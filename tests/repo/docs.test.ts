/**
 * Every component and island has a Storybook docs page that says what it is for.
 *
 * Storybook writes a docs page for every stories file (the `autodocs` tag in
 * `.storybook/preview.tsx`); its text is the component's JSDoc (read by react-docgen) or the
 * meta's `parameters.docs.description.component`. So:
 *   - each `packages/ui/src/components/<Name>/` has a stories file whose meta's `component` is
 *     `<Name>`, and that component is described;
 *   - each stories file of `packages/features` has a described `component`;
 *   - each island exported by a `packages/features/<capability>/islands.tsx` is named, in
 *     backticks, in one of those descriptions (where it is mounted and what it calls).
 * A new component or capability passes as soon as its stories file and description exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const UI_COMPONENTS = join(ROOT, 'packages/ui/src/components');
const FEATURES = join(ROOT, 'packages/features');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('node_modules'))
    .map((file) => join(dir, file));
}

/** The text of the JSDoc block right before `export function|const|class <name>`, if any. */
function jsdocOf(source: string, name: string): string | undefined {
  const declaration = new RegExp(
    `/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export (?:function|const|class) ${name}\\b`,
  );
  const text = declaration
    .exec(source)?.[1]
    ?.replace(/^\s*\* ?/gm, '')
    .trim();
  return text || undefined;
}

interface StoriesFile {
  file: string;
  /** The meta's `component`. */
  component?: string;
  /** What the docs page shows as the component's description. */
  description?: string;
}

/** Reads a stories file's component and the description its docs page gets. */
function readStories(file: string, read = readIfExists): StoriesFile {
  const source = read(file) ?? '';
  const component = /^\s+component: (\w+),$/m.exec(source)?.[1];
  const fromParameters = /description: \{\s*component:\s*(['"`])([\s\S]+?)\1/.exec(source)?.[2];
  let fromJsdoc: string | undefined;
  if (component) {
    const from = new RegExp(`import \\{[^}]*\\b${component}\\b[^}]*\\} from '(\\.[^']+)'`).exec(
      source,
    )?.[1];
    // A component defined in the stories file itself is described there.
    const defined = from ? read(resolve(dirname(file), from)) : source;
    fromJsdoc = defined === undefined ? undefined : jsdocOf(defined, component);
  }
  return { file, component, description: fromParameters?.trim() || fromJsdoc };
}

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

const uiStories = filesUnder(join(ROOT, 'packages/ui/src'), /\.stories\.tsx$/).map((f) =>
  readStories(f),
);
const featureStories = filesUnder(FEATURES, /\.stories\.tsx$/).map((f) => readStories(f));
const name = (file: string) => relative(ROOT, file);

describe('docs pages', () => {
  it('are generated for every stories file (autodocs in the preview, no file opts out)', () => {
    const preview = readFileSync(join(ROOT, '.storybook/preview.tsx'), 'utf8');
    expect(preview).toMatch(/^\s+tags: \[[^\]]*'autodocs'/m);
    const optedOut = [...uiStories, ...featureStories]
      .filter(({ file }) => readFileSync(file, 'utf8').includes("'!autodocs'"))
      .map(({ file }) => name(file));
    expect(optedOut).toEqual([]);
  });

  const components = readdirSync(UI_COMPONENTS).filter((dir) =>
    existsSync(join(UI_COMPONENTS, dir, `${dir}.tsx`)),
  );
  it.each(components)('UI %s has a stories file with a description', (component) => {
    const stories = uiStories.find((s) => s.component === component);
    expect(stories, `no stories file has component: ${component}`).toBeDefined();
    expect(
      stories?.description,
      `${name(stories?.file ?? '')}: describe ${component} (JSDoc or docs.description)`,
    ).toBeTruthy();
  });

  it.each(featureStories.map((s) => [name(s.file), s] as const))(
    '%s describes its component',
    (_file, stories) => {
      expect(stories.component, 'the meta names no component').toBeTruthy();
      expect(stories.description, `describe ${stories.component}`).toBeTruthy();
    },
  );

  const islands = filesUnder(FEATURES, /(^|\/)islands\.tsx$/).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^export function (\w+Island)\b/gm)].map(
      ([, island]) => [island as string, name(file)] as const,
    ),
  );
  it.each(islands)('island %s (%s) is named in a docs page', (island) => {
    const pages = featureStories.filter((s) => s.description?.includes(`\`${island}\``));
    expect(
      pages.map((s) => name(s.file)),
      `name \`${island}\` in a description`,
    ).not.toEqual([]);
  });
});

describe('the docs check itself', () => {
  it('finds no description where a component has no JSDoc and no docs.description', () => {
    const files: Record<string, string> = {
      '/x/Thing.stories.tsx':
        "import { Thing } from './Thing.tsx';\nconst meta = {\n  component: Thing,\n};",
      '/x/Thing.tsx': '// a comment is not JSDoc\nexport function Thing() {}',
    };
    const read = (path: string) => files[path];
    expect(readStories('/x/Thing.stories.tsx', read).description).toBeUndefined();
    files['/x/Thing.tsx'] = '/** What a thing is for. */\nexport function Thing() {}';
    expect(readStories('/x/Thing.stories.tsx', read).description).toBe('What a thing is for.');
  });
});
