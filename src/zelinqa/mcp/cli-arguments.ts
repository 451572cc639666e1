// The zelinqa-mcp command line (docs/zelinqa-mcp.md §10): flags, defaults, and exit codes for usage errors.
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { SERVER_VERSION } from "./identity.js";
import { LOG_LEVELS, type LogLevel } from "./logger.js";

export interface CliArguments {
  transport: "stdio" | "streamable-http";
  host: string;
  port: number;
  logLevel: LogLevel;
  advanced: boolean;
}

export type ParseOutcome = { kind: "run"; args: CliArguments } | { kind: "exit"; code: number };

export interface CliOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError("must be an integer between 0 and 65535");
  return Number(value);
}

function parseTransport(value: string): CliArguments["transport"] {
  if (value === "stdio" || value === "streamable-http") return value;
  throw new InvalidArgumentError("the only transport is stdio");
}

/** Parses `argv` (without node and script). `--version` and `--help` are answered here, with or without a key. */
export function parseArguments(argv: readonly string[], output: CliOutput): ParseOutcome {
  const program = new Command("zelinqa-mcp")
    .description("Zelinqa MCP server (stdio): the host asks the questions, Zelinqa decides which one is worth asking.")
    // Help lists only what works: stdio. `streamable-http`, --host and --port are still parsed (docs/zelinqa-mcp.md §10)
    // so that existing host configurations get the explicit refusal instead of a usage error.
    .addOption(
      new Option("--transport <transport>", "MCP transport: stdio (the only one served)").argParser(parseTransport).default("stdio"),
    )
    .addOption(new Option("--host <host>").hideHelp().default("127.0.0.1"))
    .addOption(new Option("--port <port>").hideHelp().argParser(parsePort).default(8000))
    .addOption(new Option("--log-level <level>", "stderr log level").choices(LOG_LEVELS).default("WARNING"))
    .option("--advanced", "expose the 6 low-level tools instead of the business tools", false)
    .version(`zelinqa-mcp ${SERVER_VERSION}`, "--version", "print the version and exit")
    .helpOption("--help", "print this help and exit")
    .allowExcessArguments(false)
    .exitOverride()
    .configureOutput({ writeOut: output.out, writeErr: output.err });
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      const success = error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
      return { kind: "exit", code: success ? 0 : 2 };
    }
    throw error;
  }
  const opts = program.opts<{ transport: CliArguments["transport"]; host: string; port: number; logLevel: LogLevel; advanced: boolean }>();
  return {
    kind: "run",
    args: { transport: opts.transport, host: opts.host, port: opts.port, logLevel: opts.logLevel, advanced: opts.advanced },
  };
}

export const MISSING_KEY_MESSAGE =
  "zelinqa-mcp: ZELINQA_API_KEY is not set. Create a Zelinqa API key with the `runtime` scope and set it as " +
  "ZELINQA_API_KEY in the env block of your MCP host configuration.\n";

export const HTTP_REFUSED_MESSAGE =
  "streamable-http is disabled: use stdio, isolated per trusted host/user. Authentication and session isolation " +
  "are required before hosting over HTTP.\n";
