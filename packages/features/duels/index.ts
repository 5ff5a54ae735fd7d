export { checkSetup, DuelSetup } from './DuelSetup.tsx';
export { DuelsHome } from './DuelsHome.tsx';
// What the duel arena shares with the duels screens: the styles, the loading and failed states.
export * as duelStyles from './duels.css.ts';
export { DuelSetupIsland, DuelsHomeIsland, KIND_GATE_TITLE, MatchIsland } from './islands.tsx';
export { MatchScreen } from './MatchScreen.tsx';
export {
  type DuelOutcome,
  DuelSection,
  decidedBy,
  LoadError,
  Loading,
  useAnswerTimes,
} from './shared.tsx';
