/** A discipline's attempts over time: score as a line, memorise time as bars, and as a table. */
import type { TrainingSummary } from '@memoria/api';
import { VisuallyHidden } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './training.css.ts';

const WIDTH = 300;
const HEIGHT = 100;
/** The newest attempts charted; older ones are in the server's history but not drawn. */
export const CHARTED = 20;

/**
 * The submitted attempts of one discipline, oldest first (at most `CHARTED`): an SVG (drawn,
 * not a chart library: a few dozen points) with the score scaled to the attempt's maximum, the
 * memorise time to the longest, and the same figures in a visually hidden table.
 */
export function HistoryChart({ attempts }: { attempts: TrainingSummary[] }) {
  const intl = useIntl();
  const played = attempts
    .filter((a) => a.score !== null)
    .sort((a, b) => a.started_at.localeCompare(b.started_at))
    .slice(-CHARTED);
  if (played.length === 0) {
    return (
      <p className={s.muted}>
        <FormattedMessage id="training.history.empty" />
      </p>
    );
  }
  const step = WIDTH / played.length;
  const longest = Math.max(1, ...played.map((a) => a.memorize_ms ?? 0));
  const y = (a: TrainingSummary) =>
    HEIGHT - ((a.score ?? 0) / Math.max(1, a.max_score)) * (HEIGHT - 4) - 2;
  const points = played.map((a, i) => `${(i + 0.5) * step},${y(a)}`).join(' ');
  const seconds = (ms: number | null) =>
    intl.formatNumber((ms ?? 0) / 1000, { maximumFractionDigits: 1 });
  return (
    <figure className={s.figure}>
      <svg
        className={s.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        {played.map((a, i) => {
          const h = ((a.memorize_ms ?? 0) / longest) * (HEIGHT / 2);
          return (
            <rect
              key={a.id}
              className={s.chartBar}
              x={i * step + step * 0.2}
              width={step * 0.6}
              y={HEIGHT - h}
              height={h}
            />
          );
        })}
        <line className={s.chartAxis} x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
        <polyline className={s.chartLine} points={points} vectorEffect="non-scaling-stroke" />
        {/* Dots as zero-length round-capped strokes: the chart stretches to its width
            (preserveAspectRatio none), which squashed circles into wide ovals; a non-scaling
            stroke stays round. */}
        {played.map((a, i) => {
          const cx = (i + 0.5) * step;
          return (
            <line
              key={a.id}
              x1={cx}
              x2={cx}
              y1={y(a)}
              y2={y(a)}
              className={s.chartDot}
              vectorEffect="non-scaling-stroke"
            />
          );
        })}
      </svg>
      <figcaption className={s.muted}>
        <FormattedMessage id="training.history.chart" values={{ n: played.length }} />
      </figcaption>
      <VisuallyHidden>
        <table>
          <thead>
            <tr>
              <th>
                <FormattedMessage id="training.history.attempt" />
              </th>
              <th>
                <FormattedMessage id="training.history.score" />
              </th>
              <th>
                <FormattedMessage id="training.history.memorize" />
              </th>
            </tr>
          </thead>
          <tbody>
            {played.map((a, i) => (
              <tr key={a.id}>
                <td>{i + 1}</td>
                <td>
                  <FormattedMessage
                    id="training.score"
                    values={{ score: a.score ?? 0, max: a.max_score }}
                  />
                </td>
                <td>{seconds(a.memorize_ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
