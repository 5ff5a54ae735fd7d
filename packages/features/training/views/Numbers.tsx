/** Numbers: the digits in rows to memorise, and a digit grid typed row by row to recall. */
import type { TrainingAttempt } from '@memoria/api';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import * as s from '../training.css.ts';
import { type RecallProps, replaceAt } from './types.ts';

function rowsOf<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

const rowLength = (attempt: TrainingAttempt) => attempt.content.row_length ?? 40;

/** The digits in rows of `row_length`, in groups of four so the eye keeps its place. */
export function NumbersMemorise({ attempt }: { attempt: TrainingAttempt }) {
  const digits = [...(attempt.content.digits ?? '')];
  return (
    <div className={s.digitRows}>
      {rowsOf(digits, rowLength(attempt)).map((row, r) => (
        // Rows are fixed for the attempt.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={r} className={s.digitRow}>
          {rowsOf(row, 4).map((group, g) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span key={g}>{group.join('')}</span>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * One field per digit, row by row: a digit fills the field and moves on, Backspace clears and
 * goes back, the arrows move (up and down by a row), Enter submits. Touch keyboards that send no key still fill
 * a field through its input.
 */
export function NumbersRecall({ attempt, answers, onChange, onSubmit }: RecallProps) {
  const intl = useIntl();
  const fields = useRef<(HTMLInputElement | null)[]>([]);
  const width = rowLength(attempt);
  const focus = (i: number) =>
    fields.current[Math.max(0, Math.min(answers.length - 1, i))]?.focus();
  const onKeyDown = (i: number, e: React.KeyboardEvent<HTMLInputElement>) => {
    const move: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -width,
      ArrowDown: width,
    };
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      onChange(replaceAt(answers, i, e.key));
      focus(i + 1);
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      if (answers[i]) onChange(replaceAt(answers, i, ''));
      else if (i > 0) {
        onChange(replaceAt(answers, i - 1, ''));
        focus(i - 1);
      }
    } else if (e.key === 'Enter') {
      // A keyboard user submits from where they are instead of tabbing through every digit.
      e.preventDefault();
      onSubmit?.();
    } else if (move[e.key] !== undefined) {
      e.preventDefault();
      focus(i + (move[e.key] ?? 0));
    }
  };
  const positions = answers.map((_, i) => i);
  return (
    <div className={s.digitRows}>
      {rowsOf(positions, width).map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for the attempt
        <div key={r} className={s.digitRow}>
          {row.map((i) => (
            <input
              key={i}
              ref={(el) => {
                fields.current[i] = el;
              }}
              className={s.digit}
              aria-label={intl.formatMessage({ id: 'training.numbers.digit' }, { n: i + 1 })}
              inputMode="numeric"
              autoComplete="off"
              value={answers[i] ?? ''}
              onKeyDown={(e) => onKeyDown(i, e)}
              onChange={(e) => {
                const digit = e.target.value.replace(/\D/g, '').slice(-1);
                onChange(replaceAt(answers, i, digit));
                if (digit) focus(i + 1);
              }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
