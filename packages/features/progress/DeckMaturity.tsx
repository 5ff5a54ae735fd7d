/**
 * Cards per deck by maturity (`learning-stats/`'s `decks`): one row per deck with its new,
 * learning, young and mature cards, and a bar of the four shares. Plain HTML and CSS: the table
 * is what screen readers read; the bar repeats its row's numbers for the eye and is hidden from
 * them.
 */
import type { Schemas } from '@memoria/api';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './progress.css.ts';

const KINDS = ['new', 'learning', 'young', 'mature'] as const;
type Kind = (typeof KINDS)[number];
type Counts = Record<Kind, number>;

function Bar({ counts }: { counts: Counts }) {
  const total = KINDS.reduce((sum, k) => sum + counts[k], 0);
  return (
    <span className={s.maturityBar} aria-hidden="true">
      {total === 0
        ? null
        : KINDS.map((k) =>
            counts[k] === 0 ? null : (
              <span
                key={k}
                className={s.maturityKind[k]}
                style={{ flexGrow: counts[k], flexBasis: 0 }}
              />
            ),
          )}
    </span>
  );
}

function Numbers({ counts }: { counts: Counts }) {
  const intl = useIntl();
  return KINDS.map((k) => (
    <td key={k} className={s.maturityNumber}>
      {intl.formatNumber(counts[k])}
    </td>
  ));
}

/** The per-desk table, or a pointer to Space Repetition when the learner has no deck yet. */
export function DeckMaturity({
  decks,
  labelledBy,
}: {
  decks: Schemas['DeskMaturity'][];
  /** The id of the heading that names the table. */
  labelledBy: string;
}) {
  if (decks.length === 0) {
    return (
      <p className={s.muted}>
        <FormattedMessage id="progress.desks.empty" />{' '}
        <a href="/space-repetition">
          <FormattedMessage id="progress.desks.create" />
        </a>
      </p>
    );
  }
  const totals = Object.fromEntries(
    KINDS.map((k) => [k, decks.reduce((n, d) => n + d[k], 0)]),
  ) as Counts;
  return (
    <table className={s.maturityTable} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col" className={s.maturityDeckHead}>
            <FormattedMessage id="progress.desks.desk" />
          </th>
          {KINDS.map((k) => (
            <th key={k} scope="col" className={s.maturityNumber}>
              <span className={`${s.maturitySwatch} ${s.maturityKind[k]}`} aria-hidden="true" />
              {/* Label under its colour: the bar's legend, narrow enough for a phone. */}
              <FormattedMessage id={`progress.desks.${k}`} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {decks.map((d) => (
          <tr key={d.deck_id}>
            <th scope="row" className={s.maturityDeck}>
              <a href={`/space-repetition/${d.deck_id}`} className={s.maturityName}>
                {d.deck_name}
              </a>
              <Bar counts={d} />
            </th>
            <Numbers counts={d} />
          </tr>
        ))}
      </tbody>
      {decks.length > 1 ? (
        <tfoot>
          <tr>
            <th scope="row" className={s.maturityDeck}>
              <FormattedMessage id="progress.desks.total" />
              <Bar counts={totals} />
            </th>
            <Numbers counts={totals} />
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
