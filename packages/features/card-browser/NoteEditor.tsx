/** The note of a browser row, loaded then edited in the decks' NoteEditorDialog. */
import { type CardSearchResult, useNote } from '@memoria/api';
import { Snackbar } from '@memoria/ui';
import { useIntl } from 'react-intl';
import { NoteEditorDialog } from '../decks/index.ts';

export function NoteEditor({ card, onClose }: { card: CardSearchResult; onClose: () => void }) {
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
  return <NoteEditorDialog open deckId={card.desk_id} note={note.data} onClose={onClose} />;
}
