// Structured logs (pino JSON lines) on stderr, written synchronously so nothing is lost on exit; stdout is reserved
// for protocol and CLI output.
import { pino, type Logger } from "pino";

export type { Logger };

export interface StderrLoggerOptions {
  level: string;
  /** The process's name, logged as `name` and `svc` on every line. */
  name?: string;
  /** `time` as ISO 8601 instead of epoch milliseconds. */
  isoTime?: boolean;
}

export function createStderrLogger(options: StderrLoggerOptions): Logger {
  const { level, name, isoTime } = options;
  return pino(
    {
      level,
      ...(name !== undefined ? { name, base: { svc: name } } : { base: undefined }),
      ...(isoTime ? { timestamp: pino.stdTimeFunctions.isoTime } : {}),
    },
    pino.destination({ dest: 2, sync: true }),
  );
}

/** A logger that drops everything, for tests that assert on behaviour rather than logs. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
