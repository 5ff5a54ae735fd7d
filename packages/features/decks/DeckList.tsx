/** `/space-repetition`: the learner's decks with today's counts, and what can be done to them. */
import { type Deck, type DeckExportFormat, useDecks, useExportDeck } from '@memoria/api';
import {
  Button,
  Card,
  Chip,
  EmptyState,
  ErrorState,
  Menu,
  type MenuItem,
  PlusIcon,
  Skeleton,
  Snackbar,
} from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFlushReviewQueue, useKeepOfflineCards } from '../deck-review/index.ts';
import { CardsIcon } from '../shared/icons.tsx';
import { AnkiImportDialog } from './AnkiImportDialog.tsx';
import {
  DeckNameDialog,
  DeleteDeckDialog,
  NewCardsDialog,
  ShareDeckDialog,
} from './DeckDialogs.tsx';
import * as s from './decks.css.ts';
import { errorText } from './errors.ts';
import { deckHref } from './href.ts';

type DialogState =
  | { kind: 'create' | 'import' }
  | { kind: 'rename' | 'delete' | 'share' | 'newCards'; deck: Deck }
  | null;

export { deckHref };

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <ErrorState
      title={<FormattedMessage id="decks.error.loadTitle" />}
      description={errorText(intl, error)}
      retryLabel={<FormattedMessage id="decks.action.retry" />}
      onRetry={onRetry}
    />
  );
}

function Count({ value, labelId }: { value: number; labelId: string }) {
  return (
    <li className={s.count}>
      <span className={s.countValue}>{value}</span>
      <span className={s.countLabel}>
        <FormattedMessage id={labelId} />
      </span>
    </li>
  );
}

export function DeckCounts({
  deck,
}: {
  deck: Pick<Deck, 'due_count' | 'new_count' | 'remaining_today'>;
}) {
  return (
    <ul className={s.counts}>
      <Count value={deck.due_count} labelId="decks.count.due" />
      <Count value={deck.new_count} labelId="decks.count.new" />
      <Count value={deck.remaining_today} labelId="decks.count.remaining" />
    </ul>
  );
}

function DeckItem({
  deck,
  onAction,
  onExport,
}: {
  deck: Deck;
  onAction: (state: DialogState) => void;
  onExport: (deck: Deck, format: DeckExportFormat) => void;
}) {
  const intl = useIntl();
  const items: MenuItem[] = [];
  if (deck.can_edit) {
    items.push({
      id: 'rename',
      label: intl.formatMessage({ id: 'decks.action.rename' }),
      onSelect: () => onAction({ kind: 'rename', deck }),
    });
  }
  items.push({
    id: 'newCards',
    label: intl.formatMessage({ id: 'decks.action.newCards' }),
    onSelect: () => onAction({ kind: 'newCards', deck }),
  });
  items.push(
    {
      id: 'exportApkg',
      label: intl.formatMessage({ id: 'decks.action.exportApkg' }),
      onSelect: () => onExport(deck, 'apkg'),
    },
    {
      id: 'exportCsv',
      label: intl.formatMessage({ id: 'decks.action.exportCsv' }),
      onSelect: () => onExport(deck, 'csv'),
    },
  );
  if (deck.is_owner) {
    items.push(
      {
        id: 'share',
        label: intl.formatMessage({ id: 'decks.action.share' }),
        onSelect: () => onAction({ kind: 'share', deck }),
      },
      {
        id: 'delete',
        label: intl.formatMessage({ id: 'decks.action.delete' }),
        onSelect: () => onAction({ kind: 'delete', deck }),
      },
    );
  }
  return (
    <li>
      <Card
        as="div"
        className={s.deckCard}
        footer={
          <Button href={deckHref(deck.id, true)} size="sm">
            <FormattedMessage
              id="decks.action.studyCount"
              values={{ count: deck.remaining_today }}
            />
          </Button>
        }
      >
        <div className={s.deckTop}>
          <h2 className={s.title} style={{ fontSize: 'inherit' }}>
            <a className={s.deckLink} href={deckHref(deck.id)}>
              {deck.name}
            </a>
          </h2>
          <Menu
            trigger={<span aria-hidden="true">⋮</span>}
            triggerLabel={intl.formatMessage({ id: 'decks.action.more' }, { name: deck.name })}
            items={items}
            align="end"
          />
        </div>
        <DeckCounts deck={deck} />
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
          {deck.is_owner && deck.shared_with.length > 0 ? (
            <Chip
              label={intl.formatMessage(
                { id: 'decks.sharedWithCount' },
                { count: deck.shared_with.length },
              )}
              color="spacedRepetition"
            />
          ) : null}
        </div>
      </Card>
    </li>
  );
}

