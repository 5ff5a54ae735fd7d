/**
 * The arena of a recall duel: `/image-duel/{duelId}` (pictures with their names) and
 * `/table-duel/{duelId}` (numbers, typed back in a grid as in Memory League). Waiting for the
 * friend, memorize (the items with the time left on the server's clock), recall (one field per
 * position, keyboard-first: Enter moves to the next field, the last one submits), submitted
 * (waiting for the friend), the result (win, lose or draw) with both scores and the correct items,
 * each with what the viewer recalled, and a request the friend rejected. While the friend's
 * connection is down the arena says so: the duel goes on and they can come back. A reload resumes
 * where the server says the duel is.
 *
 * **API calls and states**: `GET duels/image-duels/{id}/` or `GET duels/table-duels/{id}/`
 * (`Loading`, error with Retry, `Waiting`, `Countdown`, `Memorize`, `Recall`, `TimeUp`,
 * `OpponentAway`, `Submitted`, `Result`, `Lose`, `Draw`, `Cancelled`), then
 * `POST …/submit_words/` or `…/submit_numbers/`. The events stream's `duel_progress` refreshes the
 * duel, and so does the stream coming back after a drop; once submitted, the arena also reads it
 * again when the friend's recall closes (`opponent_deadline_at`), when the server ends a friend
 * who never submits.
 */
// The pictures' emoji font, served by the product itself (woff2 subsets loaded only when drawn),
// in two builds under one family name: Chromium paints no OpenType-SVG glyphs (fontsource's build
// draws blank there), so the COLRv1 build, declared last, wins where `tech(color-COLRv1)` is
// supported (Chromium, Firefox); elsewhere (Safari) its rule is dropped and the SVG build draws.
import '@fontsource/noto-color-emoji';
import '@infolektuell/noto-color-emoji';
import {
  type ImageDuel,
  type TableDuel,
  useImageDuel,
  useSubmitImageDuelWords,
  useSubmitTableDuelNumbers,
  useTableDuel,
} from '@memoria/api';
import { Button } from '@memoria/ui';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DuelSection, duelStyles as d, LoadError, Loading } from '../duels/index.ts';
import { useSecondsLeft } from '../shared/clock.ts';
import * as s from './arena.css.ts';
import {
  ArenaFrame,
  GRACE_MS,
  Mark,
  OpponentLine,
  opponentName,
  useFocusOnShow,
  useRefetchAt,
} from './shared.tsx';

type RecallDuel = ImageDuel | TableDuel;

const isImages = (duel: RecallDuel): duel is ImageDuel => 'items' in duel;

/** What the viewer recalled, as the result shows it: their answers and the server's points. */
type Recalled = { answers: string[]; points: number[] };

/**
 * What the viewer recalled at position `i`, under the item, marked right or wrong in words (not
 * in colour only) from the server's points: a picture is right with its point, a number with all
 * its digits; a number partly right says how many of its digits count.
 */
function RecalledItem({ recalled, i, full }: { recalled: Recalled; i: number; full: number }) {
  const intl = useIntl();
  const answer = recalled.answers[i] || intl.formatMessage({ id: 'duels.arena.none' });
  const points = recalled.points[i] ?? 0;
  const right = points >= full;
  return (
    <>
      <span className={d.muted}>
        <FormattedMessage id="duels.arena.yourAnswer" values={{ answer }} />
      </span>
      <Mark right={right} partly={points > 0 && !right ? { points, digits: full } : undefined} />
    </>
  );
}

/**
 * The items in order: to memorize, and in the result the correct answers with what the viewer
 * recalled (`recalled`) under each, marked by the server's points; the arena does not judge an
 * answer itself (a picture's common names count on the server).
 */
function Items({ duel, recalled }: { duel: RecallDuel; recalled?: Recalled }) {
  if (isImages(duel)) {
    return (
      <ol className={s.items}>
        {duel.items.map((item, i) => (
          <li key={item.position} className={s.item}>
            <span className={s.picture} aria-hidden="true">
              {item.picture}
            </span>
            <span>{item.word}</span>
            {recalled ? <RecalledItem recalled={recalled} i={i} full={1} /> : null}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className={s.items}>
      {duel.numbers.map((n, i) => (
        // Numbers repeat; their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i} className={recalled ? s.item : `${s.item} ${d.digits}`}>
          {recalled ? (
            <>
              <span className={d.digits}>{n}</span>
              <RecalledItem recalled={recalled} i={i} full={n.length} />
            </>
          ) : (
            n
          )}
        </li>
      ))}
    </ol>
  );
}

function RecallForm({
  duel,
  disabled,
  onSubmit,
}: {
  duel: RecallDuel;
  disabled: boolean;
  onSubmit: (answers: string[]) => void;
}) {
  const intl = useIntl();
  const count = duel.item_count;
  const [answers, setAnswers] = useState<string[]>(() => Array(count).fill(''));
  const fields = useRef<(HTMLInputElement | null)[]>([]);
  useFocusOnShow(() => fields.current[0]);
  const numbers = !isImages(duel);
  return (
    <form
      className={d.form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(answers.map((a) => a.trim()));
      }}
    >
      <div className={numbers ? s.digitGrid : s.items}>
        {answers.map((value, i) => (
          <input
            // Positions are fixed for the whole recall.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            ref={(el) => {
              fields.current[i] = el;
            }}
            className={numbers ? d.digits : undefined}
            aria-label={intl.formatMessage({ id: 'duels.arena.recallItem' }, { n: i + 1 })}
            value={value}
            inputMode={numbers ? 'numeric' : 'text'}
            maxLength={numbers ? 6 : 100}
            autoComplete="off"
            onChange={(e) => {
              const text = numbers ? e.target.value.replace(/\D/g, '') : e.target.value;
              setAnswers((a) => a.map((x, j) => (j === i ? text : x)));
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || i === count - 1) return;
              e.preventDefault();
              fields.current[i + 1]?.focus();
            }}
          />
        ))}
      </div>
      <div className={d.actions}>
        <Button type="submit" disabled={disabled}>
          <FormattedMessage id="duels.action.submit" />
        </Button>
      </div>
    </form>
  );
}

