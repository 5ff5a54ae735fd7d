/** Progress: the /my-progress page and what every app page runs for progress. */
export { MyProgressIsland } from './islands.tsx';
export { MyProgress } from './MyProgress.tsx';
export { ProgressTracking } from './ProgressTracking.tsx';
