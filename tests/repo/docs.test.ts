/**
 * Every component and island has a Storybook docs page, and every page says what a designer
 * needs (CONTRIBUTING.md, "Docs pages").
 *
 * Storybook writes a docs page for every stories file (the `autodocs` tag in
 * `.storybook/preview.tsx`). Its description is the meta's `parameters.docs.description.component`
 * or else the component's JSDoc, and its props table is what react-docgen reads from the
 * component (`typescript.reactDocgen: 'react-docgen'` in `.storybook/main.ts`); this test reads
 * both with react-docgen as Storybook does. So:
 *   - every component `@memoria/ui` exports (`packages/ui/src/index.ts`) and every component
 *     folder of `packages/ui/src/components` is the `component` of a stories file; the `…Icon`
 *     exports are listed by Foundations/Icons instead;
 *   - every island a capability exports (its `index.ts`, or its `islands.tsx`) is named, in
 *     backticks, in the description of a `packages/features` docs page;
 *   - every such page's description has the parts of the convention: a first paragraph saying
 *     what the component is for, then the labelled paragraphs `**Use it**` (with
 *     `**Don't use it**`), `**Accessibility.**` and, for feature components,
 *     `**API calls and states.**` naming at least one of the file's stories;
 *   - every prop in its props table has a description.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import {
  builtinHandlers,
  builtinResolvers,
  type Documentation,
  ERROR_CODES,
  makeFsImporter,
  parse,
} from 'react-docgen';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const UI = join(ROOT, 'packages/ui/src');
const UI_COMPONENTS = join(UI, 'components');
const FEATURES = join(ROOT, 'packages/features');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('node_modules'))
    .map((file) => join(dir, file));
}

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

const docgenCache = new Map<string, Documentation[]>();
/** The components of a file as Storybook's react-docgen plugin documents them. */
function docgen(file: string, source = readFileSync(file, 'utf8')): Documentation[] {
  let docs = docgenCache.get(file);
  if (!docs) {
    try {
      docs = parse(source, {
        resolver: new builtinResolvers.FindExportedDefinitionsResolver(),
        handlers: Object.values(builtinHandlers),
        importer: makeFsImporter(),
        filename: file,
      });
    } catch (error) {
      // A module without components (tokens, helpers), as the Storybook plugin skips it.
      if ((error as { code?: string }).code !== ERROR_CODES.MISSING_DEFINITION) throw error;
      docs = [];
    }
    docgenCache.set(file, docs);
  }
  return docs;
}

/** The value of the JavaScript string literal (quotes or backticks) starting at `from`. */
function stringLiteralAt(source: string, from: number): string | undefined {
  const quote = source[from];
  if (quote !== "'" && quote !== '"' && quote !== '`') return undefined;
  let value = '';
  for (let i = from + 1; i < source.length; i++) {
    const char = source[i];
    if (char === quote) return value;
    if (char === '\\') {
      const next = source[++i];
      value += next === 'n' ? '\n' : next;
    } else if (quote === '`' && char === '$' && source[i + 1] === '{') {
      return undefined; // an interpolated description is not read
    } else {
      value += char;
    }
  }
  return undefined;
}

interface StoriesFile {
  file: string;
  /** The meta's `component`. */
  component?: string;
  /** The file the component is defined in. */
  componentFile?: string;
  /** What the docs page shows as the component's description. */
  description?: string;
  /** The description is the meta's `parameters.docs.description.component`, not the JSDoc. */
  describedInParameters: boolean;
  /** The props table: each prop and its description. */
  props: Record<string, string>;
  /** The component is declared with parameters, so its props table should not be empty. */
  takesProps: boolean;
  /** The exported stories. */
  stories: string[];
}

