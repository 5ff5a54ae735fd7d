/**
 * The duels home's "Matches" panel: challenge a friend to a best of 3 or 5 (`POST duels/matches/`,
 * which sends them the `match_request` notification), answer a friend's challenge, and the
 * learner's matches, each a link to `/match/{id}`.
 */
import {
  type Match,
  navigateTo,
  useCreateMatch,
  useFriends,
  useMatches,
  useRespondToMatch,
} from '@memoria/api';
import { Button, Select } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type GateTitle, PremiumModal, useFeatureAccess } from '../gate/index.ts';
import { errorMessage } from '../shared/errors.ts';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './duels.css.ts';
import { DuelSection, LoadError, Loading } from './shared.tsx';

/** A match's page, where both players play it. */
export const matchPath = (id: number) => `/match/${id}`;

const GATE_TITLE: GateTitle = 'duels';
const plan = (error: unknown) => (error as { code?: string }).code === 'plan_required';

type Values = { opponent_id: string; best_of: string };

/** The friend select, best of 3 or 5, and Challenge; success opens the match, waiting for them. */
function ChallengeForm({ onPlanRequired }: { onPlanRequired: () => void }) {
  const intl = useIntl();
  const friends = useFriends({ pageSize: 100 });
  const create = useCreateMatch();
  const form = useApiForm<Values, Match>({
    initial: { opponent_id: '', best_of: '3' },
    fields: ['opponent_id', 'best_of'],
    failedId: 'duels.matches.failed',
    validate: (values) =>
      values.opponent_id ? null : { fieldIds: { opponent_id: 'duels.matches.friend.required' } },
    submit: (values) =>
      create.mutateAsync({
        opponent_id: Number(values.opponent_id),
        best_of: values.best_of === '5' ? 5 : 3,
      }),
    onFailure: (failure) => {
      if (!plan(failure)) return false;
      onPlanRequired();
      return true;
    },
    onSuccess: (match) => navigateTo(matchPath(match.id)),
  });

  if (friends.isPending) return <Loading />;
  if (friends.isError) return <LoadError error={friends.error} onRetry={() => friends.refetch()} />;
  const friendList = friends.data.results;
  if (friendList.length === 0) {
    return (
      <p className={s.muted}>
        <a className={s.inlineLink} href="/friends">
          <FormattedMessage id="duels.setup.opponent.none" />
        </a>
      </p>
    );
  }
  return (
    <form
      className={s.form}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'duels.matches.challenge' })}
    >
      <div className={s.settingsRow}>
        <Select
          label={intl.formatMessage({ id: 'duels.matches.friend' })}
          placeholder=" "
          options={friendList.map((f) => ({ value: String(f.id), label: f.username }))}
          value={form.values.opponent_id}
          onChange={(e) => form.setValue('opponent_id', e.target.value)}
          error={form.fieldErrors.opponent_id}
        />
        <Select
          label={intl.formatMessage({ id: 'duels.matches.bestOf' })}
          options={['3', '5'].map((n) => ({
            value: n,
            label: intl.formatMessage({ id: 'duels.matches.bestOf.option' }, { n }),
          }))}
          value={form.values.best_of}
          onChange={(e) => form.setValue('best_of', e.target.value)}
          error={form.fieldErrors.best_of}
        />
      </div>
      {form.banner ? (
        <p className={s.banner} role="alert">
          {form.banner}
        </p>
      ) : null}
      <div className={s.actions}>
        <Button type="submit" loading={form.pending}>
          <FormattedMessage id="duels.matches.send" />
        </Button>
      </div>
    </form>
  );
}

