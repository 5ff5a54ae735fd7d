/** The matches' texts (English; clients translate from `code` and `field_codes`). */
export const MATCH_MESSAGES = {
  matchNotFound: 'Match not found.',
  opponentOnly: 'Only the challenged friend can answer this match request.',
  notPending: 'This match request was already answered.',
  notStarted: 'The match has not started: your friend has not accepted yet.',
  over: 'The match is over.',
  wrongPhase: (action: string) => `This is not the time to ${action}.`,
  notYourTurn: 'It is your friend’s turn.',
  unavailable: (action: string) =>
    action === 'veto'
      ? 'Already vetoed: choose another discipline.'
      : 'Vetoed, or you picked it before in this match: choose another discipline.',
  noGame: 'No game is being played now.',
  notOpened: 'Open the game (play) before submitting its recall.',
  submitted: 'Your recall of this game is already in.',
} as const;
