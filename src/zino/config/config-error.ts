// A ZINO.toml that cannot be used: every service prints its message and exits 2 (src/zino/runtime/run-service.ts).
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
