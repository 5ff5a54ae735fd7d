/**
 * `/space-repetition/{deckId}`: the deck's counts, Study (the review island), its cards
 * (search debounced, paginated; add, edit, delete), notes (add; a card of a note edits its note),
 * the learner's note types and card generation. Editing is hidden on a
 * deck shared read-only. Its state lives in `useDeckDetail.ts`; this file renders it.
 */
import { type Card, type Deck, useDeck } from '@memoria/api';
import {
  Button,
  Chip,
  Dialog,
  EmptyState,
  IconButton,
  PlusIcon,
  SearchIcon,
  Skeleton,
  Snackbar,
  TextField,
} from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFlushReviewQueue } from '../deck-review/index.ts';
import { Gone, isNotFound } from '../shared/Gone.tsx';
import { CardsIcon } from '../shared/icons.tsx';
import { CardEditorDialog } from './CardEditorDialog.tsx';
import { CustomStudyDialog } from './CustomStudyDialog.tsx';
import { DeckCounts, deckHref, LoadError } from './DeckList.tsx';
import { DeckOptionsDialog } from './DeckOptionsDialog.tsx';
import * as s from './decks.css.ts';
import { EditCardDialog } from './EditCardDialog.tsx';
import { GenerateCards, type GenerateCardsProps } from './GenerateCards.tsx';
import { LazyNoteEditorDialog, LazyNoteTypesDialog } from './lazyNoteDialogs.tsx';
import {
  type CardBrowser,
  type CardDialogs,
  useCardBrowser,
  useCardDialogs,
} from './useDeckDetail.ts';
import { WorkloadPlanDialog } from './WorkloadPlanDialog.tsx';

export { SEARCH_DEBOUNCE_MS } from './useDeckDetail.ts';

function EditIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25ZM20.7 7.04a1 1 0 0 0 0-1.41l-2.33-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.82-1.83Z" />
    </svg>
  );
}

function DeleteIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12ZM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4Z" />
    </svg>
  );
}

const STATE_IDS: Record<Card['state'], string> = {
  new: 'decks.state.new',
  learning: 'decks.state.learning',
  review: 'decks.state.review',
  relearning: 'decks.state.relearning',
};