/** One match: a friend's challenge with Accept and Reject, else a link to the match. */
function MatchRow({ match, onPlanRequired }: { match: Match; onPlanRequired: () => void }) {
  const intl = useIntl();
  const duels = useFeatureAccess('duels');
  const respond = useRespondToMatch({
    onSuccess: (answered) => {
      if (answered.phase !== 'rejected') navigateTo(matchPath(answered.id));
    },
    onError: (error) => {
      if (plan(error)) onPlanRequired();
    },
  });
  const friend = match.my_side === 'creator' ? match.opponent : match.creator;
  const values = { username: friend.username, bestOf: match.best_of };
  const challenged = match.phase === 'invited' && match.my_side === 'opponent';
  return (
    <li className={s.row}>
      {challenged ? (
        <span className={s.rowText}>
          <FormattedMessage id="duels.matches.from" values={values} />
        </span>
      ) : (
        <a className={s.rowText} href={matchPath(match.id)}>
          <FormattedMessage id="duels.matches.with" values={values} />
        </a>
      )}
      <div className={s.actions}>
        {respond.error && !plan(respond.error) ? (
          <span className={s.muted} role="alert">
            {errorMessage(intl, respond.error, { fallbackId: 'duels.error.action' })}
          </span>
        ) : null}
        {challenged ? (
          <>
            <Button
              size="sm"
              loading={respond.isPending && respond.variables?.action === 'accept'}
              disabled={respond.isPending || duels.status === 'loading'}
              onClick={() =>
                duels.allowed
                  ? respond.mutate({ id: match.id, action: 'accept' })
                  : onPlanRequired()
              }
            >
              <FormattedMessage id="duels.action.accept" />
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={respond.isPending}
              onClick={() => respond.mutate({ id: match.id, action: 'reject' })}
            >
              <FormattedMessage id="duels.action.reject" />
            </Button>
          </>
        ) : (
          <span className={s.muted}>
            <FormattedMessage id={`duels.matches.phase.${match.phase}`} />
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * The "Matches" section of `/multiple-duels` (inside `DuelsHomeIsland`): a form to challenge a
 * friend to a best of 3 or 5, the friends' challenges to answer, and the learner's matches, each a
 * link to its page `/match/{id}` (where `MatchScreen` plays it).
 *
 * **Use it** on the duels home, to start a match or answer one. **Don't use it** to play a match
 * (`MatchScreen`) or for single duels (their requests are `DuelsHome`'s "Duel requests").
 *
 * **API calls and states.**
 * - `GET friends/friendships/friend_list/`: the friends to challenge; a skeleton while it loads
 *   (`Loading`), a link to add a friend when there is none (`NoFriends`).
 * - `POST duels/matches/` `{opponent_id, best_of}`: Challenge; no friend chosen says "Choose a
 *   friend." under the select and sends nothing; success opens `/match/{id}`, where the challenger
 *   waits for the answer; the friend gets the `match_request` notification (the bell). A refusal
 *   shows in the banner; a plan without duels opens the Premium modal.
 * - `GET duels/matches/`: the newest 50 matches, read again on every `match_progress` event; a
 *   friend's challenge has Accept and Reject (`POST duels/matches/{id}/respond/`; Accept opens the
 *   match, a failed answer shows in the row), the others link to their match with their phase
 *   (`WithData`, `Spanish`, `Phone`, `Dark`); a sentence when there is none (`Empty`); its
 *   message and Retry when the read fails (`LoadError`).
 *
 * **Accessibility.** A section headed by an `h2` (and labelled by it); the form is named
 * "Challenge a friend to a match", its selects have visible labels and a field error is tied to
 * its select; Accept and Reject are labelled buttons, disabled while an answer is on its way; each
 * match is a link named by the friend and the number of games. A failed read or answer is
 * `role="alert"`; the Premium modal is a `Dialog`.
 */
export function MatchesPanel() {
  const [premium, setPremium] = useState(false);
  const list = useMatches();
  const openPremium = () => setPremium(true);
  let body: React.ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError error={list.error} onRetry={() => list.refetch()} />;
  else if (list.data.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="duels.matches.empty" />
      </p>
    );
  } else {
    body = (
      <ul className={s.list}>
        {list.data.map((match) => (
          <MatchRow key={match.id} match={match} onPlanRequired={openPremium} />
        ))}
      </ul>
    );
  }
  return (
    <DuelSection id="duel-matches" titleId="duels.matches.title">
      <p className={s.muted}>
        <FormattedMessage id="duels.matches.about" />
      </p>
      <ChallengeForm onPlanRequired={openPremium} />
      {body}
      <PremiumModal open={premium} title={GATE_TITLE} onClose={() => setPremium(false)} />
    </DuelSection>
  );
}
