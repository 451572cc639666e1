// The ZINO services' logs: JSON lines on stderr (stdout is reserved for protocol and CLI output), each line naming
// its service, at ZINO_LOG_LEVEL (default info).
import { createStderrLogger, silentLogger, type Logger } from "../shared/stderr-logger.js";

export type { Logger };
export { silentLogger };

export function createLogger(name: string, level: string = process.env.ZINO_LOG_LEVEL ?? "info"): Logger {
  return createStderrLogger({ name, level });
}
