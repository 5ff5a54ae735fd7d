// The settings every load row of the bench reads from the environment, with their defaults.

/** Seconds each row is measured (BENCH_DURATION, default 10). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Concurrent connections of a row that names none (BENCH_CONNECTIONS, default 32). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Seconds of unmeasured load before each row (BENCH_WARMUP, default 2; 0 skips it). */
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
