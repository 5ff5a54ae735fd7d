/**
 * The review island (`/space-repetition/{deckId}?study=1`): the front, reveal (Space or the
 * button), rate with the buttons or keys 1–4 (each showing its next interval as Anki does),
 * the remaining-today counter, undo (button or Ctrl/Cmd+Z) and the session-complete screen.
 * Shared read-only decks can be reviewed too; nothing here edits the deck. The session is
 * `useReviewSession`, the keys and announcements `useReviewKeys.ts`; this file renders them.
 */
import {
  type CustomStudyRequest,
  type DueCard,
  FLAG_COLORS,
  REVIEW_RATINGS,
  type ReviewRating,
  useDeck,
  useMediaResolver,
  useReviewSettings,
} from '@memoria/api';
import {
  Button,
  CheckIcon,
  Chip,
  EmptyState,
  ErrorState,
  Menu,
  Skeleton,
  Snackbar,
} from '@memoria/ui';
import type { ReactNode, RefObject } from 'react';
import { useId, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { DECK_ERRORS, errorMessage } from '../shared/errors.ts';
import { Gone, isNotFound } from '../shared/Gone.tsx';
import { CardsIcon } from '../shared/icons.tsx';
import { CardSide, type ResolveMediaUrl } from './CardSide.tsx';
import { CustomStudyBanner } from './CustomStudyBanner.tsx';
import { describeInterval, formatInterval } from './intervals.ts';
import { useFlushReviewQueue } from './offlineQueue.ts';
import { keptMedia } from './offlineStore.ts';
import * as s from './review.css.ts';
import { useKeepOfflineCards } from './useKeepOfflineCards.ts';
import { useReviewAnnouncer, useReviewKeys } from './useReviewKeys.ts';
import { type Feedback, type ReviewSession, useReviewSession } from './useReviewSession.ts';

const STATE_IDS: Record<DueCard['state'], string> = {
  new: 'deckReview.state.new',
  learning: 'deckReview.state.learning',
  review: 'deckReview.state.review',
  relearning: 'deckReview.state.relearning',
};

/** The text of a card without HTML (rows from before notes), as the review showed it then. */
function PlainSide({ text }: { text: string }) {
  return text ? <p className={s.side}>{text}</p> : null;
}

export interface DeckReviewProps {
  /** The deck to study (from `/space-repetition/{deckId}`). */
  deckId: number;
  /** Start with the answer shown (stories). */
  initiallyRevealed?: boolean;
  /** Play this custom-study session instead of the due queue (`customStudyFromQuery`). */
  customStudy?: CustomStudyRequest | null;
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
 *   `LearningCard`, `ReviewCard`). Each card type renders its sides from `front_html` and
 *   `back_html` (the CardTypes stories: `Cloze`, `TypeIn`, `Occlusion`, `Audio`, `Speech`,
 *   `MathAnswered`); a sound or image is read from `GET /space-repetition/media/{hash}/`.
 * - Rating: `POST /space-repetition/cards/{id}/update_difficulty/` (or `repeat_same_day/`); each
 *   rating button shows its next interval once revealed (`RevealedWithIntervals`). Undo:
 *   `POST /space-repetition/cards/{id}/undo_review/`. Ratings made while offline are queued and
 *   sent from the next page that opens.
 * - Custom study (`customStudy`, from the address `?study=1&custom=…`):
 *   `POST /space-repetition/custom-study/` once; its list is played under `CustomStudyBanner`
 *   (`CustomStudyCram`); a cram session's ratings carry `cram: true`; an empty list says so
 *   (`CustomStudyEmpty`), a finished one "Custom study finished".
 * - Review tools (`POST cards/{id}/bury|suspend/`, `PUT cards/{id}/flag/`, undone with
 *   `unbury|unsuspend/` or the previous flag): keys `-`, `@`, Ctrl/Cmd+1…7 or the More menu.
 *
 * **Accessibility.** Space reveals, keys 1–4 rate (Again, Hard, Good, Easy), `-` buries, `@`
 * suspends, Ctrl/Cmd+1…7 flag (the same number clears), Ctrl/Cmd+Z undoes; the
 * same actions are buttons, which declare their keys (`aria-keyshortcuts`) and describe the next
 * interval ("Next review in less than 10 minutes (key 1)"). Shortcuts are ignored while typing in a
 * field or inside a dialog. Each new card and each revealed answer is announced in a polite live
 * region ("Next card: … 12 remaining today.", "Answer: …"), and focus moves to the card when it was
 * on the page or on the previous card, so the keyboard never has to find it. The rating buttons are
 * a group named "How well did you remember?"; feedback (an undo, a queued rating, an error) is a
 * snackbar.
 */
export function DeckReview({
  deckId,
  initiallyRevealed = false,
  customStudy = null,
}: DeckReviewProps) {
  const intl = useIntl();
  useFlushReviewQueue();
  useKeepOfflineCards();
  const deck = useDeck(deckId);
  const session = useReviewSession(deckId, { customStudy });
  // One cache of media object URLs for the session: a sibling or a card shown again loads nothing.
  // The media of kept cards come from IndexedDB first: offline, a kept card's image shows.
  const resolveMediaUrl = useMediaResolver({ kept: keptMedia });
  useReviewKeys(session);
  const { live, cardRef } = useReviewAnnouncer(session, initiallyRevealed);
  const { due, feedback, canUndo, undo } = session;
  const deckName = deck.data?.name ?? '';
  const backHref = `/space-repetition/${deckId}`;

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
        <div className={s.topActions}>
          {session.current ? <MoreMenu session={session} /> : null}
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
      </div>
      {customStudy ? <CustomStudyBanner kind={customStudy.kind} cram={session.cram} /> : null}
      {due.data ? (
        <ReviewCounters
          custom={customStudy !== null}
          remaining={session.remaining}
          due={due.data.due_count}
          fresh={due.data.new_count}
        />
      ) : null}
      <ReviewBody
        session={session}
        emptyDeck={deck.data?.cards_count === 0}
        backHref={backHref}
        cardRef={cardRef}
        resolveMediaUrl={resolveMediaUrl}
      />
      <p className={s.live} aria-live="polite" aria-atomic="true">
        {live}
      </p>
      <Snackbar
        open={feedback !== null}
        message={feedbackText(intl, feedback)}
        severity={
          feedback?.kind === 'error' ? 'error' : feedback?.kind === 'queued' ? 'warning' : 'info'
        }
        onClose={session.clearFeedback}
      />
    </div>
  );
}

