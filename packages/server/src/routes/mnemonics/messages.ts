/** The English messages of mnemonics errors (the UI translates by code and field key). */
export const MESSAGES = {
  noNumbers: 'Error: No numbers entered',
  onlyNumbers: 'Error: Only numbers and spaces are allowed',
  numberEmpty: 'Error: Number field is empty',
  blank: 'This field may not be blank.',
  chatNotFound: 'No chat with this id.',
  messageNotFound: 'No message with this id.',
  assistantReadOnly: 'Only your own messages can be edited.',
  storyUnavailable: 'The story assistant is unavailable right now. Try again.',
  // The learner's own table (table.ts).
  lettersOnly: 'Enter one word, letters only.',
  notInDictionary: 'This word is not in the pronouncing dictionary.',
  doesNotEncode: (digits: string, encodes: string) =>
    `This word's sounds encode ${encodes || 'no digits'}, not ${digits}.`,
  numberRepeated: 'This number is already in the list.',
} as const;
