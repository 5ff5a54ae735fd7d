/**
 * Types only, so the settlement (which builds it) and the responses (which read it) do not import
 * each other.
 */
import type { DuelUser } from '../../db/queries/duels.ts';

/** What showing a duel needs beside the duel: the players' accounts, who is online, the time. */
export interface DuelViewContext {
  users: Map<number, DuelUser>;
  /** Users with a live events stream (db/queries/presence.ts). */
  connected: ReadonlySet<number>;
  now: Date;
}
