/**
 * The review island (`/space-repetition/{deckId}?study=1`): the front, reveal (Space or the
 * button), rate with the buttons or keys 1–4 (each showing its next interval as Anki does),
 * the remaining-today counter, undo (button or Ctrl/Cmd+Z) and the session-complete screen.
 * Shared read-only decks can be reviewed too; nothing here edits the deck.
 */
import { type DueCard, REVIEW_RATINGS, type ReviewRating, useDeck } from '@memoria/api';
import { Button, CheckIcon, Chip, EmptyState, Skeleton, Snackbar } from '@memoria/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DECK_ERRORS, errorMessage } from '../shared/errors.ts';
import { Gone, isNotFound } from '../shared/Gone.tsx';
import { CardsIcon } from '../shared/icons.tsx';
import { describeInterval, formatInterval } from './intervals.ts';
import { useFlushReviewQueue } from './offlineQueue.ts';
import * as s from './review.css.ts';
import { useReviewSession } from './useReviewSession.ts';

const RATING_KEYS: Record<string, ReviewRating> = {
  '1': 'again',
  '2': 'hard',
  '3': 'good',
  '4': 'easy',
};

const STATE_IDS: Record<DueCard['state'], string> = {
  new: 'deckReview.state.new',
  learning: 'deckReview.state.learning',
  review: 'deckReview.state.review',
  relearning: 'deckReview.state.relearning',
};

/** Keys typed into a field or pressed in a dialog are not review shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('dialog[open]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

function Side({ text, image, alt }: { text: string; image: string | null; alt: string }) {
  return (
    <>
      {image ? <img className={s.image} src={image} alt={alt} /> : null}
      {text ? <p className={s.side}>{text}</p> : null}
    </>
  );
}

export interface DeckReviewProps {
  /** The deck to study (from `/space-repetition/{deckId}`). */
  deckId: number;
  /** Start with the answer shown (stories). */
  initiallyRevealed?: boolean;
}

/**
 * The review session of one deck (`/space-repetition/{deckId}?study=1`), mounted by
 * `DeckReviewIsland`: the card's front, reveal, rate, the remaining-today counter, undo, and the
 * session-complete screen. Works on decks shared read-only too (nothing here edits the deck).
 *
 * **Use it** for studying one deck's due cards. **Don't use it** to browse or edit a deck's cards
 * (`DeckDetail`) or for a duel's questions (the duel arenas).
 *
 * **API calls and states.**
 * - `GET /space-repetition/desks/{id}/` and `GET /space-repetition/cards/due_cards/`. Pending:
 *   `Loading`; failure: an error with Retry (`LoadError`); no cards at all: `EmptyDeck`; nothing
 *   due now: `AllDoneForToday`; otherwise the next card, new, learning or review (`NewCard`,
 *   `LearningCard`, `ReviewCard`).
 * - Rating: `POST /space-repetition/cards/{id}/update_difficulty/` (or `repeat_same_day/`); each
 *   rating button shows its next interval once revealed (`RevealedWithIntervals`). Undo:
 *   `POST /space-repetition/cards/{id}/undo_review/`. Ratings made while offline are queued and
 *   sent from the next page that opens.
 *
 * **Accessibility.** Space reveals, keys 1–4 rate (Again, Hard, Good, Easy), Ctrl/Cmd+Z undoes; the
 * same actions are buttons, which declare their keys (`aria-keyshortcuts`) and describe the next
 * interval ("Next review in less than 10 minutes (key 1)"). Shortcuts are ignored while typing in a
 * field or inside a dialog. Each new card and each revealed answer is announced in a polite live
 * region ("Next card: … 12 remaining today.", "Answer: …"), and focus moves to the card when it was
 * on the page or on the previous card, so the keyboard never has to find it. The rating buttons are
 * a group named "How well did you remember?"; feedback (an undo, a queued rating, an error) is a
 * snackbar.
 */
