export { DuelArena } from './DuelArena.tsx';
export { DuelArenaIsland } from './islands.tsx';
export { QuizArena, QuizArenaView } from './QuizArena.tsx';
export { ImageArena, RecallArenaView, TableArena } from './RecallArena.tsx';
