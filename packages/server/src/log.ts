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
    const line = `${JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...fields })}\n`;
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

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