function DeckSkeletons() {
  const intl = useIntl();
  return (
    <ul className={s.grid} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <Skeleton
            variant="rect"
            height={180}
            label={i === 0 ? intl.formatMessage({ id: 'decks.loading' }) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The learner's decks on `/space-repetition`, mounted by `DeckListIsland`: each deck with today's
 * counts, Study, and the deck actions (rename, share, configure new cards, delete).
 *
 * **Use it** as the home of spaced repetition: every deck the learner owns or was given, each with
 * today's work. **Don't use it** for one deck's cards (`DeckDetail`) or for a study session
 * (`DeckReview`).
 *
 * **API calls and states.**
 * - `GET /space-repetition/desks/`. Pending: skeleton cards (`Loading`); failure: an alert with
 *   Retry (`LoadError`); an empty list: the empty state with New deck (`Empty`); otherwise the
 *   decks (`WithDecks`), a deck shared with the learner marked read-only (`SharedReadOnly`).
 * - Import from Anki opens `AnkiImportDialog` (`POST /space-repetition/anki-import/`).
 * - Each deck's menu exports it: `GET /space-repetition/desks/{id}/export/?format=apkg|csv`
 *   downloads the file; a failure shows a snackbar with its reason.
 * - The deck dialogs: `POST /space-repetition/desks/` (new), `PUT /space-repetition/desks/{id}/`
 *   (rename), `DELETE /space-repetition/desks/{id}/`, `POST …/share_multiple/`,
 *   `POST …/configure_new_cards/`; a failed write shows its message inside the dialog.
 *
 * **Accessibility.** "Space Repetition" is the page's `h1`, and each deck's name an `h2` linking to
 * the deck. The summary under the title (cards due and new today) is a polite live region, so it is
 * read again when the counts change. Each deck's ⋮ button is a WAI-ARIA menu button named "More
 * actions for {deck}" (Enter, Space or ArrowDown open it, arrows move, Escape closes and returns to
 * it). The deck dialogs are modal and return focus to what opened them; a load failure is
 * `role="alert"` with Retry; a done action is a success snackbar and a failed export an error
 * snackbar (`role="alert"`).
 */
export function DeckList() {
  const intl = useIntl();
  useFlushReviewQueue();
  useKeepOfflineCards();
  const decks = useDecks();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => setDialog(null);
  const exporting = useExportDeck();
  const onExport = (deck: Deck, format: DeckExportFormat) =>
    exporting.mutate(
      { deckId: deck.id, format },
      {
        onError: (error) =>
          setFailure(
            intl.formatMessage(
              { id: 'decks.export.failed' },
              { name: deck.name, reason: errorText(intl, error) },
            ),
          ),
      },
    );

  let body: React.ReactNode;
  if (decks.isPending) body = <DeckSkeletons />;
  else if (decks.isError) body = <LoadError error={decks.error} onRetry={() => decks.refetch()} />;
  else if (decks.data.length === 0) {
    body = (
      <EmptyState
        icon={<CardsIcon size={40} />}
        title={<FormattedMessage id="decks.empty.title" />}
        description={<FormattedMessage id="decks.empty.description" />}
        action={
          <Button startIcon={<PlusIcon />} onClick={() => setDialog({ kind: 'create' })}>
            <FormattedMessage id="decks.action.newDesk" />
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul className={s.grid}>
        {decks.data.map((deck) => (
          <DeckItem key={deck.id} deck={deck} onAction={setDialog} onExport={onExport} />
        ))}
      </ul>
    );
  }

  const totals = decks.data?.reduce(
    (sum, deck) => ({
      due: sum.due + deck.due_count,
      fresh: sum.fresh + deck.new_count,
    }),
    { due: 0, fresh: 0 },
  );

  return (
    <div className={s.page}>
      <div className={s.header}>
        <div className={s.headerText}>
          <h1 className={s.title}>
            <FormattedMessage id="decks.title" />
          </h1>
          <p className={s.subtitle} aria-live="polite">
            {totals ? (
              <FormattedMessage
                id="decks.summary"
                values={{ due: totals.due, fresh: totals.fresh }}
              />
            ) : (
              <FormattedMessage id="decks.subtitle" />
            )}
          </p>
        </div>
        <div className={s.headerActions}>
          <Button variant="secondary" href="/space-repetition/browse">
            <FormattedMessage id="cardBrowser.openBrowser" />
          </Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
            <FormattedMessage id="decks.action.importAnki" />
          </Button>
          <Button startIcon={<PlusIcon />} onClick={() => setDialog({ kind: 'create' })}>
            <FormattedMessage id="decks.action.newDesk" />
          </Button>
        </div>
      </div>
      {body}
      {dialog?.kind === 'import' ? <AnkiImportDialog open onClose={close} /> : null}
      {dialog?.kind === 'create' ? <DeckNameDialog open onClose={close} /> : null}
      {dialog?.kind === 'rename' ? (
        <DeckNameDialog open onClose={close} deck={dialog.deck} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDeckDialog
          open
          onClose={close}
          deck={dialog.deck}
          onDeleted={() =>
            setNotice(intl.formatMessage({ id: 'decks.delete.done' }, { name: dialog.deck.name }))
          }
        />
      ) : null}
      {dialog?.kind === 'share' ? (
        <ShareDeckDialog open onClose={close} deck={dialog.deck} onShared={setNotice} />
      ) : null}
      {dialog?.kind === 'newCards' ? (
        <NewCardsDialog open onClose={close} deck={dialog.deck} />
      ) : null}
      <Snackbar
        open={notice !== null}
        message={notice ?? ''}
        severity="success"
        onClose={() => setNotice(null)}
      />
      <Snackbar
        open={failure !== null}
        message={failure ?? ''}
        severity="error"
        onClose={() => setFailure(null)}
      />
    </div>
  );
}
