/** The training start screen: pick a discipline and its options, see personal bests and history. */
import type {
  DisciplineId,
  DisciplineRules,
  TrainingHistory,
  TrainingStart,
  TrainingSummary,
} from '@memoria/api';
import { Button } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
import { HistoryChart } from './HistoryChart.tsx';
import * as s from './training.css.ts';

/** Whether `count` is one the discipline takes (in range, on its step). */
export function countFits(rules: DisciplineRules, count: number): boolean {
  return (
    Number.isInteger(count) &&
    count >= rules.min_count &&
    count <= rules.max_count &&
    count % rules.count_step === 0
  );
}

function BestLine({ best }: { best: TrainingSummary }) {
  const intl = useIntl();
  const scoring = best.options.scoring;
  return (
    <li className={s.row}>
      <span>
        <FormattedMessage id={`training.discipline.${best.discipline}`} />
        {scoring ? ` · ${intl.formatMessage({ id: `training.scoring.${scoring}` })}` : null}
      </span>
      <span className={s.muted}>
        <FormattedMessage
          id="training.bests.row"
          values={{
            score: best.score ?? 0,
            max: best.max_score,
            seconds: intl.formatNumber((best.memorize_ms ?? 0) / 1000, {
              maximumFractionDigits: 1,
            }),
          }}
        />
      </span>
    </li>
  );
}

/**
 * The learner's personal bests, one line per discipline (and per Numbers scoring), with the score
 * out of the maximum and the memorise time.
 *
 * **Use it** wherever the learner looks at their training (the start screen, My progress).
 * **Don't use it** for duel results (`DuelsHome`'s own results).
 *
 * **API calls and states.** None itself: `GET duels/training/`'s `personal_bests`. Stories:
 * `TrainingStartView`'s `WithHistory` and `Empty`.
 *
 * **Accessibility.** A section headed by an `h2`; each best a list item in words.
 */
