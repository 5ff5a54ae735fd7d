/**
 * A bar chart drawn by uPlot (a maintained canvas chart library, about 21 KB gzipped). The
 * numbers are also in a visually hidden table for screen readers.
 */
import { VisuallyHidden } from '@memoria/ui';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
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

function draw(UPlot: typeof uPlot, el: HTMLElement, bars: Bar[]): uPlot {
  return new UPlot(
    {
      width: el.clientWidth || 300,
      height: 180,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, bars.length - 0.5] }, y: { range: [0, null] } },
      axes: [
        {
          stroke: 'currentColor',
          values: (_u, splits) => splits.map((i) => bars[i]?.label ?? ''),
          space: 40,
        },
        { stroke: 'currentColor', size: 40 },
      ],
      series: [
        {},
        {
          fill: '#1976d2',
          stroke: '#1976d2',
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
  }, [bars]);
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
