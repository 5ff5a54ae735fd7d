/**
 * The deck's plan (issue 43): the simulator's daily reviews and minutes over 30, 90 or 365 days,
 * a retention slider, "Help me decide" (the suggested retention and the retention curve), the
 * exam date with its daily cost shown before saving, and postpone/advance with undo.
 */
import {
  type RescheduleResult,
  useRescheduleCards,
  useSetDeckExam,
  useUndoReschedule,
  useWorkload,
  type Workload,
} from '@memoria/api';
import { Button, Dialog, Skeleton, Snackbar, TextField } from '@memoria/ui';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { errorText } from './errors.ts';
import * as s from './plan.css.ts';

const PERIODS = [30, 90, 365] as const;

export interface WorkloadPlanDialogProps {
  /** The deck planned. */
  deckId: number;
  /** Whether the dialog shows. */
  open: boolean;
  /** Called on Close and Escape. */
  onClose: () => void;
}

/**
 * The plan of one deck's study: reviews and minutes a day over 30, 90 or 365 days, the desired
 * retention to try, "Help me decide", an exam date and postponing or advancing reviews.
 *
 * **Use it** from the deck page's Plan button. **Don't use it** for the learner's history (that is
 * My progress) or for the deck's settings (the Options dialog).
 *
 * **Accessibility.** The chart has a table for screen readers; the retention slider and the
 * period choice are labelled controls; results of postpone and advance are announced with Undo.
 *
 * **API calls and states.** `POST space-repetition/workload/` per period, retention and exam date
 * tried (`ThirtyDays`, `HelpMeDecide`); pending: a skeleton (`Loading`); failure: the error with
 * Retry (`LoadError`); nothing to review in the period: `Empty`. `PUT desks/{id}/exam/`,
 * `POST reschedule/` and `POST reschedule/{id}/undo/`.
 */
