/** Test helpers for jobs run by `runInChild` (child/child-process.ts). */
import type { ChildJobError } from '../child/child-process.ts';

/** The job's failure, which must happen (the job must not answer). */
export async function failureOf(job: { result: Promise<unknown> }): Promise<ChildJobError> {
  const settled = await job.result.then(
    (value) => ({ value }),
    (error: ChildJobError) => ({ error }),
  );
  if (!('error' in settled)) throw new Error(`the job answered ${JSON.stringify(settled.value)}`);
  return settled.error;
}

/** Whether the process `pid` still exists. */
export const alive = (pid: number | undefined): boolean => {
  try {
    process.kill(pid as number, 0);
    return true;
  } catch {
    return false;
  }
};
