/**
 * The Foundations pages' tables, generated from the theme contract (`vars`, whose keys are the
 * tokens) and the two themes' values (`tokens.ts`): a token added to the contract shows up here
 * with nothing to copy. Contrast ratios are computed with the same `contrastRatio` and pairs the
 * unit test checks.
 */
import type { CSSProperties, ReactNode } from 'react';
import * as icons from '../src/icons/icons.tsx';
import { vars } from '../src/theme/contract.css.ts';
import { CONTRAST_PAIRS, contrastRatio, UI_CONTRAST } from '../src/theme/contrast.ts';
import { type ThemeName, themes } from '../src/theme/tokens.ts';

type Group = keyof typeof vars;
const THEMES = Object.keys(themes) as ThemeName[];
const HEX = /^#[0-9a-f]{6}$/i;

/** `featureSpacedRepetition` → `Feature spaced repetition`. */
function words(key: string): string {
  const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** How a `*.css.ts` file reads the token (the CSS variable behind it is a generated hash). */
function inCode(group: Group, key: string): string {
  return key in vars[group] ? `vars.${group}.${key}` : '';
}

function keysOf(group: Group): string[] {
  return Object.keys(vars[group]);
}

function value(theme: ThemeName, group: Group, key: string): string {
  return (themes[theme][group] as Record<string, string>)[key] ?? '';
}

const cell: CSSProperties = { padding: '6px 10px', textAlign: 'left', verticalAlign: 'middle' };

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" style={cell}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 40,
        height: 24,
        borderRadius: 4,
        background: color,
        border: '1px solid #767b82',
        verticalAlign: 'middle',
        marginRight: 8,
      }}
    />
  );
}

function ratio(fg: string, bg: string): string {
  return HEX.test(fg) && HEX.test(bg) ? `${contrastRatio(fg, bg).toFixed(2)}:1` : '—';
}

/** Every colour token with its value in each theme and its contrast on that theme's background. */
export function ColorTokens() {
  return (
    <Table
      head={['Token', 'In code', ...THEMES.flatMap((t) => [`${t} value`, `${t} on background`])]}
    >
      {keysOf('color').map((key) => (
        <tr key={key}>
          <th scope="row" style={cell}>
            <code>{key}</code>
          </th>
          <td style={cell}>
            <code>{inCode('color', key)}</code>
          </td>
          {THEMES.flatMap((t) => {
            const color = value(t, 'color', key);
            return [
              <td key={`${t}-v`} style={cell}>
                <Swatch color={color} />
                <code>{color}</code>
              </td>,
              <td key={`${t}-r`} style={cell}>
                {ratio(color, themes[t].color.background)}
              </td>,
            ];
          })}
        </tr>
      ))}
    </Table>
  );
}

/** The text/background pairs the components rely on, with the WCAG minimum and both ratios. */
export function ContrastPairs() {
  return (
    <Table head={['Foreground on background', 'Minimum', ...THEMES.map((t) => `${t} (sample)`)]}>
      {CONTRAST_PAIRS.map(([fg, bg, min]) => (
        <tr key={`${fg}-${bg}`}>
          <th scope="row" style={cell}>
            <code>{fg}</code> on <code>{bg}</code>
          </th>
          <td style={cell}>
            {min}:1{min === UI_CONTRAST ? ' (controls, large text)' : ' (text)'}
          </td>
          {THEMES.map((t) => {
            const fore = themes[t].color[fg];
            const back = themes[t].color[bg];
            const r = contrastRatio(fore, back);
            return (
              <td key={t} style={cell}>
                <span
                  style={{
                    display: 'inline-block',
                    minWidth: 56,
                    padding: '2px 8px',
                    marginRight: 8,
                    borderRadius: 4,
                    background: back,
                    color: fore,
                    // A 3:1 pair is shown as large text, the size at which 3:1 is enough.
                    fontSize: min === UI_CONTRAST ? 24 : 14,
                    fontWeight: 700,
                  }}
                >
                  Aa
                </span>
                {r.toFixed(2)}:1 {r >= min ? '✓ passes' : '✗ fails'}
              </td>
            );
          })}
        </tr>
      ))}
    </Table>
  );
}

