/**
 * A match between two friends (`/match/{id}`): the lobby where vetoes and picks are made in turn,
 * each game (memorise its content, then a simple recall form per discipline), the score board
 * and the winner. The server holds the state; `match_progress` keeps this screen current, and a
 * reload reads it again whole.
 */
import {
  type DisciplineId,
  type Match,
  type MatchGamePlay,
  useChooseMatchDiscipline,
  useForfeitMatch,
  useMatch,
  usePlayMatchGame,
  useRespondToMatch,
  useSubmitMatchGame,
} from '@memoria/api';
import { Button, Dialog, TextArea, TextField } from '@memoria/ui';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSecondsLeft } from '../shared/clock.ts';
import { errorMessage } from '../shared/errors.ts';
import * as s from './duels.css.ts';
import { LoadError, Loading } from './shared.tsx';

const disciplineKey = (d: DisciplineId) =>
  `duels.ratings.discipline.${d === 'names' ? 'names_faces' : d}`;

/**
 * The whole match screen for one match: who plays whom and the score, then what the phase asks
 * of the viewer (answer the challenge, veto, pick, play the current game, wait for the friend),
 * the games so far and, at the end, the winner.
 *
 * **Use it** on the match page (`MatchIsland`, `/match/{id}`), one per match. **Don't use it** for solo training (no opponent)
 * or for the duels of the spec (`DuelArenaIsland`).
 *
 * **API calls and states.** `GET duels/matches/{id}/` (a skeleton while it loads, `Loading`; its
 * message and Retry when it fails, `LoadError`); the moves `respond/`, `veto/`, `pick/`, `play/`,
 * `submit/`, `forfeit/` (behind a confirmation dialog). Stories `Features/duels/MatchScreen`:
 * `Invited`, `Veto`, `Pick`, `Playing`, `Finished`, `Forfeited`, `LoadError`, `Spanish`,
 * `Phone`, `Dark`.
 *
 * A game runs on the server's clock (`memorize_ends_at`, `recall_ends_at`, `server_now`): each
 * phase shows its countdown; when memorise ends the recall opens, and when recall ends what was
 * typed is submitted once. A refused move or recall (the friend moved first, the time is over,
 * the connection dropped) shows the server's reason as an alert beside its buttons.
 *
 * **Accessibility.** The page's `h1` "Match" labels the match's section; the choices are buttons named by the
 * discipline; the recall fields have visible labels; the score board is a table with headers;
 * the result is a status (`role="status"`) so it is read when it appears; the game's countdown
 * is a timer, announced when the time is up; Forfeit opens a
 * modal dialog (focus trapped, Escape keeps playing) whose error is an alert.
 */
export function MatchScreen({
  matchId,
}: {
  /** The match's id (from the page's path). */
  matchId: number;
}) {
  const match = useMatch(matchId);
  // A page of its own: the frame and the h1 the layout's main area does not give.
  return (
    <div className={s.page}>
      <h1 className={s.title} id="match-title">
        <FormattedMessage id="duels.match.title" />
      </h1>
      {match.isPending ? (
        <Loading />
      ) : match.isError ? (
        <LoadError error={match.error} onRetry={() => match.refetch()} />
      ) : (
        <MatchBody match={match.data} />
      )}
    </div>
  );
}

/** What a refused move (a 409 when the friend moved first, a lost connection) says. */
function MoveError({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error) return null;
  return (
    <p className={s.banner} role="alert">
      {errorMessage(intl, error, { fallbackId: 'duels.error.action' })}
    </p>
  );
}