/** Reads a stories file's component, the description its docs page gets and its props table. */
function readStories(file: string, read = readIfExists): StoriesFile {
  const source = read(file) ?? '';
  const component = /^\s+component: (\w+),$/m.exec(source)?.[1];
  const stories = [...source.matchAll(/^export const (\w+)\b/gm)].map(([, story]) => story ?? '');
  const parameters = /description: \{\s*component:\s*/.exec(source);
  const fromParameters = parameters
    ? stringLiteralAt(source, parameters.index + parameters[0].length)
    : undefined;
  let documentation: Documentation | undefined;
  let componentFile: string | undefined;
  let takesProps = false;
  if (component) {
    const from = new RegExp(`import \\{[^}]*\\b${component}\\b[^}]*\\} from '(\\.[^']+)'`).exec(
      source,
    )?.[1];
    // A component defined in the stories file itself is documented there.
    componentFile = from ? resolve(dirname(file), from) : file;
    const defined = from ? read(componentFile) : source;
    takesProps =
      defined !== undefined &&
      !new RegExp(`function ${component}\\(\\)|const ${component} = \\(\\) =>`).test(defined);
    documentation =
      defined === undefined
        ? undefined
        : docgen(componentFile, defined).find((doc) => doc.displayName === component);
  }
  const props = Object.fromEntries(
    Object.entries(documentation?.props ?? {}).map(([prop, { description }]) => [
      prop,
      description?.trim() ?? '',
    ]),
  );
  return {
    file,
    component,
    componentFile,
    description: fromParameters?.trim() || documentation?.description?.trim() || undefined,
    describedInParameters: parameters !== null,
    props,
    takesProps,
    stories,
  };
}

/**
 * The labelled paragraphs of the convention; each starts its line with the bold label (a JSDoc
 * may wrap a label's words onto two lines: Markdown reads the line break as a space).
 */
const LABELS = {
  use: /^\*\*Use\s+it\*\*/m,
  dontUse: /\*\*Don't\s+use\s+it\*\*/,
  accessibility: /^\*\*Accessibility\.\*\*/m,
  api: /^\*\*API\s+calls\s+and\s+states\.\*\*/m,
} as const;

/** What a description lacks of the convention; empty when it has every part. */
function missingParts(
  description: string | undefined,
  { feature, stories = [] }: { feature: boolean; stories?: string[] },
): string[] {
  if (!description) return ['a description'];
  const missing: string[] = [];
  const purpose = description.split(/^\*\*/m)[0]?.trim() ?? '';
  if (purpose.split(/\s+/).length < 6) {
    missing.push('a first paragraph saying what it is for');
  }
  if (!LABELS.use.test(description)) missing.push('**Use it** (when to use it)');
  if (!LABELS.dontUse.test(description)) missing.push("**Don't use it** (when not)");
  if (!LABELS.accessibility.test(description)) {
    missing.push('**Accessibility.** (keys, focus, what is announced)');
  }
  // Storybook's Markdown shows a code span that runs over a line break as a code block.
  const spans = description.split('`').filter((_, i) => i % 2 === 1);
  if (spans.some((span) => span.includes('\n'))) {
    missing.push(
      '`code spans` each on one line (a JSDoc line break inside one makes a code block)',
    );
  }
  if (feature) {
    const api = LABELS.api.exec(description);
    if (!api) {
      missing.push('**API calls and states.** (each call and the state, by story, it leads to)');
    } else {
      // The paragraph runs to the next labelled paragraph.
      const rest = description.slice(api.index + api[0].length);
      const section = rest.split(/^\*\*(?:Use\s+it|Accessibility)/m)[0] ?? '';
      if (!stories.some((story) => new RegExp(`\\b${story}\\b`).test(section))) {
        missing.push('**API calls and states.** naming the stories that show those states');
      }
    }
  }
  return missing;
}

const uiStories = filesUnder(UI, /\.stories\.tsx$/).map((f) => readStories(f));
const featureStories = filesUnder(FEATURES, /\.stories\.tsx$/).map((f) => readStories(f));
const name = (file: string) => relative(ROOT, file);

/** The components `@memoria/ui` exports, with the file each comes from. */
function uiExports(): { component: string; file: string }[] {
  const index = readFileSync(join(UI, 'index.ts'), 'utf8');
  const components: { component: string; file: string }[] = [];
  for (const [, names, from] of index.matchAll(/^export (\*|\{[^}]*\}) from '(\.[^']+)';/gm)) {
    const file = join(UI, from ?? '');
    const documented = docgen(file).map((doc) => doc.displayName ?? '');
    const listed =
      names === '*'
        ? documented
        : (names ?? '')
            .slice(1, -1)
            .split(',')
            .map((entry) => entry.trim())
            .filter((entry) => entry && !entry.startsWith('type '));
    for (const component of listed) {
      if (documented.includes(component)) components.push({ component, file: name(file) });
    }
  }
  return components;
}

