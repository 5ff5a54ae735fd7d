export {
  chooseDiscipline,
  createMatch,
  forfeitMatch,
  type LoadedMatch,
  loadMatch,
  MATCH_MESSAGES,
  matchView,
  openGame,
  readMatch,
  respondToMatch,
  submitGame,
} from './match-flow.ts';