/**
 * The arena of an image or numbers duel, as the duel stands for the viewer: `ImageArena`
 * (`/image-duel/{duelId}`, pictures with their names) and `TableArena` (`/table-duel/{duelId}`,
 * numbers typed back in a grid as in Memory League) load the duel and show this view, chosen by
 * `DuelArena` in `DuelArenaIsland` (inside the Premium gate of the `duels` feature). Memorize the
 * items in order, recall them, then the result.
 *
 * **Use it** for the recall duels (`images` and `table`). **Don't use it** for the question duels
 * (`QuizArenaView`) or to set a duel up (`DuelSetup`).
 *
 * **API calls and states.** `GET duels/image-duels/{id}/` or `GET duels/table-duels/{id}/` (while
 * it loads a skeleton, a failed read its message with Retry, both in `ImageArena` and
 * `TableArena`); each answer is one state, timed on the server's clock and read again when a phase
 * ends:
 * - Waiting for the friend (`Waiting`); the request rejected (`Cancelled`); "Get ready…" and 3-2-1
 *   before the items (`Countdown`).
 * - Memorize: the pictures with their names (`MemorizePictures`) or the numbers
 *   (`MemorizeNumbers`), with the time left.
 * - Recall: one field per position (`RecallNumbers`, `RecallPictures`); at 0 the form takes no
 *   submission (`TimeUp`).
 * - Submitted, waiting for the friend (`Submitted`); the result, won, lost or drawn, with both
 *   scores and each correct item with what the viewer recalled under it, the server's score
 *   deciding which count (`Result`, `Lose`, `Draw`; an image duel's pictures with the names
 *   recalled: `ImageResult`).
 * - The friend's events stream dropped: the arena says so and the duel goes on (`OpponentAway`).
 *   Submit sends `POST duels/image-duels/{id}/submit_words/` or
 *   `POST duels/table-duels/{id}/submit_numbers/`; a failure shows its message under the arena.
 *
 * **Accessibility.** The duel's name is the page's `h1` and the phase ("Memorize, in order", "Get
 * ready…") an `h2`. The recall is keyboard-first: the first field takes the focus when it shows,
 * each is named "Item N", Enter moves to the next field and on the last one submits; number fields
 * take digits only. The pictures are decorative (`aria-hidden`), their names are the text. The
 * countdown is a polite `role="timer"`; the waiting, submitted and result lines are `role="status"`
 * and the friend's line a polite live region, so each change is announced; a failed submission is
 * `role="alert"`. A link goes back to the duels.
 */
