/** Structured logs: one JSON object per line on stdout (stderr for warn and error). */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type MessageLevel = Exclude<LogLevel, 'silent'>;

export interface Logger {
  readonly level: LogLevel;
  enabled(level: MessageLevel): boolean;
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

function parseLevel(value: string | undefined): LogLevel {
  const v = value?.toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(v ?? '') ? (v as LogLevel) : 'info';
}

export function createLogger(level: LogLevel = parseLevel(process.env.LOG_LEVEL)): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const enabled = (l: MessageLevel) => LOG_LEVELS.indexOf(l) >= threshold;
  const write = (l: MessageLevel, msg: string, fields?: Record<string, unknown>) => {
    if (!enabled(l)) return;
    const entry = redact({ time: new Date().toISOString(), level: l, msg, ...fields });
    const line = `${JSON.stringify(entry)}\n`;
    (l === 'warn' || l === 'error' ? process.stderr : process.stdout).write(line);
  };
  return {
    level,
    enabled,
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

/**
 * Keys whose values are never written: credentials, tokens, hashes, and the bound parameters of a
 * query (they carry whatever the user sent, emails and hashes included).
 */
const SECRET_KEY =
  /pass(word)?|secret|token|refresh|^access$|authori[sz]ation|cookie|hash|api[-_]?key|^params$|^parameters$/i;

/**
 * A failed query's message lists its parameters after `params:` (Drizzle's DrizzleQueryError),
 * up to the stack's first frame or the end.
 */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

export const REDACTED = '[redacted]';

/** A copy of a log entry with secret fields and query parameters replaced, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(QUERY_PARAMS, `\nparams: ${REDACTED}`);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 8) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

/** Message, stack and database error code of an error, and of its cause (no query parameters). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const fields: Record<string, unknown> = { error: error.message, stack: error.stack };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') fields.code = code;
  // PostgreSQL quotes the offending input in its messages (`invalid input syntax for type
  // integer: "ana@example.com"`); the code and the query text tell where without it.
  if ('severity' in error) {
    const masked = (s: string | undefined) => s?.replace(/"(?:[^"]|"")*"/g, '"…"');
    fields.error = masked(error.message);
    fields.stack = masked(error.stack);
  }
  if (error.cause !== undefined) fields.cause = errorFields(error.cause);
  return redact(fields) as Record<string, unknown>;
}
