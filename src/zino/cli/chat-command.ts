// `zino chat [--ctx KEY]` (docs/zino-protocol.md §7): a readline loop with history; each line is one turn whose text streams to
// stdout, with tool spinners on stderr. Ctrl-C during a turn cancels it (closes the connection) and returns
// to the prompt; Ctrl-C or Ctrl-D at an empty prompt ends the session.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { InstanceConfig } from "../config/index.js";
import { CliError, EXIT_OK, type CliIo } from "../../shared/cli.js";
import { streamTurnToTerminal } from "./daemon-turn.js";
import { pingService } from "./service-probe.js";
import { createToolSpinner } from "./tool-spinner.js";

const HISTORY_SIZE = 1000;

export interface ChatOptions {
  instance: InstanceConfig;
  io: CliIo;
  ctxkey: string | undefined;
}

export async function chatCommand({ instance, io, ctxkey }: ChatOptions): Promise<number> {
  if ((await pingService(instance.sockets.daemon, 2000)) === undefined) {
    throw new CliError(`the daemon does not answer on ${instance.sockets.daemon}`, {
      code: "service_unavailable",
      hint: "start the services with `zino up`",
    });
  }
  const terminal = Boolean(io.stdin.isTTY && io.stdout.isTTY);
  const historyFile = terminal ? chatHistoryPath(io.env) : undefined;
  let history = historyFile ? loadHistory(historyFile) : [];
  const rl = createInterface({
    input: io.stdin,
    output: io.stdout,
    terminal,
    history,
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
    prompt: terminal ? `${ctxkey ?? "default"}> ` : "",
  });
  rl.on("history", (lines: string[]) => {
    history = lines;
  });
  const spinner = createToolSpinner(io.stderr);
  let turn: AbortController | undefined;

  const interrupt = () => {
    if (turn) {
      turn.abort();
      return;
    }
    if (rl.line.length > 0) {
      io.stdout.write("^C\n");
      rl.write(null, { ctrl: true, name: "e" });
      rl.write(null, { ctrl: true, name: "u" });
      rl.prompt();
      return;
    }
    rl.close();
  };
  rl.on("SIGINT", interrupt);
  process.on("SIGINT", interrupt); // when stdin is not a terminal, Ctrl-C arrives as a real signal

  if (terminal) io.stderr.write(`zino chat on ctxkey ${ctxkey ?? "default"}; Ctrl-C cancels a turn, Ctrl-D exits\n`);
  try {
    rl.prompt();
    for await (const line of rl) {
      const message = line.trim();
      if (message === "/exit" || message === "/quit") break;
      if (message.length > 0) {
        turn = new AbortController();
        await chatTurn({ instance, io, ctxkey, message, signal: turn.signal, spinner });
        turn = undefined;
      }
      rl.prompt();
    }
  } finally {
    process.off("SIGINT", interrupt);
    rl.close();
    if (historyFile) saveHistory(historyFile, history);
  }
  if (terminal) io.stdout.write("\n");
  return EXIT_OK;
}

async function chatTurn(options: {
  instance: InstanceConfig;
  io: CliIo;
  ctxkey: string | undefined;
  message: string;
  signal: AbortSignal;
  spinner: ReturnType<typeof createToolSpinner>;
}): Promise<void> {
  const { io, spinner } = options;
  const outcome = await streamTurnToTerminal(
    { socketPath: options.instance.sockets.daemon, message: options.message, ctxkey: options.ctxkey, signal: options.signal },
    { stdout: io.stdout, spinner },
  );
  if (outcome.kind === "cancelled") io.stderr.write("zino: turn cancelled\n");
  else if (outcome.kind === "error") io.stderr.write(`zino: ${outcome.message} [${outcome.code}]\n`);
}

export function chatHistoryPath(env: NodeJS.ProcessEnv): string | undefined {
  if (env.ZINO_HISTORY_FILE !== undefined) return env.ZINO_HISTORY_FILE || undefined;
  const stateHome = env.XDG_STATE_HOME || join(env.HOME || homedir(), ".local", "state");
  return join(stateHome, "zino", "chat_history");
}

/** The file holds one entry per line, oldest first; readline wants newest first. */
function loadHistory(path: string): string[] {
  if (!existsSync(path)) return [];
  try {
    return readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => l.length > 0)
      .slice(-HISTORY_SIZE)
      .reverse();
  } catch {
    return [];
  }
}

function saveHistory(path: string, newestFirst: string[]): void {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, `${[...newestFirst].reverse().join("\n")}\n`, { mode: 0o600 });
  } catch {
    // history is a convenience; failing to save it must not fail the session
  }
}
