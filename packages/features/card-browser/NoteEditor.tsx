/**
 * The note of a browser row, loaded then edited in the decks' NoteEditorDialog: the one note form,
 * as a side panel or a dialog.
 */
import { type CardSearchResult, useNote } from '@memoria/api';
import { Snackbar } from '@memoria/ui';
import { useIntl } from 'react-intl';
import { NoteEditorDialog } from '../decks/index.ts';

export function NoteEditor({
  card,
  variant,
  onClose,
}: {
  card: CardSearchResult;
  /** `panel` beside the table (desktop width), `dialog` over it (a phone). */
  variant: 'panel' | 'dialog';
  onClose: () => void;
}) {
  const intl = useIntl();
  const note = useNote(card.note_id);
  if (note.isError) {
    return (
      <Snackbar
        open
        severity="error"
        message={intl.formatMessage({ id: 'cardBrowser.noteLoadFailed' })}
        onClose={onClose}
      />
    );
  }
  if (!note.data) return null;
  return (
    <NoteEditorDialog
      open
      variant={variant}
      deckId={card.desk_id}
      note={note.data}
      onClose={onClose}
    />
  );
}
