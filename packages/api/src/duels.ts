/**
 * Duels: query keys of every duel read (duels, requests, history, stats). Duel requests and
 * their answers arrive as notifications and opponent moves as `duel_progress` events; both make
 * everything under `duelKeys.all` stale (`EVENT_INVALIDATIONS`).
 */
export const duelKeys = {
  all: ['duels'] as const,
};