export function RecallArenaView({
  duel,
  myId,
  onSubmit,
  sending = false,
  error = null,
}: {
  /** The duel as the server last answered (`GET duels/image-duels/{id}/` or `table-duels`). */
  duel: RecallDuel;
  /** The signed-in user: which side of the duel is the viewer's. */
  myId: number | undefined;
  /** The recalled items, in order, trimmed. */
  onSubmit: (answers: string[]) => void;
  /** The answers are on their way: Submit is disabled. */
  sending?: boolean;
  /** The submission's failure, shown under the arena. */
  error?: unknown;
}) {
  const opponent = opponentName(duel, myId);
  const phase = duel.my_phase;
  const seconds = useSecondsLeft(phaseEnd(duel), duel.server_now);
  let body: React.ReactNode;
  if (duel.status === 'cancelled') {
    body = (
      <p role="status">
        <FormattedMessage id="duels.arena.cancelled" values={{ username: opponent }} />
      </p>
    );
  } else if (phase === 'waiting') {
    body = (
      <p role="status">
        <FormattedMessage id="duels.arena.waiting" values={{ username: opponent }} />
      </p>
    );
  } else if (phase === 'countdown') {
    body = (
      <div className={s.statusLine}>
        <h2 className={d.sectionTitle}>
          <FormattedMessage id="duels.arena.countdown" />
        </h2>
        <p className={d.result} role="timer" aria-live="polite">
          {Math.max(1, seconds ?? 1)}
        </p>
      </div>
    );
  } else if (phase === 'memorize' || phase === 'recall') {
    body = (
      <>
        <div className={s.statusLine}>
          <h2 className={d.sectionTitle}>
            <FormattedMessage
              id={phase === 'memorize' ? 'duels.arena.memorize' : 'duels.arena.recall'}
            />
          </h2>
          {seconds !== null ? (
            <span>
              {seconds === 0 ? (
                <FormattedMessage id="duels.arena.timeUp" />
              ) : (
                <FormattedMessage id="duels.arena.timeLeft" values={{ seconds }} />
              )}
            </span>
          ) : null}
        </div>
        {phase === 'memorize' ? (
          <Items duel={duel} />
        ) : (
          <RecallForm duel={duel} disabled={sending || seconds === 0} onSubmit={onSubmit} />
        )}
      </>
    );
  } else if (phase === 'submitted') {
    body = (
      <p role="status">
        <FormattedMessage id="duels.arena.submitted" values={{ username: opponent }} />
      </p>
    );
  } else {
    const mine = duel.results.find((r) => r.user.id === myId);
    const theirs = duel.results.find((r) => r.user.id !== myId);
    body = (
      <>
        <p className={d.result} role="status">
          <FormattedMessage
            id={`duels.arena.result.${duel.result}`}
            values={{ username: opponent }}
          />
        </p>
        <p className={d.muted}>
          <FormattedMessage
            id="duels.arena.scores"
            values={{ mine: mine?.score ?? 0, theirs: theirs?.score ?? 0, username: opponent }}
          />
        </p>
        <DuelSection id="duel-answers" titleId="duels.arena.answers">
          <p className={d.muted}>
            <FormattedMessage
              id={isImages(duel) ? 'duels.arena.scoring.images' : 'duels.arena.scoring.table'}
            />
          </p>
          <Items
            duel={duel}
            recalled={{ answers: mine?.answers ?? [], points: mine?.item_points ?? [] }}
          />
        </DuelSection>
      </>
    );
  }
  const theirs = duel.results.find((r) => r.user.id !== myId);
  return (
    <ArenaFrame title={duel.name} error={error}>
      {duel.status === 'in_progress' ? (
        <OpponentLine
          username={opponent}
          connected={duel.opponent_connected}
          finished={theirs?.submitted ?? false}
        />
      ) : null}
      {body}
    </ArenaFrame>
  );
}

/**
 * When the current phase ends on the server's clock: the countdown ends where memorizing starts
 * (its end minus the view time), memorize and recall at their own deadlines.
 */
function phaseEnd(duel: RecallDuel): string | null {
  if (duel.my_phase === 'countdown' && duel.memorize_ends_at) {
    return new Date(Date.parse(duel.memorize_ends_at) - duel.view_time * 1000).toISOString();
  }
  if (duel.my_phase === 'memorize') return duel.memorize_ends_at;
  if (duel.my_phase === 'recall') return duel.recall_ends_at;
  return null;
}

/**
 * Asks the server again once the current phase's deadline (and, for the recall, the grace)
 * passed; and once submitted, when the friend's recall closes (`opponent_deadline_at` and the
 * grace): the server then ends a friend who never submits, and the result shows even if their
 * progress event was lost with the connection.
 */
function useRefetchAfter(duel: RecallDuel | undefined, refetch: () => unknown) {
  const serverNow = duel?.server_now ?? '';
  const deadline = duel ? phaseEnd(duel) : null;
  useRefetchAt(deadline, serverNow, refetch, duel?.my_phase === 'recall' ? GRACE_MS : 0);
  const waitingFor =
    duel?.status === 'in_progress' && duel.my_phase === 'submitted'
      ? duel.opponent_deadline_at
      : null;
  useRefetchAt(waitingFor, serverNow, refetch, GRACE_MS);
}

/** `/image-duel/{duelId}`. */
export function ImageArena({ duelId, myId }: { duelId: number; myId: number | undefined }) {
  const duel = useImageDuel(duelId);
  const submit = useSubmitImageDuelWords();
  useRefetchAfter(duel.data, duel.refetch);
  if (duel.isPending) return <Loading />;
  if (duel.isError) return <LoadError error={duel.error} onRetry={() => duel.refetch()} />;
  return (
    <RecallArenaView
      duel={duel.data}
      myId={myId}
      sending={submit.isPending}
      error={submit.error}
      onSubmit={(words) => submit.mutate({ id: duelId, words })}
    />
  );
}

/** `/table-duel/{duelId}`. */
export function TableArena({ duelId, myId }: { duelId: number; myId: number | undefined }) {
  const duel = useTableDuel(duelId);
  const submit = useSubmitTableDuelNumbers();
  useRefetchAfter(duel.data, duel.refetch);
  if (duel.isPending) return <Loading />;
  if (duel.isError) return <LoadError error={duel.error} onRetry={() => duel.refetch()} />;
  return (
    <RecallArenaView
      duel={duel.data}
      myId={myId}
      sending={submit.isPending}
      error={submit.error}
      onSubmit={(numbers) => submit.mutate({ id: duelId, numbers })}
    />
  );
}
