export { checkSetup, DuelSetup } from './DuelSetup.tsx';
export { DuelsHome } from './DuelsHome.tsx';
// What the duel arena shares with the duels screens: the styles, the loading and failed states.
export * as duelStyles from './duels.css.ts';
export { DuelSetupIsland, DuelsHomeIsland, KIND_GATE_TITLE } from './islands.tsx';
export { DuelSection, LoadError, Loading } from './shared.tsx';
