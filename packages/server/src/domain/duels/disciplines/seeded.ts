/** The seeded randomness every discipline draws its content from, so a seed repeats it exactly. */
import { seededRandom } from '../../workload/random.ts';
import { shuffle } from '../duel-content.ts';

export type Random = () => number;

export const randomFor = (seed: number, stream: string): Random => {
  // A separate stream per use (content, recall order…), so adding one draw moves no other.
  let h = seed >>> 0;
  for (const ch of stream) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return seededRandom(h);
};

/** `count` distinct items of `pool`, in random order. */
export function pick<T>(pool: readonly T[], count: number, random: Random): T[] {
  return shuffle(pool, random).slice(0, count);
}

export { shuffle };
