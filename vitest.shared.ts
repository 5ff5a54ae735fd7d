import { availableParallelism } from 'node:os';

/**
 * Every project's worker count: one per core. A project resolves its own `maxWorkers` (Vitest 5
 * does not take the root config's), and its default is one fewer than the cores, which on the
 * 2-core CI machine ran every file of every project one after the other: 704 s for 330 s of
 * tests, the workers idle while files waited on PostgreSQL (2026-11-29).
 * tests/repo/vitest-workers.test.ts checks each project's resolved count.
 */
export const WORKERS = availableParallelism();

/**
 * How long one test may take before it is called hung, in the projects that run beside the
 * story tests and the journeys: a guard against a hang, never a speed limit (as the browser
 * tests' limits in tests/support/limits.ts). Vitest's 5 s, and the 30 s these projects had, were
 * passed by the Anki batch import on a loaded machine with two workers a project (2026-11-29).
 */
export const TEST_LIMIT_MS = 120_000;
