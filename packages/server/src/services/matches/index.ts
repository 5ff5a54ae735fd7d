export {
  chooseDiscipline,
  createMatch,
  type LoadedMatch,
  loadMatch,
  MATCH_MESSAGES,
  matchView,
  openGame,
  respondToMatch,
  submitGame,
} from './match-flow.ts';
