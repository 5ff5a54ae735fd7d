/** `/space-repetition`: the learner's desks with today's counts, and what can be done to them. */
import { type Desk, type DeskExportFormat, useDesks, useExportDesk } from '@memoria/api';
import {
  Button,
  Card,
  Chip,
  EmptyState,
  Menu,
  type MenuItem,
  PlusIcon,
  Skeleton,
  Snackbar,
} from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFlushReviewQueue } from '../deck-review/index.ts';
import { CardsIcon } from '../shared/icons.tsx';
import { AnkiImportDialog } from './AnkiImportDialog.tsx';
import {
  DeleteDeskDialog,
  DeskNameDialog,
  NewCardsDialog,
  ShareDeskDialog,
} from './DeskDialogs.tsx';
import * as s from './decks.css.ts';
import { errorText } from './errors.ts';
import { deskHref } from './href.ts';

type DialogState =
  | { kind: 'create' | 'import' }
  | { kind: 'rename' | 'delete' | 'share' | 'newCards'; desk: Desk }
  | null;

export { deskHref };

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div role="alert" className={s.errorBox}>
      <strong>
        <FormattedMessage id="decks.error.loadTitle" />
      </strong>
      <span>{errorText(intl, error)}</span>
      <Button variant="secondary" onClick={onRetry}>
        <FormattedMessage id="decks.action.retry" />
      </Button>
    </div>
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

export function DeskCounts({
  desk,
}: {
  desk: Pick<Desk, 'due_count' | 'new_count' | 'remaining_today'>;
}) {
  return (
    <ul className={s.counts}>
      <Count value={desk.due_count} labelId="decks.count.due" />
      <Count value={desk.new_count} labelId="decks.count.new" />
      <Count value={desk.remaining_today} labelId="decks.count.remaining" />
    </ul>
  );
}

function DeskItem({
  desk,
  onAction,
  onExport,
}: {
  desk: Desk;
  onAction: (state: DialogState) => void;
  onExport: (desk: Desk, format: DeskExportFormat) => void;
}) {
  const intl = useIntl();
  const items: MenuItem[] = [];
  if (desk.can_edit) {
    items.push({
      id: 'rename',
      label: intl.formatMessage({ id: 'decks.action.rename' }),
      onSelect: () => onAction({ kind: 'rename', desk }),
    });
  }
  items.push({
    id: 'newCards',
    label: intl.formatMessage({ id: 'decks.action.newCards' }),
    onSelect: () => onAction({ kind: 'newCards', desk }),
  });
  items.push(
    {
      id: 'exportApkg',
      label: intl.formatMessage({ id: 'decks.action.exportApkg' }),
      onSelect: () => onExport(desk, 'apkg'),
    },
    {
      id: 'exportCsv',
      label: intl.formatMessage({ id: 'decks.action.exportCsv' }),
      onSelect: () => onExport(desk, 'csv'),
    },
  );
  if (desk.is_owner) {
    items.push(
      {
        id: 'share',
        label: intl.formatMessage({ id: 'decks.action.share' }),
        onSelect: () => onAction({ kind: 'share', desk }),
      },
      {
        id: 'delete',
        label: intl.formatMessage({ id: 'decks.action.delete' }),
        onSelect: () => onAction({ kind: 'delete', desk }),
      },
    );
  }
  return (
    <li>
      <Card
        as="div"
        className={s.deskCard}
        footer={
          <Button href={deskHref(desk.id, true)} size="sm">
            <FormattedMessage
              id="decks.action.studyCount"
              values={{ count: desk.remaining_today }}
            />
          </Button>
        }
      >
        <div className={s.deskTop}>
          <h2 className={s.title} style={{ fontSize: 'inherit' }}>
            <a className={s.deskLink} href={deskHref(desk.id)}>
              {desk.name}
            </a>
          </h2>
          <Menu
            trigger={<span aria-hidden="true">⋮</span>}
            triggerLabel={intl.formatMessage({ id: 'decks.action.more' }, { name: desk.name })}
            items={items}
            align="end"
          />
        </div>
        <DeskCounts desk={desk} />
        <div className={s.meta}>
          <span>
            <FormattedMessage id="decks.cardsCount" values={{ count: desk.cards_count }} />
          </span>
          {desk.is_owner ? null : (
            <span>
              <FormattedMessage id="decks.sharedBy" values={{ owner: desk.owner_username }} />
            </span>
          )}
          {desk.can_edit ? null : (
            <Chip label={intl.formatMessage({ id: 'decks.readOnly' })} color="default" />
          )}
          {desk.is_owner && desk.shared_with.length > 0 ? (
            <Chip
              label={intl.formatMessage(
                { id: 'decks.sharedWithCount' },
                { count: desk.shared_with.length },
              )}
              color="spacedRepetition"
            />
          ) : null}
        </div>
      </Card>
    </li>
  );
}

function DeskSkeletons() {
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
 * The learner's decks on `/space-repetition`, mounted by `DeskListIsland`: each deck with today's
 * counts, Study, and the deck actions (rename, share, configure new cards, delete).
 *
 * **Use it** as the home of spaced repetition: every deck the learner owns or was given, each with
 * today's work. **Don't use it** for one deck's cards (`DeskDetail`) or for a study session
 * (`DeckReview`).
 *
 * **API calls and states.**
 * - `GET /space-repetition/desks/`. Pending: skeleton cards (`Loading`); failure: an alert with
 *   Retry (`LoadError`); an empty list: the empty state with New deck (`Empty`); otherwise the
 *   decks (`WithDesks`), a deck shared with the learner marked read-only (`SharedReadOnly`).
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
export function DeskList() {
  const intl = useIntl();
  useFlushReviewQueue();
  const desks = useDesks();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => setDialog(null);
  const exporting = useExportDesk();
  const onExport = (desk: Desk, format: DeskExportFormat) =>
    exporting.mutate(
      { deskId: desk.id, format },
      {
        onError: (error) =>
          setFailure(
            intl.formatMessage(
              { id: 'decks.export.failed' },
              { name: desk.name, reason: errorText(intl, error) },
            ),
          ),
      },
    );

  let body: React.ReactNode;
  if (desks.isPending) body = <DeskSkeletons />;
  else if (desks.isError) body = <LoadError error={desks.error} onRetry={() => desks.refetch()} />;
  else if (desks.data.length === 0) {
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
        {desks.data.map((desk) => (
          <DeskItem key={desk.id} desk={desk} onAction={setDialog} onExport={onExport} />
        ))}
      </ul>
    );
  }

  const totals = desks.data?.reduce(
    (sum, desk) => ({
      due: sum.due + desk.due_count,
      fresh: sum.fresh + desk.new_count,
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
      {dialog?.kind === 'create' ? <DeskNameDialog open onClose={close} /> : null}
      {dialog?.kind === 'rename' ? (
        <DeskNameDialog open onClose={close} desk={dialog.desk} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDeskDialog
          open
          onClose={close}
          desk={dialog.desk}
          onDeleted={() =>
            setNotice(intl.formatMessage({ id: 'decks.delete.done' }, { name: dialog.desk.name }))
          }
        />
      ) : null}
      {dialog?.kind === 'share' ? (
        <ShareDeskDialog open onClose={close} desk={dialog.desk} onShared={setNotice} />
      ) : null}
      {dialog?.kind === 'newCards' ? (
        <NewCardsDialog open onClose={close} desk={dialog.desk} />
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