describe('docs pages', () => {
  it('are generated for every stories file (autodocs in the preview, no file opts out)', () => {
    const preview = readFileSync(join(ROOT, '.storybook/preview.tsx'), 'utf8');
    expect(preview).toMatch(/^\s+tags: \[[^\]]*'autodocs'/m);
    const optedOut = [...uiStories, ...featureStories]
      .filter(({ file }) => readFileSync(file, 'utf8').includes("'!autodocs'"))
      .map(({ file }) => name(file));
    expect(optedOut).toEqual([]);
  });

  const folders = readdirSync(UI_COMPONENTS).filter((dir) =>
    existsSync(join(UI_COMPONENTS, dir, `${dir}.tsx`)),
  );
  const exported = uiExports();
  it('finds the components @memoria/ui exports', () => {
    // The reader above must see the exports a page is required for (docgen finds them).
    const names = exported.map((e) => e.component);
    for (const component of [...folders, 'ErrorFallback', 'VisuallyHidden', 'AppIntlProvider']) {
      expect(names).toContain(component);
    }
  });

  const uiComponents = [...new Set([...folders, ...exported.map((e) => e.component)])]
    .filter((component) => !/Icon$/.test(component))
    .sort();
  it.each(uiComponents)('UI %s has a docs page with every part', (component) => {
    const stories = uiStories.find((s) => s.component === component);
    expect(stories, `no stories file has component: ${component}`).toBeDefined();
    expect(stories?.describedInParameters, 'describe it in its JSDoc, not docs.description').toBe(
      false,
    );
    expect(
      missingParts(stories?.description, { feature: false }),
      `${name(stories?.file ?? '')}: the description of ${component} lacks`,
    ).toEqual([]);
  });

  it("lists every …Icon export of @memoria/ui on Foundations/Icons (from the module's exports)", () => {
    expect(readFileSync(join(ROOT, 'packages/ui/docs/Icons.mdx'), 'utf8')).toMatch(/^<Icons \/>$/m);
    const foundations = readFileSync(join(ROOT, 'packages/ui/docs/foundations.tsx'), 'utf8');
    expect(foundations).toContain("import * as icons from '../src/icons/icons.tsx';");
  });

  it.each(featureStories.map((s) => [name(s.file), s] as const))(
    '%s describes its component with every part',
    (_file, stories) => {
      expect(stories.component, 'the meta names no component').toBeTruthy();
      expect(stories.describedInParameters, 'describe it in its JSDoc, not docs.description').toBe(
        false,
      );
      expect(
        missingParts(stories.description, { feature: true, stories: stories.stories }),
        `the description of ${stories.component} lacks`,
      ).toEqual([]);
    },
  );

  const pages = [
    ...uiStories.filter((s) => s.component && uiComponents.includes(s.component)),
    ...featureStories,
  ];
  it.each(pages.map((s) => [name(s.file), s] as const))(
    '%s: every prop in the props table has a description',
    (_file, stories) => {
      const undescribed = Object.entries(stories.props)
        .filter(([, description]) => !description)
        .map(([prop]) => prop);
      expect(undescribed, `JSDoc for these props of ${stories.component}`).toEqual([]);
      if (stories.takesProps) {
        // A props type react-docgen cannot read (a union of object types) leaves the table empty.
        expect(
          Object.keys(stories.props),
          `react-docgen reads no props of ${stories.component}`,
        ).not.toEqual([]);
      }
    },
  );

  const islands = [
    ...filesUnder(FEATURES, /(^|\/)index\.ts$/).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(\w+Island)\b/g)].map(
        ([, island]) => [island as string, name(file)] as const,
      ),
    ),
    ...filesUnder(FEATURES, /(^|\/)islands\.tsx$/).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^export function (\w+Island)\b/gm)].map(
        ([, island]) => [island as string, name(file)] as const,
      ),
    ),
  ].filter(([island], i, all) => all.findIndex(([other]) => other === island) === i);
  it('finds the islands the capabilities export', () => {
    expect(islands.map(([island]) => island)).toEqual(
      expect.arrayContaining(['DeckListIsland', 'ProfileIsland', 'MyProgressIsland']),
    );
  });
  it.each(islands)('island %s (%s) is named in a docs page', (island) => {
    const named = featureStories.filter((s) => s.description?.includes(`\`${island}\``));
    expect(
      named.map((s) => name(s.file)),
      `name \`${island}\` in a description`,
    ).not.toEqual([]);
  });
});

