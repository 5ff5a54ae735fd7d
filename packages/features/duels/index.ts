export { checkSetup, DuelSetup } from './DuelSetup.tsx';
export { DuelsHome } from './DuelsHome.tsx';
export { DuelArenaIsland, DuelSetupIsland, DuelsHomeIsland } from './islands.tsx';
export { QuizArena, QuizArenaView } from './QuizArena.tsx';
export { ImageArena, RecallArenaView, TableArena } from './RecallArena.tsx';
