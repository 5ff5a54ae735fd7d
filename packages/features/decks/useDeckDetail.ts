/**
 * The state of `DeckDetail` apart from what it renders: the card list's search (debounced) and
 * page, and the card dialogs (add, edit, delete with its error) with the success notice.
 */
import { CARDS_PAGE_SIZE, type Card, useDeckCards, useDeleteCard } from '@memoria/api';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDebounced } from '../shared/useDebounced.ts';
import { errorText } from './errors.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** One page of a deck's cards matching the search; a new search starts at its first page. */
export function useCardBrowser(deckId: number, initialSearch: string) {
  const [search, setSearch] = useState(initialSearch);
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const cards = useDeckCards(
    deckId,
    { page, search: debounced },
    { placeholderData: (previous) => previous },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new search text only
  useEffect(() => setPage(1), [debounced]);

  const total = cards.data?.count ?? 0;
  return {
    search,
    setSearch,
    /** The search the shown cards match. */
    debounced,
    cards,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / CARDS_PAGE_SIZE)),
    previous: () => setPage((p) => p - 1),
    next: () => setPage((p) => p + 1),
  };
}

export type CardBrowser = ReturnType<typeof useCardBrowser>;

export type CardDialog =
  | { kind: 'add' | 'addNote' | 'noteTypes' | 'plan' | 'options' | 'customStudy' }
  | { kind: 'edit' | 'delete'; card: Card }
  | null;

/** Which card dialog is open, the delete and its failure, and the snackbar's notice. */
export function useCardDialogs(deckId: number) {
  const intl = useIntl();
  const [dialog, setDialog] = useState<CardDialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteCard();

  const confirmDelete = async (card: Card) => {
    try {
      await remove.mutateAsync({ id: card.id, deckId });
      setDialog(null);
      setDeleteError(null);
    } catch (failure) {
      setDeleteError(errorText(intl, failure));
    }
  };

  return {
    dialog,
    add: () => setDialog({ kind: 'add' }),
    addNote: () => setDialog({ kind: 'addNote' }),
    noteTypes: () => setDialog({ kind: 'noteTypes' }),
    plan: () => setDialog({ kind: 'plan' }),
    options: () => setDialog({ kind: 'options' }),
    customStudy: () => setDialog({ kind: 'customStudy' }),
    edit: (card: Card) => setDialog({ kind: 'edit', card }),
    askDelete: (card: Card) => setDialog({ kind: 'delete', card }),
    close: () => setDialog(null),
    confirmDelete,
    deleting: remove.isPending,
    deleteError,
    notice,
    setNotice,
  };
}

export type CardDialogs = ReturnType<typeof useCardDialogs>;
