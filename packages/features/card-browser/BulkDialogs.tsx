/**
 * The card browser's bulk actions that need a word first: reschedule (how many days), move (to
 * which deck) and delete (a confirmation that says how many cards).
 */
import { type CardBulkRequest, useDecks } from '@memoria/api';
import { Button, Dialog, Select, TextField } from '@memoria/ui';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './cardBrowser.css.ts';

export type BulkDialog = 'reschedule' | 'move' | 'delete';

interface BulkDialogsProps {
  open: BulkDialog | null;
  /** How many cards are selected (the titles say it). */
  count: number;
  pending: boolean;
  onClose: () => void;
  onRun: (change: Omit<CardBulkRequest, 'card_ids'>) => void;
}

export function BulkDialogs({ open, count, pending, onClose, onRun }: BulkDialogsProps) {
  if (open === 'delete') {
    return (
      <Dialog
        open
        size="sm"
        onClose={onClose}
        title={<FormattedMessage id="cardBrowser.delete.title" values={{ count }} />}
        actions={
          <>
            <Button variant="text" onClick={onClose}>
              <FormattedMessage id="cardBrowser.cancel" />
            </Button>
            <Button variant="danger" loading={pending} onClick={() => onRun({ action: 'delete' })}>
              <FormattedMessage id="cardBrowser.delete.submit" values={{ count }} />
            </Button>
          </>
        }
      >
        <p className={s.dialogText}>
          <FormattedMessage id="cardBrowser.delete.body" />
        </p>
      </Dialog>
    );
  }
  if (open === 'move') return <MoveDialog {...{ count, pending, onClose, onRun }} />;
  if (open === 'reschedule') return <RescheduleDialog {...{ count, pending, onClose, onRun }} />;
  return null;
}

type FormDialogProps = Omit<BulkDialogsProps, 'open'>;

function FormDialog({
  title,
  submit,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  title: React.ReactNode;
  submit: React.ReactNode;
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const formId = useId();
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      size="sm"
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="cardBrowser.cancel" />
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submit}
          </Button>
        </>
      }
    >
      <form id={formId} className={s.dialogForm} onSubmit={send}>
        {children}
      </form>
    </Dialog>
  );
}

/** Move: only the learner's own decks are places to move cards to (the server's rule). */
function MoveDialog({ count, pending, onClose, onRun }: FormDialogProps) {
  const intl = useIntl();
  const decks = useDecks();
  const own = (decks.data ?? []).filter((deck) => deck.is_owner);
  const [chosen, setChosen] = useState('');
  const deckId = chosen || String(own[0]?.id ?? '');
  return (
    <FormDialog
      title={<FormattedMessage id="cardBrowser.move.title" values={{ count }} />}
      submit={<FormattedMessage id="cardBrowser.move.submit" />}
      pending={pending || !deckId}
      onClose={onClose}
      onSubmit={() => deckId && onRun({ action: 'move', desk_id: Number(deckId) })}
    >
      <Select
        label={intl.formatMessage({ id: 'cardBrowser.move.deck' })}
        value={deckId}
        helperText={intl.formatMessage({ id: 'cardBrowser.move.help' })}
        onChange={(event) => setChosen(event.target.value)}
        options={own.map((deck) => ({ value: String(deck.id), label: deck.name }))}
      />
    </FormDialog>
  );
}

/** Reschedule: rated cards due that many days from the learner's today (Anki's "Set due date"). */
function RescheduleDialog({ count, pending, onClose, onRun }: FormDialogProps) {
  const [days, setDays] = useState('1');
  return (
    <FormDialog
      title={<FormattedMessage id="cardBrowser.reschedule.title" values={{ count }} />}
      submit={<FormattedMessage id="cardBrowser.action.reschedule" />}
      pending={pending}
      onClose={onClose}
      onSubmit={() => days !== '' && onRun({ action: 'reschedule', days: Number(days) })}
    >
      <TextField
        label={<FormattedMessage id="cardBrowser.action.days" />}
        type="number"
        min={0}
        max={36500}
        required
        value={days}
        onChange={(event) => setDays(event.target.value)}
      />
    </FormDialog>
  );
}
