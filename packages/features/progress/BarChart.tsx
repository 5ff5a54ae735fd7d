/**
 * A bar chart drawn by uPlot (a maintained canvas chart library of about 20 KB gzipped, within
 * the app page's JS budget). The numbers are also in a visually hidden table for screen readers.
 */
import { VisuallyHidden } from '@memoria/ui';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import * as s from './progress.css.ts';

export interface Bar {
  label: string;
  value: number;
}

export function BarChart({ bars, caption }: { bars: Bar[]; caption: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    // Without a 2D canvas (an old or test DOM) the table below still carries the numbers.
    if (!el?.ownerDocument.createElement('canvas').getContext('2d')) return;
    const xs = bars.map((_, i) => i);
    const plot = new uPlot(
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
            paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [xs, bars.map((b) => b.value)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 180 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
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
