/** Names & Faces: faces with their names to memorise; the faces shuffled, named again to recall. */
import type { TrainingAttempt } from '@memoria/api';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import * as s from '../training.css.ts';
import { type RecallProps, replaceAt } from './types.ts';

/**
 * A face drawn by the server (SVG), shown as an image: an `img` runs no script inside the SVG.
 * Decorative: the names (or the "Face N" fields) are the text.
 */
export function Face({ svg }: { svg: string }) {
  return (
    <img
      className={s.faceImage}
      alt=""
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
    />
  );
}

export function NamesMemorise({ attempt }: { attempt: TrainingAttempt }) {
  return (
    <ol className={s.faces}>
      {(attempt.content.faces ?? []).map((face, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: faces are fixed for the attempt
        <li key={i} className={s.face}>
          <Face svg={face.svg} />
          <span>
            {face.first_name} {face.last_name}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A first and a last name field per shuffled face; Enter moves to the next field. */
export function NamesRecall({ attempt, answers, onChange }: RecallProps) {
  const intl = useIntl();
  const fields = useRef<(HTMLInputElement | null)[]>([]);
  const field = (i: number, labelId: string, n: number) => (
    <input
      ref={(el) => {
        fields.current[i] = el;
      }}
      className={s.faceInput}
      aria-label={`${intl.formatMessage({ id: labelId })}, ${intl.formatMessage({ id: 'training.names.face' }, { n })}`}
      placeholder={intl.formatMessage({ id: labelId })}
      autoComplete="off"
      spellCheck={false}
      value={answers[i] ?? ''}
      onChange={(e) => onChange(replaceAt(answers, i, e.target.value))}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || i === answers.length - 1) return;
        e.preventDefault();
        fields.current[i + 1]?.focus();
      }}
    />
  );
  return (
    <ol className={s.faces}>
      {(attempt.content.recall_faces ?? []).map((svg, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: faces are fixed for the attempt
        <li key={n} className={s.face}>
          <Face svg={svg} />
          {field(2 * n, 'training.names.first', n + 1)}
          {field(2 * n + 1, 'training.names.last', n + 1)}
        </li>
      ))}
    </ol>
  );
}
