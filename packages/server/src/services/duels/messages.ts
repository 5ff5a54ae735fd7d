/** The texts of the duel settlement (routes/duels/messages.ts adds the routes' own). */
export const SETTLEMENT_MESSAGES = {
  duelNotFound: 'Duel not found.',
} as const;
