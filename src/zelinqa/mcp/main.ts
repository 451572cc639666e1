#!/usr/bin/env node
// The zelinqa-mcp process (docs/zelinqa-mcp.md §10): parse, log to stderr, check the key, refuse HTTP, serve stdio,
// and exit 0 as soon as stdin ends.
import { buildServer } from "./build-server.js";
import { HTTP_REFUSED_MESSAGE, MISSING_KEY_MESSAGE, parseArguments } from "./cli-arguments.js";
import { parseMcpEnvironment } from "./environment.js";
import { createLogger } from "./logger.js";
import { StdioLineTransport } from "./stdio-line-transport.js";

/** Whatever ends the process other than end of input is said on stderr first, with a non-zero code. */
function fatal(what: string, error: unknown): never {
  process.stderr.write(`CRITICAL zelinqa_mcp: ${what}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  process.on("uncaughtException", (error) => fatal("uncaught exception", error));
  process.on("unhandledRejection", (error) => fatal("unhandled rejection", error));
  const parsed = parseArguments(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
  if (parsed.kind === "exit") process.exit(parsed.code);
  const { args } = parsed;
  const logger = createLogger("zelinqa_mcp", args.logLevel);
  const environment = parseMcpEnvironment(process.env);
  if (environment.client.apiKey === undefined) {
    process.stderr.write(MISSING_KEY_MESSAGE);
    process.exit(2);
  }
  if (args.transport !== "stdio") {
    process.stderr.write(HTTP_REFUSED_MESSAGE);
    process.exit(2);
  }
  const server = buildServer({ logLevel: args.logLevel, advanced: args.advanced, environment });
  const finish = () => {
    logger.info("stdin closed; exiting");
    // close() clears the registry and closes the client; in-flight calls are abandoned, not awaited.
    void server.close().catch(() => undefined);
    setImmediate(() => process.exit(0));
  };
  process.stdin.once("end", finish);
  process.stdin.once("close", finish);
  const transport = new StdioLineTransport({ logger });
  await server.connect(transport);
  // The protocol layer replaces onerror on connect: keep its handling and log on stderr as well.
  const protocolOnError = transport.onerror;
  transport.onerror = (error) => {
    logger.error(`transport: ${error.message}`);
    protocolOnError?.(error);
  };
  logger.info(`serving over stdio (${args.advanced ? "advanced" : "business"} mode)`);
}

main().catch((error: unknown) => fatal("startup failed", error));