/** A flag's name: "Red" … "Purple". */
const flagName = (intl: IntlShape, flag: number) =>
  intl.formatMessage({ id: `deckReview.flag.${FLAG_COLORS[flag - 1] ?? 'red'}` });

/**
 * The touch way to the keyboard's tools: bury, suspend and the seven flags of the card on
 * screen, each naming its key.
 */
function MoreMenu({ session }: { session: ReviewSession }) {
  const intl = useIntl();
  const { applyTool, current } = session;
  const label = intl.formatMessage({ id: 'deckReview.more' });
  return (
    <Menu
      align="end"
      triggerClassName={s.moreTrigger}
      trigger={<span>{label}</span>}
      triggerLabel={label}
      items={[
        {
          id: 'bury',
          label: intl.formatMessage({ id: 'deckReview.tool.bury' }),
          onSelect: () => applyTool({ kind: 'bury' }),
        },
        {
          id: 'suspend',
          label: intl.formatMessage({ id: 'deckReview.tool.suspend' }),
          onSelect: () => applyTool({ kind: 'suspend' }),
        },
        ...FLAG_COLORS.map((_, index) => {
          const flag = index + 1;
          const set = current?.flag === flag;
          return {
            id: `flag-${flag}`,
            label: intl.formatMessage(
              { id: set ? 'deckReview.tool.unflag' : 'deckReview.tool.flag' },
              { name: flagName(intl, flag), key: flag },
            ),
            onSelect: () => applyTool({ kind: 'flag', flag }),
          };
        }),
      ]}
    />
  );
}

/** What a queued rating, an undo, a review tool or a failure says in the snackbar. */
function feedbackText(intl: IntlShape, feedback: Feedback): string {
  if (!feedback) return '';
  if (feedback.kind === 'queued') return intl.formatMessage({ id: 'deckReview.queued' });
  if (feedback.kind === 'undone') return intl.formatMessage({ id: 'deckReview.undone' });
  if (feedback.kind === 'tool') {
    if (feedback.tool === 'flagged') {
      return intl.formatMessage(
        { id: 'deckReview.toolDone.flagged' },
        { name: flagName(intl, feedback.flag) },
      );
    }
    if (feedback.tool === 'leech') {
      return intl.formatMessage({
        id: feedback.suspended ? 'deckReview.leech.suspended' : 'deckReview.leech.tagged',
      });
    }
    return intl.formatMessage({ id: `deckReview.toolDone.${feedback.tool}` });
  }
  const reason = errorMessage(intl, feedback.error, {
    overrides: DECK_ERRORS,
    fallbackId: 'deckReview.error.generic',
  });
  const id =
    feedback.cause === 'undo'
      ? 'deckReview.undoFailed'
      : feedback.cause === 'tool'
        ? 'deckReview.toolFailed'
        : 'deckReview.rateFailed';
  return intl.formatMessage({ id }, { reason });
}

