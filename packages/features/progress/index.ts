/** Progress: the /my-progress page and what every app page runs for progress. */
export { ProgressTracking } from './ProgressTracking.tsx';