function MatchBody({ match }: { match: Match }) {
  const me = match.my_side === 'creator' ? match.creator : match.opponent;
  const friend = match.my_side === 'creator' ? match.opponent : match.creator;
  const myWins = match.my_side === 'creator' ? match.creator_wins : match.opponent_wins;
  const theirWins = match.my_side === 'creator' ? match.opponent_wins : match.creator_wins;
  return (
    <section className={s.section} aria-labelledby="match-title">
      <p className={s.muted}>
        <FormattedMessage
          id="duels.match.players"
          values={{ me: me.username, friend: friend.username, bestOf: match.best_of }}
        />
      </p>
      <p className={s.statValue}>
        <FormattedMessage id="duels.match.score" values={{ mine: myWins, theirs: theirWins }} />
      </p>
      <MatchPhase match={match} friend={friend.username} />
      {match.games.length > 0 ? <ScoreBoard match={match} /> : null}
      {match.status === 'active' ? (
        <ForfeitButton matchId={match.id} friend={friend.username} />
      ) : null}
    </section>
  );
}

function MatchPhase({ match, friend }: { match: Match; friend: string }) {
  const respond = useRespondToMatch();
  const choose = useChooseMatchDiscipline();
  if (match.phase === 'invited') {
    if (match.my_side === 'creator') {
      return (
        <p className={s.muted}>
          <FormattedMessage id="duels.match.waitingAnswer" values={{ friend }} />
        </p>
      );
    }
    return (
      <div className={s.actions}>
        <Button onClick={() => respond.mutate({ id: match.id, action: 'accept' })}>
          <FormattedMessage id="duels.action.accept" />
        </Button>
        <Button
          variant="secondary"
          onClick={() => respond.mutate({ id: match.id, action: 'reject' })}
        >
          <FormattedMessage id="duels.action.reject" />
        </Button>
        <MoveError error={respond.error} />
      </div>
    );
  }
  if (match.phase === 'rejected') {
    return (
      <p className={s.muted}>
        <FormattedMessage id="duels.match.rejected" />
      </p>
    );
  }
  if (match.phase === 'finished') {
    if (match.forfeited_by !== null) {
      const me = match.my_side === 'creator' ? match.creator : match.opponent;
      return (
        <p className={s.result} role="status">
          <FormattedMessage
            id="duels.match.forfeited"
            values={{ who: match.forfeited_by === me.id ? 'me' : 'friend', friend }}
          />
        </p>
      );
    }
    return (
      <p className={s.result} role="status">
        <FormattedMessage
          id="duels.match.winner"
          values={{
            outcome:
              match.winner === 'draw' ? 'draw' : match.winner === match.my_side ? 'won' : 'lost',
          }}
        />
      </p>
    );
  }
  if (match.phase === 'veto' || match.phase === 'pick') {
    const action = match.phase;
    if (match.choices.length === 0) {
      return (
        <p className={s.muted}>
          <FormattedMessage id={`duels.match.waiting.${action}`} values={{ friend }} />
        </p>
      );
    }
    return (
      <div>
        <h3 className={s.subTitle}>
          <FormattedMessage id={`duels.match.choose.${action}`} />
        </h3>
        <div className={s.actions}>
          {match.choices.map((d) => (
            <Button
              key={d}
              variant={action === 'veto' ? 'secondary' : 'primary'}
              disabled={choose.isPending}
              onClick={() => choose.mutate({ id: match.id, action, discipline: d })}
            >
              <FormattedMessage id={disciplineKey(d)} />
            </Button>
          ))}
        </div>
        <MoveError error={choose.error} />
      </div>
    );
  }
  const game = match.games.at(-1);
  const mine = game ? game[match.my_side] : null;
  if (!game || mine?.submitted) {
    return (
      <p className={s.muted}>
        <FormattedMessage id="duels.match.waiting.recall" values={{ friend }} />
      </p>
    );
  }
  return <GamePlay matchId={match.id} key={game.number} />;
}

/** The current game: open it (the clock starts), memorise, then recall. */
function GamePlay({ matchId }: { matchId: number }) {
  const play = usePlayMatchGame();
  const [opened, setOpened] = useState<{ play: MatchGamePlay; at: number } | null>(null);
  if (!opened) {
    return (
      <div className={s.actions}>
        <Button
          disabled={play.isPending}
          onClick={() =>
            play.mutate(
              { id: matchId },
              { onSuccess: (data) => setOpened({ play: data, at: Date.now() }) },
            )
          }
        >
          <FormattedMessage id="duels.match.startGame" />
        </Button>
        <MoveError error={play.error} />
      </div>
    );
  }
  return <OpenGame matchId={matchId} play={opened.play} openedAt={opened.at} />;
}

