/** Add or edit a card: front and back text, and an optional image on either side. */
import { type Card, useCreateCard, useUpdateCard } from '@memoria/api';
import { Button, Dialog, TextArea } from '@memoria/ui';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from './DeckDialogs.tsx';
import * as s from './decks.css.ts';
import { errorText } from './errors.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { validateCard } from './validation.ts';

type Side = { text: string; image: string | null };

function SideFields({
  side,
  value,
  error,
  onChange,
}: {
  side: 'front' | 'back';
  value: Side;
  error?: string | undefined;
  onChange: (value: Side) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className={s.form} style={{ border: 0, padding: 0, margin: 0 }}>
      <TextArea
        label={intl.formatMessage({
          id: side === 'front' ? 'decks.card.front' : 'decks.card.back',
        })}
        name={side}
        rows={3}
        maxLength={5000}
        value={value.text}
        error={error}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
      />
      {value.image ? (
        <div className={s.actions} style={{ alignItems: 'center' }}>
          <img
            className={s.thumb}
            src={value.image}
            alt={intl.formatMessage({
              id: side === 'front' ? 'decks.card.frontImage' : 'decks.card.backImage',
            })}
          />
          <Button variant="text" size="sm" onClick={() => onChange({ ...value, image: null })}>
            <FormattedMessage id="decks.card.removeImage" />
          </Button>
        </div>
      ) : (
        <ImagePicker
          label={intl.formatMessage({
            id: side === 'front' ? 'decks.card.addFrontImage' : 'decks.card.addBackImage',
          })}
          onPicked={([file]) => {
            if (file) onChange({ ...value, image: file.dataUrl });
          }}
        />
      )}
    </fieldset>
  );
}

export function CardEditorDialog({
  open,
  onClose,
  deckId,
  card,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  deckId: number;
  card?: Card;
  onSaved?: (card: Card) => void;
}) {
  const intl = useIntl();
  const formId = useId();
  const [front, setFront] = useState<Side>({
    text: card?.front ?? '',
    image: card?.front_image ?? null,
  });
  const [back, setBack] = useState<Side>({
    text: card?.back ?? '',
    image: card?.back_image ?? null,
  });
  const [errors, setErrors] = useState<{ front?: string; back?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCard();
  const update = useUpdateCard();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateCard({
      front: front.text,
      back: back.text,
      frontImage: front.image,
      backImage: back.image,
    });
    const fieldErrors = {
      ...(invalid.front ? { front: intl.formatMessage({ id: invalid.front }) } : {}),
      ...(invalid.back ? { back: intl.formatMessage({ id: invalid.back }) } : {}),
    };
    setErrors(fieldErrors);
    if (invalid.front || invalid.back) return;
    setError(null);
    try {
      // On edit an unchanged image is left out (kept by the server); null removes it.
      const body = {
        front: front.text.trim(),
        back: back.text.trim(),
        ...(card && front.image === card.front_image ? {} : { front_image: front.image }),
        ...(card && back.image === card.back_image ? {} : { back_image: back.image }),
      };
      const saved = card
        ? await update.mutateAsync({ id: card.id, ...body })
        : await create.mutateAsync({ desk_id: deckId, ...body });
      onSaved?.(saved);
      onClose();
    } catch (failure) {
      setError(errorText(intl, failure));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id={card ? 'decks.card.editTitle' : 'decks.card.addTitle'} />}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="decks.action.cancel" />
          </Button>
          <Button type="submit" form={formId} loading={create.isPending || update.isPending}>
            <FormattedMessage id="decks.action.save" />
          </Button>
        </>
      }
    >
      <form id={formId} className={s.form} onSubmit={onSubmit} noValidate>
        <FormError text={error} />
        <SideFields side="front" value={front} error={errors.front} onChange={setFront} />
        <SideFields side="back" value={back} error={errors.back} onChange={setBack} />
      </form>
    </Dialog>
  );
}
