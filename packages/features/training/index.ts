export { TrainingIsland } from './islands.tsx';
export { Training } from './Training.tsx';
export { TrainingProgress } from './TrainingProgress.tsx';
export { TrainingResultView } from './TrainingResultView.tsx';
export { TrainingSession } from './TrainingSession.tsx';
export { PersonalBests, TrainingStartView } from './TrainingStartView.tsx';
