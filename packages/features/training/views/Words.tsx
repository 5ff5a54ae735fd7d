/** Words: a numbered list to memorise, typed back in order to recall. */
import type { TrainingAttempt } from '@memoria/api';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import * as s from '../training.css.ts';
import { type RecallProps, replaceAt } from './types.ts';

export function WordsMemorise({ attempt }: { attempt: TrainingAttempt }) {
  return (
    <ol className={s.grid}>
      {(attempt.content.words ?? []).map((word, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: words may repeat; the place is the key
        <li key={i} className={s.cell}>
          <span className={s.position}>{i + 1}</span>
          {word}
        </li>
      ))}
    </ol>
  );
}

/** One field per word in order; Enter moves to the next. */
export function WordsRecall({ answers, onChange }: RecallProps) {
  const intl = useIntl();
  const fields = useRef<(HTMLInputElement | null)[]>([]);
  return (
    <ol className={s.grid}>
      {answers.map((value, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed for the recall
        <li key={i} className={s.cell}>
          <input
            ref={(el) => {
              fields.current[i] = el;
            }}
            className={s.input}
            aria-label={intl.formatMessage({ id: 'training.words.word' }, { n: i + 1 })}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => onChange(replaceAt(answers, i, e.target.value))}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || i === answers.length - 1) return;
              e.preventDefault();
              fields.current[i + 1]?.focus();
            }}
          />
        </li>
      ))}
    </ol>
  );
}
