// The shared body of every service's main.ts: read `--config`, load ZINO.toml, start, stop cleanly on signals.
import { loadInstanceConfig, type InstanceConfig, type ServiceName } from "../config/index.js";
import { createLogger, type Logger } from "../../wire/index.js";

export interface Service {
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceDeps {
  instance: InstanceConfig;
  logger: Logger;
  env: NodeJS.ProcessEnv;
}

export function configFlag(argv: readonly string[]): string | undefined {
  const index = argv.findIndex((arg) => arg === "--config" || arg.startsWith("--config="));
  if (index < 0) return undefined;
  const arg = argv[index]!;
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[index + 1];
}

export async function runService(name: ServiceName, create: (deps: ServiceDeps) => Service): Promise<void> {
  const logger = createLogger(`zino-${name}`);
  let instance: InstanceConfig;
  try {
    instance = loadInstanceConfig({ path: configFlag(process.argv.slice(2)) });
  } catch (err) {
    process.stderr.write(`zino-${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  const service = create({ instance, logger, env: process.env });
  const stop = (signal: string) => {
    logger.info({ signal }, "stopping");
    service.close().then(() => process.exit(0), (err: unknown) => {
      logger.error({ err }, "error while stopping");
      process.exit(1);
    });
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  try {
    await service.start();
  } catch (err) {
    logger.fatal({ err }, "cannot start");
    process.exit(1);
  }
}
