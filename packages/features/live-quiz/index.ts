export { LiveQuizIsland, LiveQuizJoinIsland } from './islands.tsx';
export { LiveQuizJoin } from './LiveQuizJoin.tsx';
export { LiveQuizScreen } from './LiveQuizScreen.tsx';
export { StartLiveQuizButton } from './StartLiveQuizButton.tsx';
