/**
 * A bar chart drawn by uPlot (a maintained canvas chart library, about 21 KB gzipped). The
 * numbers are also in a visually hidden table for screen readers.
 */
import { VisuallyHidden, vars } from '@memoria/ui';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../shared/IslandRoot.tsx';
import * as s from './progress.css.ts';

export interface Bar {
  label: string;
  value: number;
}

let chartLibrary: Promise<typeof uPlot> | undefined;

/**
 * uPlot, fetched once on first use. Every app page imports the progress capability (the shell
 * runs `ProgressTracking`), so a static import would put the chart library in all of them; the
 * canvas is drawn in an effect anyway, so the server render does not change.
 */
export function loadChartLibrary(): Promise<typeof uPlot> {
  chartLibrary ??= import('uplot').then((module) => module.default);
  return chartLibrary;
}

/** A theme token's value where `el` stands (the contract's CSS variable, computed). */
function token(el: HTMLElement, ref: string): string {
  const name = /var\((--[^,)]+)/.exec(ref)?.[1];
  return name ? getComputedStyle(el).getPropertyValue(name).trim() : '';
}

/**
 * The chart's colours from the theme tokens. A canvas does not follow CSS: uPlot's defaults (and
 * `currentColor`) drew axes, ticks and labels black, unreadable on the dark theme's background.
 */
export function chartColors(el: HTMLElement) {
  return {
    labels: token(el, vars.color.textMuted),
    lines: token(el, vars.color.divider),
    bars: token(el, vars.color.primary),
    font: `12px ${token(el, vars.font.body) || 'sans-serif'}`,
  };
}

function draw(UPlot: typeof uPlot, el: HTMLElement, bars: Bar[]): uPlot {
  const colors = chartColors(el);
  // Read by the stories: which label colour the canvas was drawn with.
  el.dataset.labelColor = colors.labels;
  const axis = {
    stroke: colors.labels,
    font: colors.font,
    grid: { stroke: colors.lines, width: 1 },
    ticks: { stroke: colors.lines, width: 1 },
  };
  return new UPlot(
    {
      width: el.clientWidth || 300,
      height: 180,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, bars.length - 0.5] }, y: { range: [0, null] } },
      axes: [
        {
          ...axis,
          values: (_u, splits) => splits.map((i) => bars[i]?.label ?? ''),
          space: 40,
        },
        { ...axis, size: 40 },
      ],
      series: [
        {},
        {
          fill: colors.bars,
          stroke: colors.bars,
          paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
          points: { show: false },
        },
      ],
    },
    [bars.map((_, i) => i), bars.map((b) => b.value)],
    el,
  );
}

export function BarChart({ bars, caption }: { bars: Bar[]; caption: string }) {
  const host = useRef<HTMLDivElement>(null);
  // A switch of theme draws the chart again in the new theme's colours.
  const theme = useTheme();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes the computed colours
  useEffect(() => {
    const el = host.current;
    // Without a 2D canvas (an old or test DOM) the table below still carries the numbers.
    if (!el?.ownerDocument.createElement('canvas').getContext('2d')) return;
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let unmounted = false;
    void loadChartLibrary().then((UPlot) => {
      if (unmounted) return;
      const drawn = draw(UPlot, el, bars);
      resize = new ResizeObserver(() => drawn.setSize({ width: el.clientWidth, height: 180 }));
      resize.observe(el);
      plot = drawn;
    });
    return () => {
      unmounted = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [bars, theme]);
  return (
    <figure style={{ margin: 0 }}>
      <div ref={host} className={s.chart} aria-hidden="true" />
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>{b.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