/** The spec's four feature colours with the text colour used on them. */
export function FeatureColors() {
  const onFeature = themes.light.color.onFeature;
  const features = keysOf('color').filter((k) => k.startsWith('feature'));
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      {features.map((key) => {
        const color = value('light', 'color', key);
        return (
          <figure key={key} style={{ margin: 0, width: 200 }}>
            <div
              style={{
                background: color,
                color: onFeature,
                borderRadius: 8,
                padding: 16,
                fontWeight: 700,
              }}
            >
              {words(key.replace(/^feature/, ''))}
            </div>
            <figcaption style={{ paddingTop: 4, fontSize: 13 }}>
              <code>{key}</code> <code>{color}</code>, <code>onFeature</code> on it{' '}
              {ratio(onFeature, color)} (same in both themes)
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}

/** Font families, the size scale (with a sample at each size), weights and line heights. */
export function Typography() {
  const t = themes.light;
  return (
    <>
      <Table head={['Size token', 'Value', 'Sample']}>
        {keysOf('fontSize').map((key) => (
          <tr key={key}>
            <th scope="row" style={cell}>
              <code>fontSize.{key}</code>
            </th>
            <td style={cell}>
              <code>{value('light', 'fontSize', key)}</code>
            </td>
            <td style={{ ...cell, fontSize: value('light', 'fontSize', key), lineHeight: 1.2 }}>
              Remember more, study less
            </td>
          </tr>
        ))}
      </Table>
      <Table head={['Token', 'Value', 'Sample']}>
        {keysOf('font').map((key) => (
          <tr key={key}>
            <th scope="row" style={cell}>
              <code>font.{key}</code>
            </th>
            <td style={cell}>
              <code>{value('light', 'font', key)}</code>
            </td>
            <td style={{ ...cell, fontFamily: value('light', 'font', key) }}>Spaced repetition</td>
          </tr>
        ))}
        {keysOf('fontWeight').map((key) => (
          <tr key={key}>
            <th scope="row" style={cell}>
              <code>fontWeight.{key}</code>
            </th>
            <td style={cell}>
              <code>{value('light', 'fontWeight', key)}</code>
            </td>
            <td
              style={{ ...cell, fontFamily: t.font.body, fontWeight: t.fontWeight[key as 'bold'] }}
            >
              Spaced repetition
            </td>
          </tr>
        ))}
        {keysOf('lineHeight').map((key) => (
          <tr key={key}>
            <th scope="row" style={cell}>
              <code>lineHeight.{key}</code>
            </th>
            <td style={cell}>
              <code>{value('light', 'lineHeight', key)}</code>
            </td>
            <td style={cell}>unitless, times the font size</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

/** Spacing steps drawn as bars of their own length. */
export function Spacing() {
  return (
    <Table head={['Token', 'Value', '']}>
      {keysOf('space').map((key) => (
        <tr key={key}>
          <th scope="row" style={cell}>
            <code>space.{key}</code>
          </th>
          <td style={cell}>
            <code>{value('light', 'space', key)}</code>
          </td>
          <td style={cell}>
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                height: 16,
                width: value('light', 'space', key),
                background: themes.light.color.primary,
              }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Corner radii drawn on a square. */
export function Radii() {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
      {keysOf('radius').map((key) => (
        <figure key={key} style={{ margin: 0, textAlign: 'center' }}>
          <div
            aria-hidden="true"
            style={{
              width: 72,
              height: 72,
              borderRadius: value('light', 'radius', key),
              border: `2px solid ${themes.light.color.primary}`,
            }}
          />
          <figcaption>
            <code>radius.{key}</code> <code>{value('light', 'radius', key)}</code>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

/** Each shadow on each theme's surface: elevation is the one token group that differs by theme. */
export function Elevation() {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {THEMES.map((t) => (
        <div
          key={t}
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 32,
            padding: 24,
            borderRadius: 8,
            background: themes[t].color.background,
            color: themes[t].color.text,
          }}
        >
          {keysOf('shadow').map((key) => (
            <figure
              key={key}
              style={{
                margin: 0,
                width: 180,
                padding: 16,
                borderRadius: 8,
                background: themes[t].color.surface,
                boxShadow: value(t, 'shadow', key),
              }}
            >
              <strong>
                {t} · shadow.{key}
              </strong>
              <figcaption style={{ fontSize: 12, paddingTop: 8 }}>
                <code style={{ color: 'inherit', background: 'transparent' }}>
                  {value(t, 'shadow', key)}
                </code>
              </figcaption>
            </figure>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Durations, easing, stacking order and layout sizes: values only (nothing moves in docs). */
export function MotionAndLayers() {
  const groups: Group[] = ['motion', 'zIndex', 'layout'];
  return (
    <Table head={['Token', 'Value', 'In code']}>
      {groups.flatMap((group) =>
        keysOf(group).map((key) => (
          <tr key={`${group}.${key}`}>
            <th scope="row" style={cell}>
              <code>
                {group}.{key}
              </code>
            </th>
            <td style={cell}>
              <code>{value('light', group, key)}</code>
            </td>
            <td style={cell}>
              <code>{inCode(group, key)}</code>
            </td>
          </tr>
        )),
      )}
    </Table>
  );
}

/**
 * Every icon a module exports, by the name to import it with: the design system's by default, or
 * another icon module's (the app shell's, `.storybook/docs/ShellIcons.mdx`).
 */
export function Icons({ from = icons }: { from?: Record<string, unknown> }) {
  // Every export named `…Icon` is an icon component (`createIcon` makes them and is not one).
  const entries = Object.entries(from).filter(([name]) => /Icon$/.test(name)) as [
    string,
    (props: icons.IconProps) => ReactNode,
  ][];
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
        gap: 16,
      }}
    >
      {entries.map(([name, Icon]) => (
        <figure key={name} style={{ margin: 0, display: 'grid', justifyItems: 'center', gap: 8 }}>
          <Icon size={32} />
          <figcaption>
            <code>{name}</code>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
