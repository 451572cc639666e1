// `--help` and `--version` of the service binaries (zino-ctx, -rtr, -exc, -daemon): answered before anything is
// read, opened or listened on, so asking for help never writes a database or a socket.
import { packageVersion } from "../../shared/package-version.js";

const DESCRIPTIONS: Record<string, string> = {
  ctx: "the ZINO database service: configuration, prompts, memory, history, tools and skills",
  rtr: "the ZINO model router: OpenAI-compatible streaming, retries, fallback, context budget",
  exc: "the ZINO execution service: sandboxed tools (bubblewrap), MCP servers, sub-agents",
  daemon: "the ZINO agent loop: answers clients on the daemon socket",
  host: "the four ZINO services (or those --services names) in one process, each on its own socket",
};

/** The text to print and exit with for `--help`/`-h`/`--version`/`-V`, or undefined to start the service. */
export function serviceFlags(name: string, argv: readonly string[]): string | undefined {
  if (argv.includes("--version") || argv.includes("-V")) return `${packageVersion()}\n`;
  if (!argv.includes("--help") && !argv.includes("-h")) return undefined;
  return [
    `Usage: zino-${name} [--config ZINO.toml]${name === "host" ? " [--services ctx,rtr,exc,daemon]" : ""}`,
    "",
    `zino-${name}: ${DESCRIPTIONS[name] ?? "a ZINO service"}. Runs in the foreground until SIGTERM or SIGINT;`,
    "`zino up` starts the four services together. Logs are JSON lines on stderr (ZINO_LOG_LEVEL sets the level).",
    "",
    "Options:",
    "  --config <path>  ZINO.toml to use (default: $ZINO_CONFIG, else ./ZINO.toml, else built-in defaults)",
    ...(name === "host" ? ["  --services <list>  the services to run, comma-separated (default: all four)"] : []),
    "  -V, --version    print the version and exit",
    "  -h, --help       print this help and exit",
    "",
  ].join("\n");
}
