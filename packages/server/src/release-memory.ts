/**
 * One full, memory-reducing collection, for after a rare job that grew the heap by hundreds of
 * MB (an Anki import): V8 would otherwise keep those pages resident until its memory reducer
 * gets round to them. The same collection `scripts/start.ts` runs once after start-up; `gc` is
 * taken from a context made while --expose-gc was on, so the product's own global gains nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: Collect | undefined;

export function releaseMemory(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
    setFlagsFromString('--no-expose-gc');
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
