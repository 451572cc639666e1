// Structured logs (JSON lines) on stderr; stdout is reserved for protocol and CLI output.
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(name: string, level: string = process.env.ZINO_LOG_LEVEL ?? "info"): Logger {
  return pino({ name, level, base: { svc: name } }, pino.destination({ dest: 2, sync: true }));
}

/** A logger that drops everything, for tests that assert on behaviour rather than logs. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
