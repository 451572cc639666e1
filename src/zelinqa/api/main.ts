// The API server process: the environment of docs/zelinqa-api.md §2.2, migrations applied, the app and its compilation worker
// listening until SIGTERM or SIGINT. Exit codes as `zelinqa serve`: 2 for a configuration error, 1 otherwise.
import { ZodError } from "zod";
import { ListenError } from "./listen-error.js";
import { ConfigError, resolveServerConfig } from "./server-config.js";
import { createLogger, startServer } from "./server.js";

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGTERM", () => resolve());
    process.once("SIGINT", () => resolve());
  });
}

function describe(error: unknown): string {
  if (error instanceof ListenError) return `${error.message}; ${error.hint}`;
  if (error instanceof ZodError) return `invalid input: ${error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`;
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<number> {
  try {
    const config = resolveServerConfig(process.env, {});
    const server = await startServer(config, createLogger(config.logLevel));
    await untilSignal();
    await server.close();
    return 0;
  } catch (error) {
    process.stderr.write(`zelinqa: ${describe(error)}\n`);
    return error instanceof ConfigError || error instanceof ZodError ? 2 : 1;
  }
}

const code = await main();
process.exitCode = code;
setTimeout(() => process.exit(code), 3000).unref();
