/** The English messages of note errors (clients translate `code` and `field_codes`). */
export const NOTE_MESSAGES = {
  noteNotFound: 'No note with this id.',
  noteTypeNotFound: 'No note type with this id.',
  noteTypeInUse: 'Notes still use this note type; delete them first.',
  unknownType: 'No note type with this key or id.',
  unknownField: 'This note type has no such field.',
  required: 'Please fill in this field.',
  imageRequired: 'Add an image to hide parts of.',
  clozeRequired: 'Add at least one cloze deletion, such as {{c1::answer}}.',
  clozeRange: 'Cloze numbers run from c1 to c100.',
  nothingToAsk: 'The front template shows nothing with these fields.',
  editThroughNote: 'This card belongs to a note of another type: edit the note.',
} as const;