export function PersonalBests({
  bests,
}: {
  /** `personal_bests` of `GET duels/training/`. */
  bests: TrainingSummary[];
}) {
  return (
    <section className={s.section} aria-labelledby="training-bests">
      <h2 id="training-bests" className={s.sectionTitle}>
        <FormattedMessage id="training.bests.title" />
      </h2>
      {bests.length === 0 ? (
        <p className={s.muted}>
          <FormattedMessage id="training.bests.empty" />
        </p>
      ) : (
        <ul className={s.list}>
          {bests.map((best) => (
            <BestLine key={best.id} best={best} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Where training starts: the five disciplines as a radio group, each with its rules (memorise and
 * recall seconds, the default count), the count for the chosen one (its range and step checked
 * before sending) and, for Numbers, the scoring (WMC rows or a point per digit); Start. Below, the
 * personal bests and the chosen discipline's history chart (score and memorise time per attempt).
 *
 * **Use it** inside `Training` (the `/training` page, mounted by `TrainingIsland`). **Don't use
 * it** to set up a duel
 * (`DuelSetup`).
 *
 * **API calls and states.** None itself: `Training` passes `GET duels/disciplines/` and
 * `GET duels/training/`, and sends `POST duels/training/` from `onStart`. Stories: `Start` (no
 * attempts yet), `WithHistory`, `NumbersOptions`, `StartError`, and their dark, Spanish and phone
 * variants (`NumbersOptionsPhoneSpanish`: the scoring's long labels wrapping at 390 px).
 *
 * **Accessibility.** The disciplines are a `fieldset` of radios (arrow keys move), and so is
 * Numbers' scoring; the count is a
 * labelled number field whose range is its hint, and an out-of-range count is named in an alert;
 * a failed start is `role="alert"`. The chart's figures are also a visually hidden table.
 */
export function TrainingStartView({
  disciplines,
  history,
  onStart,
  starting = false,
  error = null,
  initial = 'numbers',
}: {
  /** `GET duels/disciplines/`. */
  disciplines: DisciplineRules[];
  /** `GET duels/training/`, or undefined while it loads. */
  history: TrainingHistory | undefined;
  /** Start an attempt with this body (`POST duels/training/`). */
  onStart: (body: TrainingStart) => void;
  /** The start is on its way. */
  starting?: boolean;
  /** The start's failure. */
  error?: unknown;
  /** The discipline chosen at first (the last one played, when coming back). */
  initial?: DisciplineId;
}) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<DisciplineId>(initial);
  const [counts, setCounts] = useState<Partial<Record<DisciplineId, string>>>({});
  const [scoring, setScoring] = useState<'rows' | 'digits'>('rows');
  const [checked, setChecked] = useState(false);
  const rules = disciplines.find((d) => d.id === chosen) ?? disciplines[0];
  if (!rules) return null;
  const countText = counts[rules.id] ?? String(rules.default_count);
  const count = Number(countText);
  const fits = countFits(rules, count);
  const fixed = rules.min_count === rules.max_count;
  const range = { min: rules.min_count, max: rules.max_count, step: rules.count_step };
  return (
    <>
      <form
        className={s.panel}
        // The count's range is checked here and named under the field.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(true);
          if (!fits) return;
          const options: TrainingStart['options'] = fixed ? {} : { count };
          if (rules.id === 'numbers') options.scoring = scoring;
          onStart({ discipline: rules.id, options });
        }}
      >
        <fieldset className={s.disciplines}>
          <legend className={s.sectionTitle}>
            <FormattedMessage id="training.pick" />
          </legend>
          {disciplines.map((d) => (
            <label key={d.id} className={s.discipline}>
              <span className={s.disciplineName}>
                <input
                  type="radio"
                  name="discipline"
                  value={d.id}
                  checked={d.id === chosen}
                  onChange={() => {
                    setChosen(d.id);
                    setChecked(false);
                  }}
                />{' '}
                <FormattedMessage id={`training.discipline.${d.id}`} />
              </span>
              <span className={s.muted}>
                <FormattedMessage
                  id="training.rules"
                  values={{
                    memorize: d.memorize_seconds,
                    recall: d.recall_seconds,
                    count: d.default_count,
                    unit: d.unit,
                  }}
                />
              </span>
            </label>
          ))}
        </fieldset>
        {/* The server's `scoring` is English only: the rule is said in the learner's language. */}
        <p className={s.muted}>
          <FormattedMessage id={`training.scoring.rule.${rules.id}`} />
        </p>
        <div className={s.options}>
          {fixed ? null : (
            <div className={s.field}>
              <label htmlFor="training-count">
                <FormattedMessage id="training.count" values={{ unit: rules.unit }} />
              </label>
              <input
                id="training-count"
                className={s.input}
                type="number"
                inputMode="numeric"
                min={rules.min_count}
                max={rules.max_count}
                step={rules.count_step}
                value={countText}
                aria-invalid={checked && !fits}
                aria-describedby="training-count-hint"
                onChange={(e) => setCounts((c) => ({ ...c, [rules.id]: e.target.value }))}
              />
              <span
                id="training-count-hint"
                className={s.muted}
                role={checked && !fits ? 'alert' : undefined}
              >
                <FormattedMessage id="training.count.hint" values={range} />
              </span>
            </div>
          )}
          {rules.id === 'numbers' ? (
            // Radios, not a select: a select cannot wrap its options, and the WMC label is longer
            // than a phone's field in Spanish.
            <fieldset className={`${s.field} ${s.choices}`}>
              <legend>
                <FormattedMessage id="training.scoring" />
              </legend>
              {(['rows', 'digits'] as const).map((way) => (
                <label key={way} className={s.choice}>
                  <input
                    type="radio"
                    name="training-scoring"
                    value={way}
                    checked={scoring === way}
                    onChange={() => setScoring(way)}
                  />
                  <FormattedMessage id={`training.scoring.${way}`} />
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
        <div className={s.actions}>
          <Button type="submit" loading={starting} disabled={starting}>
            <FormattedMessage id="training.start" />
          </Button>
          {error ? (
            <p className={s.muted} role="alert">
              {errorMessage(intl, error, { fallbackId: 'training.error' })}
            </p>
          ) : null}
        </div>
      </form>
      {history ? (
        <>
          <PersonalBests bests={history.personal_bests} />
          <section className={s.section} aria-labelledby="training-history">
            <h2 id="training-history" className={s.sectionTitle}>
              <FormattedMessage
                id="training.history.title"
                values={{
                  discipline: intl.formatMessage({ id: `training.discipline.${rules.id}` }),
                }}
              />
            </h2>
            <HistoryChart attempts={history.attempts.filter((a) => a.discipline === rules.id)} />
          </section>
        </>
      ) : null}
    </>
  );
}
