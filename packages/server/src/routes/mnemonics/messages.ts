/** The English messages of mnemonics errors (the UI translates by code and field key). */
export const MESSAGES = {
  noNumbers: 'Error: No numbers entered',
  onlyNumbers: 'Error: Only numbers and spaces are allowed',
  numberEmpty: 'Error: Number field is empty',
  chatNotFound: 'No chat with this id.',
  messageNotFound: 'No message with this id.',
  assistantReadOnly: 'Only your own messages can be edited.',
  storyUnavailable: 'The story assistant is unavailable right now. Try again.',
} as const;