function ReviewCounters({
  custom,
  remaining,
  due,
  fresh,
}: {
  custom: boolean;
  remaining: number;
  due: number;
  fresh: number;
}) {
  const intl = useIntl();
  const b = (chunks: ReactNode[]) => <span className={s.counterValue}>{chunks}</span>;
  return (
    <ul className={s.counters} aria-label={intl.formatMessage({ id: 'deckReview.counters' })}>
      <li>
        <FormattedMessage
          id={custom ? 'deckReview.custom.remaining' : 'deckReview.remaining'}
          values={{ count: remaining, b }}
        />
      </li>
      <li>
        <FormattedMessage id="deckReview.dueCount" values={{ count: due, b }} />
      </li>
      <li>
        <FormattedMessage id="deckReview.newCount" values={{ count: fresh, b }} />
      </li>
    </ul>
  );
}

/** The queue's state: loading, gone, failed, nothing left, or the card on screen. */
function ReviewBody({
  session,
  emptyDeck,
  backHref,
  cardRef,
  resolveMediaUrl,
}: {
  session: ReviewSession;
  emptyDeck: boolean;
  backHref: string;
  cardRef: RefObject<HTMLElement | null>;
  resolveMediaUrl: ResolveMediaUrl;
}) {
  const intl = useIntl();
  const { due, current } = session;
  if (due.isPending) {
    return (
      <Skeleton
        variant="rect"
        height={260}
        label={intl.formatMessage({ id: 'deckReview.loading' })}
      />
    );
  }
  if (due.isError && !due.data && isNotFound(due.error)) {
    return (
      <Gone
        titleId="deckReview.gone.title"
        messageId="deckReview.gone.body"
        backId="deckReview.gone.back"
        backHref="/space-repetition"
      />
    );
  }
  if (due.isError && !due.data) {
    return (
      <ErrorState
        description={errorMessage(intl, due.error, { overrides: DECK_ERRORS })}
        retryLabel={<FormattedMessage id="deckReview.retry" />}
        onRetry={() => due.refetch()}
      />
    );
  }
  if (!current) return <SessionEnd session={session} emptyDeck={emptyDeck} backHref={backHref} />;
  return (
    <ReviewCard
      session={session}
      card={current}
      cardRef={cardRef}
      resolveMediaUrl={resolveMediaUrl}
    />
  );
}

