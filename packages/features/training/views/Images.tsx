/** Images: sequences of five pictures to memorise, each put back in order to recall. */
// The pictures' emoji font, as the duel arena draws them (see `RecallArena.tsx` for the two builds).
import '@fontsource/noto-color-emoji';
import '@infolektuell/noto-color-emoji';
import type { TrainingAttempt } from '@memoria/api';
import { VisuallyHidden } from '@memoria/ui';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from '../training.css.ts';
import type { RecallProps } from './types.ts';

const SIZE = 5;

export function ImagesMemorise({ attempt }: { attempt: TrainingAttempt }) {
  return (
    <ol className={s.sequences}>
      {(attempt.content.sequences ?? []).map((sequence, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sequences are fixed for the attempt
        <li key={n} className={s.sequence}>
          <span className={s.position}>{n + 1}.</span>
          {sequence.map((picture, p) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed
            <span key={p} className={s.picture}>
              {picture}
            </span>
          ))}
        </li>
      ))}
    </ol>
  );
}

/** The answers start as the shuffled pictures, in sequences of five. */
export const imagesBlank = (attempt: TrainingAttempt) =>
  (attempt.content.shuffled_sequences ?? []).flat();

/**
 * Each sequence a row of its five pictures, to reorder: drag one onto another to swap them; or
 * select one (click, tap, or focus it) and press 1 to 5 to move it to that place; a second tap on
 * another picture of the row swaps the two.
 */
export function ImagesRecall({ answers, onChange }: RecallProps) {
  const intl = useIntl();
  const [selected, setSelected] = useState<number | null>(null);
  const dragged = useRef<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const swap = (a: number, b: number) => {
    if (a === b || Math.floor(a / SIZE) !== Math.floor(b / SIZE)) return;
    const next = [...answers];
    [next[a], next[b]] = [next[b] ?? '', next[a] ?? ''];
    onChange(next);
  };
  const sequences = Math.ceil(answers.length / SIZE);
  return (
    <>
      <p className={s.muted}>
        <FormattedMessage id="training.images.help" />
      </p>
      <ol className={s.sequences}>
        {Array.from({ length: sequences }, (_, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: sequences are fixed for the attempt
          <li key={n} className={s.sequence}>
            <span className={s.position}>{n + 1}.</span>
            <fieldset className={s.sequence}>
              <VisuallyHidden>
                <legend>
                  {intl.formatMessage({ id: 'training.images.sequence' }, { n: n + 1 })}
                </legend>
              </VisuallyHidden>
              {answers.slice(n * SIZE, n * SIZE + SIZE).map((picture, p) => {
                const i = n * SIZE + p;
                return (
                  <button
                    // biome-ignore lint/suspicious/noArrayIndexKey: a place in the row
                    key={p}
                    ref={(el) => {
                      buttons.current[i] = el;
                    }}
                    type="button"
                    draggable
                    className={selected === i ? `${s.picture} ${s.selected}` : s.picture}
                    aria-pressed={selected === i}
                    aria-label={intl.formatMessage(
                      { id: 'training.images.picture' },
                      { picture, n: p + 1 },
                    )}
                    onClick={() => {
                      if (
                        selected !== null &&
                        selected !== i &&
                        Math.floor(selected / SIZE) === n
                      ) {
                        swap(selected, i);
                        setSelected(null);
                      } else setSelected(selected === i ? null : i);
                    }}
                    onKeyDown={(e) => {
                      const place = Number(e.key);
                      if (!Number.isInteger(place) || place < 1 || place > SIZE) return;
                      e.preventDefault();
                      const target = n * SIZE + place - 1;
                      swap(i, target);
                      setSelected(target);
                      buttons.current[target]?.focus();
                    }}
                    onDragStart={(e) => {
                      dragged.current = i;
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={(e) => {
                      e.preventDefault();
                      if (dragged.current !== null) swap(dragged.current, i);
                      dragged.current = null;
                    }}
                  >
                    <span aria-hidden="true">{picture}</span>
                  </button>
                );
              })}
            </fieldset>
          </li>
        ))}
      </ol>
    </>
  );
}
