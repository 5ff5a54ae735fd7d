/** Cards: a shuffled deck to memorise, its order rebuilt from a 52-card picker to recall. */
import type { TrainingAttempt } from '@memoria/api';
import { Button, VisuallyHidden } from '@memoria/ui';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cardText, isRed, RANKS, rankName, SUITS } from '../cards.ts';
import * as s from '../training.css.ts';
import type { RecallProps } from './types.ts';

export function CardFace({ code }: { code: string }) {
  return <span className={isRed(code) ? `${s.card} ${s.redCard}` : s.card}>{cardText(code)}</span>;
}

export function CardsMemorise({ attempt }: { attempt: TrainingAttempt }) {
  return (
    <ol className={s.cards}>
      {(attempt.content.cards ?? []).map((code) => (
        <li key={code}>
          <CardFace code={code} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The order so far, then the picker: a button per card (used ones disabled). On the picker, typing
 * a rank then a suit adds that card, and Backspace takes the last one back.
 */
export function CardsRecall({ answers, onChange }: RecallProps) {
  const intl = useIntl();
  const [rank, setRank] = useState<string | null>(null);
  const picker = useRef<HTMLFieldSetElement>(null);
  const used = new Set(answers);
  const add = (code: string) => {
    if (!used.has(code)) onChange([...answers, code]);
  };
  const undo = () => onChange(answers.slice(0, -1));
  const label = (code: string) =>
    intl.formatMessage(
      { id: 'training.cards.card' },
      {
        rank: rankName(code.slice(0, -1)),
        suit: intl.formatMessage({ id: `training.suit.${code.slice(-1)}` }),
      },
    );
  const onKeyDown = (e: React.KeyboardEvent) => {
    const key = e.key.toUpperCase();
    if (e.key === 'Backspace') {
      e.preventDefault();
      setRank(null);
      undo();
    } else if ((RANKS as readonly string[]).includes(key) || key === '1' || key === '0') {
      // "10" reads as T: the 1 waits for its 0.
      if (key === '0' && rank === '1') setRank('T');
      else if (key !== '0') setRank(key);
      e.preventDefault();
    } else if (rank && rank !== '1' && (SUITS as readonly string[]).includes(key)) {
      e.preventDefault();
      add(`${rank}${key}`);
      setRank(null);
      // The card's button is disabled now: the picker keeps the focus for the next one.
      picker.current?.focus();
    }
  };
  return (
    <>
      <p className={s.muted}>
        <FormattedMessage id="training.cards.help" />
      </p>
      <section aria-label={intl.formatMessage({ id: 'training.cards.order' })}>
        <p className={s.muted} aria-live="polite">
          <FormattedMessage id="training.cards.count" values={{ n: answers.length }} />
        </p>
        <ol className={s.cards}>
          {answers.map((code) => (
            <li key={code} aria-label={label(code)}>
              <CardFace code={code} />
            </li>
          ))}
        </ol>
      </section>
      {/* Typed cards reach the picker from any of its buttons; it keeps the focus (-1) when the
          card just picked is disabled under it. */}
      <fieldset ref={picker} className={s.picker} tabIndex={-1} onKeyDown={onKeyDown}>
        <VisuallyHidden>
          <legend>{intl.formatMessage({ id: 'training.cards.picker' })}</legend>
        </VisuallyHidden>
        {rank ? (
          <p className={s.muted} aria-live="polite">
            <FormattedMessage id="training.cards.pending" values={{ rank: rankName(rank) }} />
          </p>
        ) : null}
        {SUITS.map((suit) => (
          <div key={suit} className={s.cards}>
            {RANKS.map((r) => {
              const code = `${r}${suit}`;
              return (
                <button
                  key={code}
                  type="button"
                  className={isRed(code) ? `${s.card} ${s.redCard}` : s.card}
                  disabled={used.has(code)}
                  aria-label={label(code)}
                  onClick={() => {
                    add(code);
                    picker.current?.focus();
                  }}
                >
                  {cardText(code)}
                </button>
              );
            })}
          </div>
        ))}
      </fieldset>
      <div className={s.actions}>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={answers.length === 0}
          onClick={undo}
        >
          <FormattedMessage id="training.cards.undo" />
        </Button>
      </div>
    </>
  );
}
