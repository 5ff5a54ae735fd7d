import type { TrainingAttempt } from '@memoria/api';

/** What a discipline's recall view gets: the attempt, the answers so far and how to change them. */
export interface RecallProps {
  attempt: TrainingAttempt;
  /** The answers payload as it stands (the shape `POST duels/training/{id}/submit/` takes). */
  answers: string[];
  onChange: (answers: string[]) => void;
  /** Submit the recall now, as the Submit button does (Enter in a field where Enter has no other use). */
  onSubmit?: () => void;
}

export const replaceAt = (list: string[], i: number, value: string) =>
  list.map((x, j) => (j === i ? value : x));