export function DeckReview({ deckId, initiallyRevealed = false }: DeckReviewProps) {
  const intl = useIntl();
  useFlushReviewQueue();
  const deck = useDeck(deckId);
  const session = useReviewSession(deckId);
  const { current, revealed, reveal, rate, undo, canUndo, remaining, due, feedback } = session;
  const cardRef = useRef<HTMLElement>(null);
  const idBase = useId();
  const [live, setLive] = useState('');
  const revealedOnce = useRef(false);

  // Stories: show the answer of the first card.
  useEffect(() => {
    if (initiallyRevealed && current && !revealedOnce.current) {
      revealedOnce.current = true;
      reveal();
    }
  }, [initiallyRevealed, current, reveal]);

  // Announce each new front and each answer; keep focus in the card for keyboard users.
  // biome-ignore lint/correctness/useExhaustiveDependencies: announce on a new card or reveal only
  useEffect(() => {
    if (!current) return;
    const front = current.front || intl.formatMessage({ id: 'deckReview.imageOnly' });
    const back = current.back || intl.formatMessage({ id: 'deckReview.imageOnly' });
    setLive(
      revealed
        ? intl.formatMessage({ id: 'deckReview.announce.answer' }, { back })
        : intl.formatMessage({ id: 'deckReview.announce.card' }, { front, remaining }),
    );
    const active = document.activeElement;
    if (
      cardRef.current &&
      (active === document.body || cardRef.current.contains(active) || !active)
    ) {
      cardRef.current.focus({ preventScroll: true });
    }
  }, [current?.id, revealed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z') {
        if (!canUndo) return;
        event.preventDefault();
        void undo();
        return;
      }
      if (mod || event.altKey || event.repeat) return;
      if (event.key === ' ' || event.code === 'Space') {
        if (!revealed && current) {
          event.preventDefault();
          reveal();
        }
        return;
      }
      const rating = RATING_KEYS[event.key];
      if (rating && revealed) {
        event.preventDefault();
        rate(rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canUndo, undo, revealed, current, reveal, rate]);

  const deckName = deck.data?.name ?? '';
  const backHref = `/space-repetition/${deckId}`;

  let body: React.ReactNode;
  if (due.isPending) {
    body = (
      <Skeleton
        variant="rect"
        height={260}
        label={intl.formatMessage({ id: 'deckReview.loading' })}
      />
    );
  } else if (due.isError && !due.data && isNotFound(due.error)) {
    body = (
      <Gone
        titleId="deckReview.gone.title"
        messageId="deckReview.gone.body"
        backId="deckReview.gone.back"
        backHref="/space-repetition"
      />
    );
  } else if (due.isError && !due.data) {
    body = (
      <div role="alert" className={s.card}>
        <p className={s.side}>{errorMessage(intl, due.error, { overrides: DECK_ERRORS })}</p>
        <Button variant="secondary" onClick={() => due.refetch()}>
          <FormattedMessage id="deckReview.retry" />
        </Button>
      </div>
    );
  } else if (!current) {
    const emptyDeck = deck.data?.cards_count === 0;
    body = emptyDeck ? (
      <EmptyState
        icon={<CardsIcon size={40} />}
        title={<FormattedMessage id="deckReview.empty.title" />}
        description={<FormattedMessage id="deckReview.empty.description" />}
        action={
          <Button href={backHref}>
            <FormattedMessage id="deckReview.empty.action" />
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<CheckIcon size={40} />}
        title={<FormattedMessage id="deckReview.done.title" />}
        description={
          session.laterAt !== null && session.laterInMinutes !== null ? (
            <FormattedMessage
              id="deckReview.done.later"
              values={{
                minutes: session.laterInMinutes,
                time: intl.formatTime(session.laterAt, { hour: 'numeric', minute: '2-digit' }),
              }}
            />
          ) : (
            <FormattedMessage id="deckReview.done.description" />
          )
        }
        action={
          <Button href={backHref}>
            <FormattedMessage id="deckReview.done.action" />
          </Button>
        }
      />
    );
  } else {
    const frontAlt = intl.formatMessage({ id: 'deckReview.frontImage' });
    const backAlt = intl.formatMessage({ id: 'deckReview.backImage' });
    body = (
      <>
        <article
          ref={cardRef}
          tabIndex={-1}
          aria-roledescription={intl.formatMessage({ id: 'deckReview.cardRole' })}
          aria-label={intl.formatMessage({ id: 'deckReview.cardLabel' })}
          className={`${s.card} ${s.focusTarget}`}
          data-card-id={current.id}
        >
          <Chip
            label={intl.formatMessage({ id: STATE_IDS[current.state] })}
            color="spacedRepetition"
          />
          <Side text={current.front} image={current.front_image} alt={frontAlt} />
          {revealed ? (
            <div className={s.answer} data-testid="answer">
              <Side text={current.back} image={current.back_image} alt={backAlt} />
            </div>
          ) : null}
        </article>
        {revealed ? (
          <fieldset className={s.ratings}>
            <legend className={s.live}>
              <FormattedMessage id="deckReview.rateLabel" />
            </legend>
            {REVIEW_RATINGS.map((rating, index) => {
              // Null while the card's previews are read (useReviewSession): it still rates.
              const seconds = current.intervals?.[rating].interval_seconds ?? null;
              const label = intl.formatMessage({ id: `deckReview.rating.${rating}` });
              const descriptionId = `${idBase}-${rating}`;
              return (
                <button
                  key={rating}
                  type="button"
                  className={`${s.rateButton} ${s.rateTone[rating]}`}
                  aria-keyshortcuts={String(index + 1)}
                  aria-describedby={descriptionId}
                  onClick={() => rate(rating)}
                >
                  <span className={s.rateInterval} aria-hidden="true">
                    {seconds === null ? '\u00a0' : formatInterval(intl, seconds)}
                  </span>
                  <span className={s.rateLabel}>{label}</span>
                  <span className={s.keyHint} aria-hidden="true">
                    {index + 1}
                  </span>
                  <span id={descriptionId} hidden>
                    {seconds === null
                      ? intl.formatMessage({ id: 'deckReview.rateKey' }, { key: index + 1 })
                      : intl.formatMessage(
                          { id: 'deckReview.rateButton' },
                          { interval: describeInterval(intl, seconds), key: index + 1 },
                        )}
                  </span>
                </button>
              );
            })}
          </fieldset>
        ) : (
          <Button size="lg" fullWidth onClick={reveal} aria-keyshortcuts="Space">
            <FormattedMessage id="deckReview.reveal" />
          </Button>
        )}
        <p className={s.hint}>
          <FormattedMessage id={revealed ? 'deckReview.hint.rate' : 'deckReview.hint.reveal'} />
        </p>
      </>
    );
  }

  const feedbackText = !feedback
    ? ''
    : feedback.kind === 'queued'
      ? intl.formatMessage({ id: 'deckReview.queued' })
      : feedback.kind === 'undone'
        ? intl.formatMessage({ id: 'deckReview.undone' })
        : feedback.cause === 'undo'
          ? intl.formatMessage(
              { id: 'deckReview.undoFailed' },
              {
                reason: errorMessage(intl, feedback.error, {
                  overrides: DECK_ERRORS,
                  fallbackId: 'deckReview.error.generic',
                }),
              },
            )
          : intl.formatMessage(
              { id: 'deckReview.rateFailed' },
              {
                reason: errorMessage(intl, feedback.error, {
                  overrides: DECK_ERRORS,
                  fallbackId: 'deckReview.error.generic',
                }),
              },
            );

  return (
    <div className={s.page}>
      <div className={s.top}>
        <div>
          <Button variant="text" size="sm" href={backHref}>
            <FormattedMessage id="deckReview.back" />
          </Button>
          <h1 className={s.title}>
            {deckName ? (
              <FormattedMessage id="deckReview.title" values={{ name: deckName }} />
            ) : (
              <FormattedMessage id="deckReview.titleNoName" />
            )}
          </h1>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void undo()}
          disabled={!canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          <FormattedMessage id="deckReview.undo" />
        </Button>
      </div>
      {due.data ? (
        <ul className={s.counters} aria-label={intl.formatMessage({ id: 'deckReview.counters' })}>
          <li>
            <FormattedMessage
              id="deckReview.remaining"
              values={{
                count: remaining,
                b: (chunks) => <span className={s.counterValue}>{chunks}</span>,
              }}
            />
          </li>
          <li>
            <FormattedMessage
              id="deckReview.dueCount"
              values={{
                count: due.data.due_count,
                b: (chunks) => <span className={s.counterValue}>{chunks}</span>,
              }}
            />
          </li>
          <li>
            <FormattedMessage
              id="deckReview.newCount"
              values={{
                count: due.data.new_count,
                b: (chunks) => <span className={s.counterValue}>{chunks}</span>,
              }}
            />
          </li>
        </ul>
      ) : null}
      {body}
      <p className={s.live} aria-live="polite" aria-atomic="true">
        {live}
      </p>
      <Snackbar
        open={feedback !== null}
        message={feedbackText}
        severity={
          feedback?.kind === 'error' ? 'error' : feedback?.kind === 'queued' ? 'warning' : 'info'
        }
        onClose={session.clearFeedback}
      />
    </div>
  );
}