describe('the docs check itself', () => {
  const complete = [
    'What a thing is for, in one sentence or more.',
    '',
    "**Use it** for things. **Don't use it** for other things.",
    '',
    '**API calls and states.** `GET /things/`: the things (`WithThings`).',
    '',
    '**Accessibility.** A list of links.',
  ].join('\n');

  it('reads the description from the JSDoc or docs.description, and the props table', () => {
    const files: Record<string, string> = {
      '/x/Thing.stories.tsx':
        "import { Thing } from './Thing.tsx';\nconst meta = {\n  component: Thing,\n};\nexport const Default = {};",
      '/x/Thing.tsx':
        '// a comment is not JSDoc\nexport function Thing({ size }: { size: number }) { return <b>{size}</b>; }',
    };
    const read = (path: string) => files[path];
    docgenCache.clear();
    expect(readStories('/x/Thing.stories.tsx', read)).toMatchObject({
      description: undefined,
      props: { size: '' },
      takesProps: true,
      stories: ['Default'],
    });
    files['/x/Thing.tsx'] =
      '/** What a thing is for. */\nexport function Thing({ size }: {\n  /** How big. */\n  size: number;\n}) { return <b>{size}</b>; }';
    docgenCache.clear();
    expect(readStories('/x/Thing.stories.tsx', read)).toMatchObject({
      description: 'What a thing is for.',
      props: { size: 'How big.' },
    });
    files['/x/Thing.stories.tsx'] = files['/x/Thing.stories.tsx']?.replace(
      'component: Thing,',
      "component: Thing,\n  parameters: { docs: { description: { component: `It's \\`x\\`:\\n\\n**Use it**` } } },",
    ) as string;
    expect(readStories('/x/Thing.stories.tsx', read)).toMatchObject({
      description: "It's `x`:\n\n**Use it**",
      describedInParameters: true,
    });
    // A component without parameters needs no props table.
    files['/x/Thing.tsx'] =
      '/** What a thing is for. */\nexport function Thing() { return <b />; }';
    docgenCache.clear();
    expect(readStories('/x/Thing.stories.tsx', read)).toMatchObject({
      props: {},
      takesProps: false,
    });
    docgenCache.clear();
  });

  it('finds each missing part of a description', () => {
    expect(missingParts(complete, { feature: true, stories: ['WithThings'] })).toEqual([]);
    expect(missingParts(complete, { feature: false })).toEqual([]);
    // A label wrapped by the JSDoc's line width is still the label.
    expect(
      missingParts(complete.replace("Don't use it", "Don't use\nit"), { feature: false }),
    ).toEqual([]);
    expect(missingParts(undefined, { feature: false })).toEqual(['a description']);
    expect(
      missingParts(complete.replace('**Accessibility.**', 'Accessibility:'), { feature: false }),
    ).toHaveLength(1);
    expect(
      missingParts(complete.replace("**Don't use it**", "Don't"), { feature: false }),
    ).toHaveLength(1);
    expect(missingParts(complete.replace('**Use it**', 'Use it'), { feature: false })).toHaveLength(
      1,
    );
    expect(
      missingParts(complete.replace('`GET /things/`', '`GET\n/things/`'), {
        feature: true,
        stories: ['WithThings'],
      }),
    ).toHaveLength(1);
    expect(missingParts(`**Use it** ${complete}`, { feature: false })).toEqual([
      'a first paragraph saying what it is for',
    ]);
    expect(
      missingParts(complete.replace('**API calls and states.**', 'Calls:'), { feature: true }),
    ).toHaveLength(1);
    expect(missingParts(complete, { feature: true, stories: ['Other'] })).toEqual([
      '**API calls and states.** naming the stories that show those states',
    ]);
  });
});
