/**
 * The state of `DuelSetup`: the friends and decks it needs, the form's values and questions, the
 * spec's checks before sending, the call of the duel's kind and, on success, the duel's arena.
 */
import {
  arenaPath,
  type CustomQuestion,
  type DuelType,
  navigateTo,
  useCreateDuel,
  useCreateImageDuel,
  useCreateTableDuel,
  useDecks,
  useFriends,
} from '@memoria/api';
import { useState } from 'react';
import { useApiForm } from '../shared/useApiForm.ts';
import { checkSetup, duelRequest, FIELDS, initialValues, type Values } from './setup.ts';

export function useDuelSetup(kind: DuelType, opponent: string | null) {
  const friends = useFriends({ pageSize: 100 });
  const decks = useDecks({ enabled: kind === 'desk' });
  const [questions, setQuestions] = useState<CustomQuestion[]>([{ question: '', answer: '' }]);
  const quiz = useCreateDuel();
  const images = useCreateImageDuel();
  const table = useCreateTableDuel();

  const friendList = friends.data?.results ?? [];
  const deckList = decks.data ?? [];
  const preselected = friendList.find((f) => f.username === opponent);
  /** The values with the friend chosen, or else the one preselected from `?opponent=`. */
  const complete = (values: Values): Values => ({
    ...values,
    opponent_id: values.opponent_id ?? (preselected ? String(preselected.id) : ''),
  });
  const deckOf = (values: Values) => deckList.find((d) => String(d.id) === values.desk_id);

  const form = useApiForm({
    initial: () => initialValues(kind),
    fields: ['opponent_id', ...FIELDS[kind], 'name'],
    failedId: 'duels.setup.failed',
    validate: (values) => {
      const errors = checkSetup(
        kind,
        complete(values),
        questions,
        deckOf(values)?.cards_count ?? null,
      );
      return Object.keys(errors).length > 0 ? { fieldIds: errors } : null;
    },
    submit: (values): Promise<{ id: number }> => {
      const request = duelRequest(kind, complete(values), questions);
      if (request.call === 'quiz') return quiz.mutateAsync(request.body);
      if (request.call === 'images') return images.mutateAsync(request.body);
      return table.mutateAsync(request.body);
    },
    onSuccess: (duel) => navigateTo(arenaPath(kind, duel.id)),
  });

  const loading = friends.isPending || (kind === 'desk' && decks.isPending);
  /** The read that failed, with its Retry. */
  const loadFailure = friends.isError
    ? { error: friends.error, retry: () => friends.refetch() }
    : kind === 'desk' && decks.isError
      ? { error: decks.error, retry: () => decks.refetch() }
      : null;

  return {
    form,
    loading,
    loadFailure,
    friendList,
    deckList,
    deck: deckOf(form.values),
    opponentId: complete(form.values).opponent_id ?? '',
    questions,
    setQuestions,
  };
}
