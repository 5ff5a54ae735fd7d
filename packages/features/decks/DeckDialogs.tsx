/** The deck list's dialogs: create or rename, delete (confirmed), share, new cards per day. */
import {
  type Deck,
  NEW_CARDS_PER_DAY,
  useConfigureNewCards,
  useCreateDeck,
  useDeleteDeck,
  useShareDeck,
  useUpdateDeck,
} from '@memoria/api';
import { Button, Dialog, FormDialog, TextArea, TextField } from '@memoria/ui';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './decks.css.ts';
import { errorText } from './errors.ts';
import {
  parseEmails,
  validateDeckName,
  validateEmails,
  validateNewCardsPerDay,
} from './validation.ts';

export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className={s.alert}>
      {text}
    </p>
  );
}

type DialogBase = { open: boolean; onClose: () => void };

/** Create a deck (no `deck`) or rename one. */
export function DeckNameDialog({
  open,
  onClose,
  deck,
  onSaved,
}: DialogBase & { deck?: Deck; onSaved?: (deck: Deck) => void }) {
  const intl = useIntl();
  const [name, setName] = useState(deck?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateDeck();
  const update = useUpdateDeck();
  const pending = create.isPending || update.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateDeckName(name);
    if (invalid) {
      setError(intl.formatMessage({ id: invalid }));
      return;
    }
    setError(null);
    try {
      const saved = deck
        ? await update.mutateAsync({ id: deck.id, name: name.trim() })
        : await create.mutateAsync({ name: name.trim() });
      onSaved?.(saved);
      onClose();
    } catch (failure) {
      setError(errorText(intl, failure));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="sm"
      title={<FormattedMessage id={deck ? 'decks.rename.title' : 'decks.create.title'} />}
      cancelLabel={<FormattedMessage id="decks.action.cancel" />}
      submitLabel={<FormattedMessage id={deck ? 'decks.action.save' : 'decks.action.create'} />}
      pending={pending}
      onSubmit={onSubmit}
    >
      <TextField
        label={intl.formatMessage({ id: 'decks.field.name' })}
        name="name"
        value={name}
        maxLength={200}
        autoComplete="off"
        autoFocus
        onChange={(event) => setName(event.target.value)}
        error={error ?? undefined}
      />
    </FormDialog>
  );
}

/** Delete a deck, its cards and their review history, after confirmation. */
export function DeleteDeckDialog({
  open,
  onClose,
  deck,
  onDeleted,
}: DialogBase & { deck: Deck; onDeleted?: () => void }) {
  const intl = useIntl();
  const remove = useDeleteDeck();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={<FormattedMessage id="decks.delete.title" />}
      description={
        <FormattedMessage
          id="decks.delete.body"
          values={{ name: deck.name, count: deck.cards_count }}
        />
      }
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="decks.action.cancel" />
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync({ id: deck.id });
                onDeleted?.();
                onClose();
              } catch (failure) {
                setError(errorText(intl, failure));
              }
            }}
          >
            <FormattedMessage id="decks.action.delete" />
          </Button>
        </>
      }
    >
      {error ? <FormError text={error} /> : null}
    </Dialog>
  );
}

/** Share with one or more emails; optionally let them edit. */
export function ShareDeckDialog({
  open,
  onClose,
  deck,
  onShared,
}: DialogBase & { deck: Deck; onShared?: (message: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [allowEditing, setAllowEditing] = useState(deck.allow_editing);
  const [error, setError] = useState<string | null>(null);
  const share = useShareDeck();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const emails = parseEmails(text);
    const invalid = validateEmails(emails);
    if (invalid) {
      setError(intl.formatMessage({ id: invalid.id }, { email: invalid.email }));
      return;
    }
    setError(null);
    try {
      const result = await share.mutateAsync({
        id: deck.id,
        emails,
        allow_editing: allowEditing,
      });
      const parts = [
        intl.formatMessage({ id: 'decks.share.done' }, { count: result.shared_with.length }),
      ];
      if (result.not_registered.length > 0) {
        parts.push(
          intl.formatMessage(
            { id: 'decks.share.notRegistered' },
            { emails: intl.formatList(result.not_registered) },
          ),
        );
      }
      onShared?.(parts.join(' '));
      onClose();
    } catch (failure) {
      setError(errorText(intl, failure));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="decks.share.title" values={{ name: deck.name }} />}
      cancelLabel={<FormattedMessage id="decks.action.cancel" />}
      submitLabel={<FormattedMessage id="decks.action.share" />}
      pending={share.isPending}
      onSubmit={onSubmit}
    >
      <TextArea
        label={intl.formatMessage({ id: 'decks.share.emails' })}
        helperText={intl.formatMessage({ id: 'decks.share.emailsHint' })}
        name="emails"
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        error={error ?? undefined}
      />
      <label className={s.checkRow}>
        <input
          type="checkbox"
          checked={allowEditing}
          onChange={(event) => setAllowEditing(event.target.checked)}
        />
        <FormattedMessage id="decks.share.allowEditing" />
      </label>
      {deck.shared_with.length > 0 ? (
        <p className={s.note}>
          <FormattedMessage
            id="decks.share.already"
            values={{ emails: intl.formatList(deck.shared_with) }}
          />
        </p>
      ) : null}
    </FormDialog>
  );
}

/** The learner's own new-cards-per-day limit for a deck (0 to 9999; 0 pauses new cards). */
export function NewCardsDialog({ open, onClose, deck }: DialogBase & { deck: Deck }) {
  const intl = useIntl();
  const [value, setValue] = useState(String(deck.new_cards_per_day));
  const [error, setError] = useState<string | null>(null);
  const configure = useConfigureNewCards();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewCardsPerDay(value);
    if (invalid) {
      setError(
        intl.formatMessage(
          { id: invalid },
          { min: NEW_CARDS_PER_DAY.min, max: NEW_CARDS_PER_DAY.max },
        ),
      );
      return;
    }
    setError(null);
    try {
      await configure.mutateAsync({ id: deck.id, new_cards_per_day: Number(value) });
      onClose();
    } catch (failure) {
      setError(errorText(intl, failure));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="sm"
      title={<FormattedMessage id="decks.newCards.title" />}
      description={
        <FormattedMessage id="decks.newCards.description" values={{ name: deck.name }} />
      }
      cancelLabel={<FormattedMessage id="decks.action.cancel" />}
      submitLabel={<FormattedMessage id="decks.action.save" />}
      pending={configure.isPending}
      onSubmit={onSubmit}
    >
      <TextField
        label={intl.formatMessage({ id: 'decks.newCards.label' })}
        type="number"
        inputMode="numeric"
        name="new_cards_per_day"
        min={NEW_CARDS_PER_DAY.min}
        max={NEW_CARDS_PER_DAY.max}
        step={1}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error ?? undefined}
        helperText={intl.formatMessage(
          { id: 'decks.newCards.hint' },
          { min: NEW_CARDS_PER_DAY.min, max: NEW_CARDS_PER_DAY.max },
        )}
      />
    </FormDialog>
  );
}