/** The seconds left of a phase as a timer, announced when the time is up. */
function GameClock({ phase, seconds }: { phase: 'memorize' | 'recall'; seconds: number }) {
  return (
    <p className={s.statValue} role="timer" aria-live={seconds === 0 ? 'polite' : 'off'}>
      <FormattedMessage id="duels.match.clock" values={{ phase, seconds }} />
    </p>
  );
}

/**
 * An opened game on the server's clock (`memorize_ends_at`, `recall_ends_at`, `server_now`):
 * memorise until "Recall now" or its deadline, then recall until Submit or its deadline.
 */
function OpenGame({
  matchId,
  play,
  openedAt,
}: {
  matchId: number;
  play: MatchGamePlay;
  openedAt: number;
}) {
  const [recalling, setRecalling] = useState<number | null>(null);
  const memorizeLeft = useSecondsLeft(play.memorize_ends_at, play.server_now);
  const recallLeft = useSecondsLeft(play.recall_ends_at, play.server_now);
  useEffect(() => {
    if (recalling === null && memorizeLeft === 0) setRecalling(Date.now() - openedAt);
  }, [recalling, memorizeLeft, openedAt]);
  if (recalling === null) {
    return (
      <div>
        <GameClock phase="memorize" seconds={memorizeLeft} />
        <GameContent play={play} />
        <div className={s.actions}>
          <Button onClick={() => setRecalling(Date.now() - openedAt)}>
            <FormattedMessage id="duels.match.recallNow" />
          </Button>
        </div>
      </div>
    );
  }
  return (
    <RecallForm matchId={matchId} play={play} memorizeMs={recalling} secondsLeft={recallLeft} />
  );
}

/**
 * Digits as the World Memory Championships lay them out: rows of 40 (the rows they score) in
 * groups of 4, so 80 or 400 digits wrap on any screen instead of running off it as one word.
 */
function digitRows(digits: string): string[] {
  const rows: string[] = [];
  for (let start = 0; start < digits.length; start += 40) {
    rows.push(
      digits
        .slice(start, start + 40)
        .match(/.{1,4}/g)
        ?.join(' ') ?? '',
    );
  }
  return rows;
}

function GameContent({ play }: { play: MatchGamePlay }) {
  const c = play.content;
  const items =
    play.discipline === 'numbers'
      ? digitRows(c.digits ?? '')
      : play.discipline === 'images'
        ? (c.sequences ?? []).map((seq) => seq.join(' '))
        : play.discipline === 'words'
          ? (c.words ?? [])
          : play.discipline === 'names'
            ? (c.faces ?? []).map((f) => `${f.first_name} ${f.last_name}`)
            : (c.cards ?? []);
  return (
    <ol className={s.list} data-testid="match-content">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items may repeat; their place is the key.
        <li key={i} className={s.digits}>
          {item}
        </li>
      ))}
    </ol>
  );
}

/** How many answers the discipline expects, and how a form's text becomes them. */
function answersOf(play: MatchGamePlay, text: string): string[] {
  const c = play.content;
  if (play.discipline === 'numbers') {
    const length = (c.digits ?? '').length;
    return Array.from({ length }, (_, i) => text.replace(/\s/g, '')[i] ?? '');
  }
  const lines = text.split('\n').map((line) => line.trim());
  if (play.discipline === 'names') {
    return (c.recall_faces ?? []).flatMap((_, i) => {
      const [first = '', ...last] = (lines[i] ?? '').split(/\s+/);
      return [first, last.join(' ')];
    });
  }
  if (play.discipline === 'images') {
    return (c.sequences ?? []).flat().map((_, i) => lines.join(' ').split(/\s+/)[i] ?? '');
  }
  const length = play.discipline === 'words' ? (c.words ?? []).length : (c.cards ?? []).length;
  return Array.from({ length }, (_, i) => lines[i] ?? '');
}