function CardRow({
  card,
  canEdit,
  onEdit,
  onDelete,
}: {
  card: Card;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const due = new Date(card.due);
  const label = card.front || intl.formatMessage({ id: 'decks.card.imageOnly' });
  return (
    <li className={s.cardRow}>
      <div className={s.cardSide}>
        {card.front_image ? <img className={s.thumb} src={card.front_image} alt="" /> : null}
        <span>{card.front}</span>
        <span className={s.cardMeta}>
          <FormattedMessage id={STATE_IDS[card.state]} />
          {card.state === 'new' ? null : (
            <>
              <span aria-hidden="true">·</span>
              <span>
                <FormattedMessage
                  id="decks.card.due"
                  values={{
                    date: intl.formatDate(due, { dateStyle: 'medium', timeStyle: 'short' }),
                  }}
                />
              </span>
            </>
          )}
        </span>
      </div>
      <div className={`${s.cardSide} ${s.cardBack}`}>
        {card.back_image ? <img className={s.thumb} src={card.back_image} alt="" /> : null}
        <span>{card.back}</span>
      </div>
      {canEdit ? (
        <div className={s.rowActions}>
          <IconButton
            size="sm"
            aria-label={intl.formatMessage({ id: 'decks.card.edit' }, { front: label })}
            onClick={onEdit}
          >
            <EditIcon />
          </IconButton>
          <IconButton
            size="sm"
            aria-label={intl.formatMessage({ id: 'decks.card.delete' }, { front: label })}
            onClick={onDelete}
          >
            <DeleteIcon />
          </IconButton>
        </div>
      ) : (
        <span />
      )}
    </li>
  );
}

export interface DeckDetailProps {
  /** The deck to show (from `/space-repetition/{deckId}`). */
  deckId: number;
  /** Open the generator at once (stories). */
  generate?: GenerateCardsProps['initial'] | true;
  /** The camera for the generator's photos; defaults to the browser's (stories pass their own). */
  getUserMedia?: GenerateCardsProps['getUserMedia'];
  /** The search box's starting text (stories). */
  initialSearch?: string;
}

/**
 * One deck on `/space-repetition/{deckId}`, mounted by `DeckDetailIsland`: its name and counts,
 * Study, the cards (search, pages; add, edit, delete) and card generation (`GenerateCards`).
 * Editing is hidden on a deck shared read-only.
 *
 * **Use it** for the page of one deck the learner owns or was given. **Don't use it** for the list
 * of decks (`DeckList`) or to review the deck's due cards (`DeckReview`, behind Study).
 *
 * **API calls and states.**
 * - `GET /space-repetition/desks/{id}/`: a skeleton while it loads (`Loading`); an unknown,
 *   deleted or foreign deck (404): 'Not found' and the link back to the decks, nothing to retry
 *   (`NotFound`); another failure: 'Could not load this' with the reason, Retry and the link back;
 *   otherwise the deck, with the owner's name and a Read-only chip and
 *   no editing when it is shared read-only (`SharedReadOnly`).
 * - `GET /space-repetition/desks/{id}/cards/` with the page and the search (debounced): the cards,
 *   20 a page with Previous and Next (`Cards`); no cards: the empty state with Add card
 *   (`EmptyDeck`); a search with no match: "No cards match …" (`SearchNoResults`); a failed read:
 *   the same error with Retry.
 * - The card editor: `POST /space-repetition/cards/` (add, then "Card added." in a snackbar) and
 *   `PUT /space-repetition/cards/{id}/` (edit); delete asks first, then
 *   `DELETE /space-repetition/cards/{id}/`; a failure shows its message inside the dialog, which
 *   stays open.
 * - Generate cards opens `GenerateCards` (its own calls); its saved cards are announced in the
 *   snackbar.
 * - Custom study (beside Study, for every learner of the deck) opens `CustomStudyDialog`.
 *
 * **Accessibility.** The deck's name is the page's `h1` and Cards an `h2` section. The search is a
 * labelled search field; after each search the number of cards found is read from a polite live
 * region. The list is named "Cards"; each row's Edit and Delete buttons name the card they act on
 * ("Edit card “Hola”"), and the pages are a navigation landmark. The card editor and the delete
 * confirmation are modal dialogs that return focus to the button that opened them; failures are
 * `role="alert"`, success a snackbar (`role="status"`).
 */
export function DeckDetail({
  deckId,
  generate,
  getUserMedia,
  initialSearch = '',
}: DeckDetailProps) {
  const intl = useIntl();
  useFlushReviewQueue();
  const deck = useDeck(deckId);
  const browser = useCardBrowser(deckId, initialSearch);
  const dialogs = useCardDialogs(deckId);
  const [showGenerator, setShowGenerator] = useState(generate !== undefined);

  if (deck.isPending) {
    return (
      <div className={s.page} aria-busy="true">
        <Skeleton variant="text" width="40%" label={intl.formatMessage({ id: 'decks.loading' })} />
        <Skeleton variant="rect" height={72} />
        <Skeleton variant="rect" height={240} />
      </div>
    );
  }
  if (deck.isError && isNotFound(deck.error)) {
    return (
      <div className={s.page}>
        <Gone
          titleId="decks.gone.title"
          messageId="decks.gone.body"
          backId="decks.action.backToDesks"
          backHref="/space-repetition"
        />
      </div>
    );
  }
  if (deck.isError) {
    return (
      <div className={s.page}>
        <LoadError error={deck.error} onRetry={() => deck.refetch()} />
        <Button variant="text" href="/space-repetition">
          <FormattedMessage id="decks.action.backToDesks" />
        </Button>
      </div>
    );
  }

  const d = deck.data;
  return (
    <div className={s.page}>
      <div>
        <Button variant="text" size="sm" href="/space-repetition">
          <FormattedMessage id="decks.action.backToDesks" />
        </Button>
      </div>
      <DeckHeader deck={d} onCustomStudy={dialogs.customStudy} />
      <DeckCounts deck={d} />
      {d.can_edit && showGenerator ? (
        <GenerateCards
          deckId={d.id}
          initial={generate === true ? undefined : generate}
          getUserMedia={getUserMedia}
          onClose={() => setShowGenerator(false)}
          onSaved={(count) =>
            dialogs.setNotice(intl.formatMessage({ id: 'decks.generate.saved' }, { count }))
          }
        />
      ) : null}
      <CardsSection
        deck={d}
        browser={browser}
        dialogs={dialogs}
        onGenerate={showGenerator ? undefined : () => setShowGenerator(true)}
      />
      <CardDialogsOf deck={d} dialogs={dialogs} />
      <Snackbar
        open={dialogs.notice !== null}
        message={dialogs.notice ?? ''}
        severity="success"
        onClose={() => dialogs.setNotice(null)}
      />
    </div>
  );
}

/** The deck's name (the page's `h1`), its owner and read-only mark, and Study. */
function DeckHeader({ deck, onCustomStudy }: { deck: Deck; onCustomStudy: () => void }) {
  const intl = useIntl();
  return (
    <div className={s.header}>
      <div className={s.headerText}>
        <h1 className={s.title}>{deck.name}</h1>
        <div className={s.meta}>
          <span>
            <FormattedMessage id="decks.cardsCount" values={{ count: deck.cards_count }} />
          </span>
          {deck.is_owner ? null : (
            <span>
              <FormattedMessage id="decks.sharedBy" values={{ owner: deck.owner_username }} />
            </span>
          )}
          {deck.can_edit ? null : (
            <Chip label={intl.formatMessage({ id: 'decks.readOnly' })} color="default" />
          )}
        </div>
      </div>
      {deck.cards_count > 0 ? (
        <div className={s.actions}>
          <Button variant="secondary" size="lg" onClick={onCustomStudy}>
            <FormattedMessage id="decks.customStudy.open" />
          </Button>
          <Button href={deckHref(deck.id, true)} size="lg">
            <FormattedMessage
              id="decks.action.studyCount"
              values={{ count: deck.remaining_today }}
            />
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Cards: Generate and Add, the search, its announced count and the list. */
function CardsSection({
  deck,
  browser,
  dialogs,
  onGenerate,
}: {
  deck: Deck;
  browser: CardBrowser;
  dialogs: CardDialogs;
  onGenerate: (() => void) | undefined;
}) {
  const intl = useIntl();
  const { cards } = browser;
  return (
    <section className={s.form} aria-labelledby="cards-title">
      <div className={s.header}>
        <h2 id="cards-title" className={s.sectionTitle}>
          <FormattedMessage id="decks.cards.title" />
        </h2>
        {deck.can_edit ? (
          <div className={s.actions}>
            {onGenerate ? (
              <Button variant="secondary" onClick={onGenerate}>
                <FormattedMessage id="decks.generate.open" />
              </Button>
            ) : null}
            <Button variant="text" onClick={dialogs.plan}>
              <FormattedMessage id="decks.plan.open" />
            </Button>
            <Button variant="text" onClick={dialogs.options}>
              <FormattedMessage id="decks.options.open" />
            </Button>
            <Button variant="text" onClick={dialogs.noteTypes}>
              <FormattedMessage id="decks.noteTypes.open" />
            </Button>
            <Button variant="secondary" startIcon={<PlusIcon />} onClick={dialogs.addNote}>
              <FormattedMessage id="decks.note.add" />
            </Button>
            <Button startIcon={<PlusIcon />} onClick={dialogs.add}>
              <FormattedMessage id="decks.card.add" />
            </Button>
          </div>
        ) : null}
      </div>
      <div className={s.toolbar}>
        <TextField
          className={s.search}
          type="search"
          label={intl.formatMessage({ id: 'decks.cards.search' })}
          value={browser.search}
          onChange={(event) => browser.setSearch(event.target.value)}
        />
      </div>
      <p className={s.visuallyHiddenLive} aria-live="polite">
        {cards.data && !cards.isFetching
          ? intl.formatMessage({ id: 'decks.cards.resultCount' }, { count: browser.total })
          : ''}
      </p>
      <CardList deck={deck} browser={browser} dialogs={dialogs} />
    </section>
  );
}

/** The page of cards with its pager, or why there is none. */
function CardList({
  deck,
  browser,
  dialogs,
}: {
  deck: Deck;
  browser: CardBrowser;
  dialogs: CardDialogs;
}) {
  const intl = useIntl();
  const { cards, debounced, page, pages } = browser;
  if (cards.isPending) return <Skeleton variant="rect" height={200} />;
  if (cards.isError) return <LoadError error={cards.error} onRetry={() => cards.refetch()} />;
  if (cards.data.results.length === 0) {
    return debounced ? (
      <EmptyState
        compact
        icon={<SearchIcon size={32} />}
        title={<FormattedMessage id="decks.cards.noResults" values={{ search: debounced }} />}
      />
    ) : (
      <EmptyState
        icon={<CardsIcon size={40} />}
        title={<FormattedMessage id="decks.cards.empty" />}
        description={
          <FormattedMessage
            id={deck.can_edit ? 'decks.cards.emptyHint' : 'decks.cards.emptyReadOnly'}
          />
        }
        action={
          deck.can_edit ? (
            <Button startIcon={<PlusIcon />} onClick={dialogs.add}>
              <FormattedMessage id="decks.card.add" />
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <>
      <ul className={s.cardList} aria-label={intl.formatMessage({ id: 'decks.cards.title' })}>
        {cards.data.results.map((card) => (
          <CardRow
            key={card.id}
            card={card}
            canEdit={deck.can_edit}
            onEdit={() => dialogs.edit(card)}
            onDelete={() => dialogs.askDelete(card)}
          />
        ))}
      </ul>
      {pages > 1 ? (
        <nav className={s.pager} aria-label={intl.formatMessage({ id: 'decks.pager.label' })}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={browser.previous}>
            <FormattedMessage id="decks.pager.previous" />
          </Button>
          <span>
            <FormattedMessage id="decks.pager.status" values={{ page, pages }} />
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={browser.next}>
            <FormattedMessage id="decks.pager.next" />
          </Button>
        </nav>
      ) : null}
    </>
  );
}

/** The open card dialog: the editor (add or edit) or the delete confirmation. */
function CardDialogsOf({ deck, dialogs }: { deck: Deck; dialogs: CardDialogs }) {
  const intl = useIntl();
  const { dialog } = dialogs;
  if (dialog?.kind === 'add') {
    return (
      <CardEditorDialog
        open
        deckId={deck.id}
        onClose={dialogs.close}
        onSaved={() => dialogs.setNotice(intl.formatMessage({ id: 'decks.card.added' }))}
      />
    );
  }
  if (dialog?.kind === 'addNote') {
    return (
      <LazyNoteEditorDialog
        open
        deckId={deck.id}
        onClose={dialogs.close}
        onSaved={() => dialogs.setNotice(intl.formatMessage({ id: 'decks.note.added' }))}
      />
    );
  }
  if (dialog?.kind === 'noteTypes') return <LazyNoteTypesDialog open onClose={dialogs.close} />;
  if (dialog?.kind === 'options') {
    return <DeckOptionsDialog deckId={deck.id} open onClose={dialogs.close} />;
  }
  if (dialog?.kind === 'customStudy') {
    return <CustomStudyDialog deckId={deck.id} open onClose={dialogs.close} />;
  }
  if (dialog?.kind === 'plan') {
    return <WorkloadPlanDialog deckId={deck.id} open onClose={dialogs.close} />;
  }
  if (dialog?.kind === 'edit') {
    return (
      <EditCardDialog
        deckId={deck.id}
        card={dialog.card}
        onClose={dialogs.close}
        onNoteSaved={() => dialogs.setNotice(intl.formatMessage({ id: 'decks.note.saved' }))}
      />
    );
  }
  if (dialog?.kind !== 'delete') return null;
  return (
    <Dialog
      open
      size="sm"
      onClose={dialogs.close}
      title={<FormattedMessage id="decks.card.deleteTitle" />}
      description={
        <FormattedMessage id="decks.card.deleteBody" values={{ front: dialog.card.front }} />
      }
      actions={
        <>
          <Button variant="text" onClick={dialogs.close}>
            <FormattedMessage id="decks.action.cancel" />
          </Button>
          <Button
            variant="danger"
            loading={dialogs.deleting}
            onClick={() => dialogs.confirmDelete(dialog.card)}
          >
            <FormattedMessage id="decks.action.delete" />
          </Button>
        </>
      }
    >
      {dialogs.deleteError ? (
        <p role="alert" className={s.alert}>
          {dialogs.deleteError}
        </p>
      ) : null}
    </Dialog>
  );
}
