/**
 * Editing a card: the card's note decides the dialog. A `basic` note of plain text (what the
 * spec's card form makes) keeps the card dialog with its images; any other note (cloze,
 * occlusion, formatted text, an own type…) opens in the note editor, which renders all its cards.
 */
import { type Card, useNote } from '@memoria/api';
import { Dialog, Skeleton } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import { CardEditorDialog } from './CardEditorDialog.tsx';
import { LazyNoteEditorDialog } from './lazyNoteDialogs.tsx';
import { isPlainCardNote } from './noteFields.ts';

export function EditCardDialog({
  deckId,
  card,
  onClose,
  onNoteSaved,
}: {
  deckId: number;
  card: Card;
  onClose: () => void;
  onNoteSaved?: () => void;
}) {
  const note = useNote(card.note_id);
  // A note that cannot be read still leaves the card's own dialog to edit it with.
  if (note.isError || (note.data && isPlainCardNote(note.data))) {
    return <CardEditorDialog open deckId={deckId} card={card} onClose={onClose} />;
  }
  if (note.data) {
    return (
      <LazyNoteEditorDialog
        open
        deckId={deckId}
        note={note.data}
        onClose={onClose}
        onSaved={onNoteSaved}
      />
    );
  }
  return (
    <Dialog open onClose={onClose} title={<FormattedMessage id="decks.card.editTitle" />}>
      <Skeleton variant="rect" height={176} />
    </Dialog>
  );
}