function RecallForm({
  matchId,
  play,
  memorizeMs,
  secondsLeft,
}: {
  matchId: number;
  play: MatchGamePlay;
  memorizeMs: number;
  secondsLeft: number;
}) {
  const intl = useIntl();
  const submit = useSubmitMatchGame();
  const [text, setText] = useState('');
  const label = intl.formatMessage({ id: `duels.match.recall.${play.discipline}` });
  const send = () =>
    submit.mutate({ id: matchId, answers: answersOf(play, text), memorize_ms: memorizeMs });
  // The deadline sends what stands then, once (Submit may still send again after a failure).
  const sentAtDeadline = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the deadline sends the text of that moment
  useEffect(() => {
    if (secondsLeft > 0 || sentAtDeadline.current || submit.isPending || submit.isSuccess) return;
    sentAtDeadline.current = true;
    send();
  }, [secondsLeft]);
  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <GameClock phase="recall" seconds={secondsLeft} />
      {play.discipline === 'numbers' ? (
        <TextField
          label={label}
          value={text}
          inputMode="numeric"
          autoComplete="off"
          maxLength={1000}
          onChange={(e) => setText(e.target.value)}
        />
      ) : (
        <TextArea label={label} value={text} rows={6} onChange={(e) => setText(e.target.value)} />
      )}
      <div className={s.actions}>
        <Button type="submit" disabled={submit.isPending}>
          <FormattedMessage id="duels.action.submit" />
        </Button>
        <MoveError error={submit.error} />
      </div>
    </form>
  );
}

function ScoreBoard({ match }: { match: Match }) {
  const theirSide = match.my_side === 'creator' ? 'opponent' : 'creator';
  const scoreText = (score: number | null) => (score === null ? '–' : String(score));
  return (
    <table className={s.board}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">
            <FormattedMessage id="duels.ratings.discipline" />
          </th>
          <th scope="col">
            <FormattedMessage id="duels.match.board.mine" />
          </th>
          <th scope="col">
            <FormattedMessage id="duels.match.board.theirs" />
          </th>
          <th scope="col">
            <FormattedMessage id="duels.match.board.result" />
          </th>
        </tr>
      </thead>
      <tbody>
        {match.games.map((g) => (
          <tr key={g.number}>
            <td>{g.number}</td>
            <td>
              <FormattedMessage id={disciplineKey(g.discipline)} />
            </td>
            <td>{scoreText(g[match.my_side].score)}</td>
            <td>{scoreText(g[theirSide].score)}</td>
            <td>
              <FormattedMessage
                id="duels.match.board.outcome"
                values={{
                  outcome:
                    g.outcome === null
                      ? 'playing'
                      : g.outcome === 'draw'
                        ? 'draw'
                        : g.outcome === match.my_side
                          ? 'won'
                          : 'lost',
                }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Forfeit, behind a confirmation: the friend wins the match, and it counts as one rated loss. */
function ForfeitButton({ matchId, friend }: { matchId: number; friend: string }) {
  const [open, setOpen] = useState(false);
  const forfeit = useForfeitMatch({ onSuccess: () => setOpen(false) });
  return (
    <div className={s.actions}>
      <Button variant="text" onClick={() => setOpen(true)}>
        <FormattedMessage id="duels.match.forfeit" />
      </Button>
      {open ? (
        <Dialog
          open
          size="sm"
          onClose={() => setOpen(false)}
          title={<FormattedMessage id="duels.match.forfeit.title" />}
          description={<FormattedMessage id="duels.match.forfeit.body" values={{ friend }} />}
          actions={
            <>
              <Button variant="text" onClick={() => setOpen(false)}>
                <FormattedMessage id="duels.match.forfeit.keep" />
              </Button>
              <Button
                variant="danger"
                loading={forfeit.isPending}
                onClick={() => forfeit.mutate({ id: matchId })}
              >
                <FormattedMessage id="duels.match.forfeit.confirm" />
              </Button>
            </>
          }
        >
          {forfeit.error ? <p role="alert">{forfeit.error.message}</p> : null}
        </Dialog>
      ) : null}
    </div>
  );
}
