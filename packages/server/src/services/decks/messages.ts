/** The texts of the deck access checks (routes/space-repetition/messages.ts adds the routes' own). */
export const ACCESS_MESSAGES = {
  deckNotFound: 'No desk with this id.',
  cardNotFound: 'No card with this id.',
  readOnly: 'This desk is shared with you read-only.',
  ownerOnly: 'Only the owner of this desk can do this.',
} as const;
