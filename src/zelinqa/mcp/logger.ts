// Logs on stderr only, as `LEVEL name: message` (docs/zelinqa-mcp.md §2). Never given bodies, content or keys.
export const LOG_LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
}

export function createLogger(
  name: string,
  level: LogLevel = "WARNING",
  write: (line: string) => void = (l) => process.stderr.write(l),
): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const log = (at: LogLevel, message: string) => {
    if (LOG_LEVELS.indexOf(at) >= threshold) write(`${at} ${name}: ${message}\n`);
  };
  return {
    debug: (m) => log("DEBUG", m),
    info: (m) => log("INFO", m),
    warning: (m) => log("WARNING", m),
    error: (m) => log("ERROR", m),
  };
}