export function WorkloadPlanDialog({ deckId, open, onClose }: WorkloadPlanDialogProps) {
  const intl = useIntl();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [retention, setRetention] = useState<number | null>(null);
  /** The exam date typed but not saved (undefined: the deck's own). */
  const [examDraft, setExamDraft] = useState<string | undefined>(undefined);
  const [helping, setHelping] = useState(false);
  const workload = useWorkload({
    days,
    desk_id: deckId,
    ...(retention === null ? {} : { desired_retention: retention }),
    ...(examDraft === undefined ? {} : { exam_date: examDraft || null }),
  });
  const data = workload.data;
  const shownRetention = retention ?? data?.desired_retention ?? 0.9;
  const sliderId = useId();

  let body: React.ReactNode;
  if (workload.isPending) {
    body = (
      <Skeleton
        variant="rect"
        height={220}
        label={intl.formatMessage({ id: 'decks.plan.loading' })}
      />
    );
  } else if (workload.isError && !data) {
    body = (
      <LoadFailure
        messageId="decks.plan.loadFailed"
        retryId="decks.plan.retry"
        onRetry={() => void workload.refetch()}
      />
    );
  } else if (data) {
    body = (
      <>
        <fieldset
          className={s.periods}
          aria-label={intl.formatMessage({ id: 'decks.plan.period' })}
        >
          {PERIODS.map((period) => (
            <Button
              key={period}
              size="sm"
              variant={period === days ? 'primary' : 'secondary'}
              aria-pressed={period === days}
              onClick={() => setDays(period)}
            >
              <FormattedMessage id="decks.plan.days" values={{ count: period }} />
            </Button>
          ))}
        </fieldset>
        <WorkloadChart workload={data} />
        <div className={s.field}>
          <label htmlFor={sliderId}>
            <FormattedMessage
              id="decks.plan.retention"
              values={{ percent: Math.round(shownRetention * 100) }}
            />
          </label>
          <input
            id={sliderId}
            type="range"
            min={0.7}
            max={0.97}
            step={0.01}
            value={shownRetention}
            onChange={(event) => setRetention(Number(event.target.value))}
          />
        </div>
        <Button
          variant="text"
          size="sm"
          aria-expanded={helping}
          onClick={() => setHelping((h) => !h)}
        >
          <FormattedMessage id="decks.plan.help" />
        </Button>
        {helping ? <RetentionHelp workload={data} onUse={(value) => setRetention(value)} /> : null}
        <ExamDate
          deckId={deckId}
          saved={data.exam_date}
          draft={examDraft}
          onDraft={setExamDraft}
          minutesPerDay={data.minutes_per_day}
        />
        <Reschedule deckId={deckId} />
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={<FormattedMessage id="decks.plan.title" />}
      description={<FormattedMessage id="decks.plan.description" />}
      actions={
        <Button variant="text" onClick={onClose}>
          <FormattedMessage id="decks.action.close" />
        </Button>
      }
    >
      <div className={s.plan}>{body}</div>
    </Dialog>
  );
}

/** Reviews a day as bars, with the minutes in words (and a table for screen readers). */
function WorkloadChart({ workload }: { workload: Workload }) {
  const intl = useIntl();
  const { days } = workload;
  if (days.every((day) => day.reviews === 0 && day.new_cards === 0)) {
    return (
      <p className={s.empty}>
        <FormattedMessage id="decks.plan.empty" />
      </p>
    );
  }
  const max = Math.max(1, ...days.map((day) => day.reviews + day.new_cards));
  const width = 600;
  const height = 140;
  const bar = width / days.length;
  const summary = intl.formatMessage(
    { id: 'decks.plan.summary' },
    {
      minutes: Math.round(workload.minutes_per_day),
      reviews: Math.round(days.reduce((sum, d) => sum + d.reviews, 0) / days.length),
      total: Math.round(workload.total_minutes / 60),
    },
  );
  return (
    <figure className={s.figure}>
      <svg viewBox={`0 0 ${width} ${height}`} className={s.chart} role="img" aria-label={summary}>
        {days.map((day, index) => {
          const h = ((day.reviews + day.new_cards) / max) * (height - 4);
          return (
            <rect
              key={day.date}
              className={s.bar}
              x={index * bar + bar * 0.1}
              y={height - h}
              width={Math.max(1, bar * 0.8)}
              height={h}
            />
          );
        })}
      </svg>
      <figcaption className={s.caption}>{summary}</figcaption>
    </figure>
  );
}

/** The suggested retention and the minutes a day at each retention of the curve. */
function RetentionHelp({ workload, onUse }: { workload: Workload; onUse: (r: number) => void }) {
  const intl = useIntl();
  const curve = workload.retention_curve;
  const width = 600;
  const height = 120;
  const maxMinutes = Math.max(1, ...curve.map((p) => p.minutes_per_day));
  const x = (r: number) => ((r - 0.7) / 0.27) * width;
  const y = (m: number) => height - (m / maxMinutes) * (height - 6) - 3;
  const points = curve.map((p) => `${x(p.desired_retention)},${y(p.minutes_per_day)}`).join(' ');
  const percent = Math.round(workload.suggested_retention * 100);
  return (
    <section className={s.help} aria-label={intl.formatMessage({ id: 'decks.plan.help' })}>
      <p>
        <FormattedMessage id="decks.plan.suggested" values={{ percent }} />
      </p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={s.chart}
        role="img"
        aria-label={intl.formatMessage({ id: 'decks.plan.curve' })}
      >
        <polyline className={s.curve} points={points} />
        <line
          className={s.marker}
          x1={x(workload.suggested_retention)}
          x2={x(workload.suggested_retention)}
          y1={0}
          y2={height}
        />
      </svg>
      <Button size="sm" variant="secondary" onClick={() => onUse(workload.suggested_retention)}>
        <FormattedMessage id="decks.plan.useSuggested" values={{ percent }} />
      </Button>
    </section>
  );
}

/** The exam date: a date typed re-simulates (its daily cost shows) before Save sends it. */
function ExamDate(props: {
  deckId: number;
  saved: string | null;
  draft: string | undefined;
  onDraft: (date: string | undefined) => void;
  minutesPerDay: number;
}) {
  const intl = useIntl();
  const save = useSetDeckExam();
  const value = props.draft ?? props.saved ?? '';
  const changed = props.draft !== undefined && (props.draft || null) !== props.saved;
  return (
    <section className={s.row}>
      <TextField
        type="date"
        label={intl.formatMessage({ id: 'decks.plan.exam' })}
        value={value}
        onChange={(event) => props.onDraft(event.target.value)}
        error={save.error ? errorText(intl, save.error) : undefined}
      />
      {changed ? (
        <p role="status">
          <FormattedMessage
            id="decks.plan.examCost"
            values={{ minutes: Math.round(props.minutesPerDay) }}
          />
        </p>
      ) : null}
      <Button
        size="sm"
        disabled={!changed || save.isPending}
        onClick={() =>
          save.mutate(
            { deckId: props.deckId, date: props.draft || null },
            { onSuccess: () => props.onDraft(undefined) },
          )
        }
      >
        <FormattedMessage id="decks.plan.examSave" />
      </Button>
    </section>
  );
}

/** Postpone due reviews or advance coming ones by some days; the snackbar undoes it. */
function Reschedule({ deckId }: { deckId: number }) {
  const intl = useIntl();
  const [days, setDays] = useState('3');
  const [done, setDone] = useState<RescheduleResult | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const move = useRescheduleCards();
  const undo = useUndoReschedule();
  const run = (kind: 'postpone' | 'advance') =>
    move.mutate(
      { kind, days: Number(days), desk_id: deckId },
      {
        onSuccess: (result) => {
          setDone(result);
          setMessage(intl.formatMessage({ id: `decks.plan.${kind}d` }, { count: result.moved }));
        },
        onError: (error) => setMessage(errorText(intl, error)),
      },
    );
  return (
    <section className={s.row}>
      <TextField
        type="number"
        min={1}
        max={365}
        label={intl.formatMessage({ id: 'decks.plan.moveDays' })}
        value={days}
        onChange={(event) => setDays(event.target.value)}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={move.isPending}
        onClick={() => run('postpone')}
      >
        <FormattedMessage id="decks.plan.postpone" />
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={move.isPending}
        onClick={() => run('advance')}
      >
        <FormattedMessage id="decks.plan.advance" />
      </Button>
      <Snackbar
        open={message !== null}
        message={message ?? ''}
        onClose={() => setMessage(null)}
        action={
          done
            ? {
                label: intl.formatMessage({ id: 'decks.plan.undo' }),
                onClick: () =>
                  undo.mutate(
                    { id: done.id },
                    {
                      onSuccess: (result) => {
                        setDone(null);
                        setMessage(
                          intl.formatMessage(
                            { id: 'decks.plan.undone' },
                            { count: result.restored },
                          ),
                        );
                      },
                    },
                  ),
              }
            : undefined
        }
      />
    </section>
  );
}