/** No card to show: an empty deck, or all done for now (with when the next one is due). */
function SessionEnd({
  session,
  emptyDeck,
  backHref,
}: {
  session: ReviewSession;
  emptyDeck: boolean;
  backHref: string;
}) {
  const intl = useIntl();
  if (session.customStudy) {
    // A session's list is all it plays: done, or nothing matched it.
    const done = session.played > 0;
    return (
      <EmptyState
        icon={done ? <CheckIcon size={40} /> : <CardsIcon size={40} />}
        title={
          <FormattedMessage
            id={done ? 'deckReview.custom.done.title' : 'deckReview.custom.empty.title'}
          />
        }
        description={
          <FormattedMessage
            id={done ? 'deckReview.custom.done.description' : 'deckReview.custom.empty.description'}
          />
        }
        action={
          <Button href={backHref}>
            <FormattedMessage id="deckReview.done.action" />
          </Button>
        }
      />
    );
  }
  if (emptyDeck) {
    return (
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
    );
  }
  const { laterAt, laterInMinutes } = session;
  return (
    <EmptyState
      icon={<CheckIcon size={40} />}
      title={<FormattedMessage id="deckReview.done.title" />}
      description={
        laterAt !== null && laterInMinutes !== null ? (
          <FormattedMessage
            id="deckReview.done.later"
            values={{
              minutes: laterInMinutes,
              time: intl.formatTime(laterAt, { hour: 'numeric', minute: '2-digit' }),
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
}

/** The card on screen, then Reveal or the four ratings. */
function ReviewCard({
  session,
  card,
  cardRef,
  resolveMediaUrl,
}: {
  session: ReviewSession;
  card: DueCard;
  cardRef: RefObject<HTMLElement | null>;
  resolveMediaUrl: ResolveMediaUrl;
}) {
  const intl = useIntl();
  const { revealed, reveal, rate } = session;
  const { autoPlay, speech } = useReviewSettings();
  // The type-in answer belongs to its card: another card starts empty.
  const [answer, setAnswer] = useState({ cardId: card.id, value: '' });
  const typed = {
    value: answer.cardId === card.id ? answer.value : '',
    onChange: (value: string) => setAnswer({ cardId: card.id, value }),
    onSubmit: reveal,
  };
  const sideProps = { typed, autoPlay, speech, resolveMediaUrl };
  // The answer of an occlusion card shows the same image uncovered: one image, not two.
  const answerHasImage = revealed && card.back_html.includes('class="occlusion"');
  return (
    <>
      <article
        ref={cardRef}
        tabIndex={-1}
        aria-roledescription={intl.formatMessage({ id: 'deckReview.cardRole' })}
        aria-label={intl.formatMessage({ id: 'deckReview.cardLabel' })}
        className={`${s.card} ${s.focusTarget}`}
        data-card-id={card.id}
      >
        <div className={s.cardChips}>
          <Chip
            label={intl.formatMessage({ id: STATE_IDS[card.state] })}
            color="spacedRepetition"
          />
          {card.flag ? (
            <span className={s.flag} data-flag={FLAG_COLORS[card.flag - 1]}>
              <FormattedMessage
                id="deckReview.flagged"
                values={{ name: flagName(intl, card.flag) }}
              />
            </span>
          ) : null}
        </div>
        {card.front_image ? (
          <img
            className={s.image}
            src={card.front_image}
            alt={intl.formatMessage({ id: 'deckReview.frontImage' })}
          />
        ) : null}
        {card.front_html ? (
          <CardSide
            {...sideProps}
            html={card.front_html}
            side="front"
            replayKey={!revealed}
            withoutAnswerBox={revealed}
            withoutOcclusion={answerHasImage}
          />
        ) : (
          <PlainSide text={card.front} />
        )}
        {revealed ? (
          <div className={s.answer} data-testid="answer">
            {card.back_image ? (
              <img
                className={s.image}
                src={card.back_image}
                alt={intl.formatMessage({ id: 'deckReview.backImage' })}
              />
            ) : null}
            {card.back_html ? (
              <CardSide {...sideProps} html={card.back_html} side="back" replayKey />
            ) : (
              <PlainSide text={card.back} />
            )}
          </div>
        ) : null}
      </article>
      {revealed ? (
        <RatingButtons card={card} onRate={rate} />
      ) : (
        <Button size="lg" fullWidth onClick={reveal} aria-keyshortcuts="Space">
          <FormattedMessage id="deckReview.reveal" />
        </Button>
      )}
      <p className={s.hint}>
        <FormattedMessage id={revealed ? 'deckReview.hint.rate' : 'deckReview.hint.reveal'} />{' '}
        <FormattedMessage id="deckReview.hint.tools" />
      </p>
    </>
  );
}

/** Again, Hard, Good and Easy, each with its key and the card's next interval. */
function RatingButtons({ card, onRate }: { card: DueCard; onRate: (r: ReviewRating) => void }) {
  const intl = useIntl();
  const idBase = useId();
  return (
    <fieldset className={s.ratings}>
      <legend className={s.live}>
        <FormattedMessage id="deckReview.rateLabel" />
      </legend>
      {REVIEW_RATINGS.map((rating, index) => {
        // Null while the card's previews are read (useReviewSession): it still rates.
        const seconds = card.intervals?.[rating].interval_seconds ?? null;
        const descriptionId = `${idBase}-${rating}`;
        return (
          <button
            key={rating}
            type="button"
            className={`${s.rateButton} ${s.rateTone[rating]}`}
            aria-keyshortcuts={String(index + 1)}
            aria-describedby={descriptionId}
            onClick={() => onRate(rating)}
          >
            <span className={s.rateInterval} aria-hidden="true">
              {seconds === null ? '\u00a0' : formatInterval(intl, seconds)}
            </span>
            <span className={s.rateLabel}>
              {intl.formatMessage({ id: `deckReview.rating.${rating}` })}
            </span>
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
  );
}
