import { availableParallelism } from 'node:os';

/**
 * Every project's worker count: one per core. A project resolves its own `maxWorkers` (Vitest 5
 * does not take the root config's), and its default is one fewer than the cores, which on the
 * 2-core CI machine ran every file of every project one after the other: 704 s for 330 s of
 * tests, the workers idle while files waited on PostgreSQL (2026-11-29).
 * tests/repo/vitest-workers.test.ts checks each project's resolved count.
 */
export const WORKERS = availableParallelism();
