// `zino chat [--ctx KEY]` (docs/zino-protocol.md §7): a readline loop with history; each line is one turn whose text streams to
// stdout, with tool spinners on stderr. Ctrl-C during a turn cancels it (closes the connection) and returns
// to the prompt; Ctrl-C or Ctrl-D at an empty prompt ends the session. `/help`, `/quit` and `/exit` are the chat's own
// (chatLine below) and never reach the model. With piped (non-terminal) input every line is
// still a turn, and the exit status tells a script whether all of them completed: 1 when a turn failed, 130 when one
// was cancelled (and none failed), 0 otherwise. An interactive session always ends 0 (its user saw each error).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { readInputFile } from "../../shared/input-file.js";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import { pullLines, type BoundedLine, type LinePuller } from "../../shared/bounded-lines.js";
import type { InstanceConfig } from "../config/index.js";
import { CliError, EXIT_CANCELLED, EXIT_FAILURE, EXIT_OK, type CliIo } from "../../shared/cli.js";
import { streamTurnToTerminal } from "./daemon-turn.js";
import { pingService } from "./service-probe.js";
import { createToolSpinner } from "./tool-spinner.js";

const HISTORY_SIZE = 1000;
const MAX_HISTORY_FILE_BYTES = 16 * 1024 * 1024;

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
  const rl = terminal
    ? createInterface({
        input: io.stdin,
        output: io.stdout,
        terminal,
        history,
        historySize: HISTORY_SIZE,
        removeHistoryDuplicates: true,
        prompt: `${ctxkey ?? "default"}> `,
      })
    : undefined;
  rl?.on("history", (lines: string[]) => {
    history = lines;
  });
  // Piped input: one line at a time, each at most what one frame carries (readline kept an endless line whole).
  const piped = rl ? undefined : pullLines(io.stdin as AsyncIterable<Buffer | string>, instance.maxFrameBytes);
  const spinner = createToolSpinner(io.stderr);
  let turn: AbortController | undefined;
  const tally = { turns: 0, failed: 0, cancelled: 0 };

  const interrupt = () => {
    if (turn) {
      turn.abort();
      return;
    }
    if (rl && rl.line.length > 0) {
      io.stdout.write("^C\n");
      rl.write(null, { ctrl: true, name: "e" });
      rl.write(null, { ctrl: true, name: "u" });
      rl.prompt();
      return;
    }
    rl?.close();
    piped?.stop();
  };
  rl?.on("SIGINT", interrupt);
  process.on("SIGINT", interrupt); // when stdin is not a terminal, Ctrl-C arrives as a real signal

  if (terminal) io.stderr.write(`zino chat on ctxkey ${ctxkey ?? "default"}; Ctrl-C cancels a turn, Ctrl-D exits, /help for more\n`);
  try {
    rl?.prompt();
    for await (const line of rl ? terminalLines(rl) : pipedLines(piped!)) {
      if (line.kind === "too_long") {
        io.stderr.write(
          `zino: a line of ${line.chars} characters is longer than one message may be ([limits] max_frame_bytes, ${instance.maxFrameBytes}); it was not sent\n`,
        );
        tally.turns += 1;
        tally.failed += 1;
        continue;
      }
      const message = messageOf(line.text.trim(), io, rl ? undefined : tally);
      if (message === null) break;
      if (message.length > 0) {
        turn = new AbortController();
        const ended = await chatTurn({ instance, io, ctxkey, message, signal: turn.signal, spinner });
        turn = undefined;
        tally.turns += 1;
        if (ended === "error") tally.failed += 1;
        if (ended === "cancelled") tally.cancelled += 1;
      }
      rl?.prompt();
    }
  } finally {
    process.off("SIGINT", interrupt);
    rl?.close();
    piped?.stop();
    if (historyFile) saveHistory(historyFile, history);
  }
  if (terminal) io.stdout.write("\n");
  return io.stdin.isTTY ? EXIT_OK : pipedExit(io, tally);
}

const CHAT_HELP =
  "Each line is a message to the model. /help shows this; /quit, /exit or Ctrl-D leaves; Ctrl-C cancels a running turn. " +
  "A line that starts with // is sent with one / less (//help sends /help).";

type ChatLine = { kind: "message"; text: string } | { kind: "help" } | { kind: "quit" } | { kind: "unknown"; word: string };

/**
 * A typed line: a slash word alone (`/help`, `/quit`, `/exit`) is a chat command and never reaches the model, nor does
 * an unknown one (named back, so a typo is not sent as a message); `//…` sends `/…`. A path (`/etc/hosts`) or a line
 * with more words after a slash word is a message.
 */
function chatLine(text: string): ChatLine {
  if (text.startsWith("//")) return { kind: "message", text: text.slice(1) };
  if (!/^\/[A-Za-z?][\w-]*$/.test(text)) return { kind: "message", text };
  const word = text.toLowerCase();
  if (word === "/help" || word === "/?") return { kind: "help" };
  if (word === "/quit" || word === "/exit") return { kind: "quit" };
  return { kind: "unknown", word: text };
}

/**
 * The message a typed line sends ("" for none), after the chat's own commands: null to leave. An unknown command is a
 * failed line when the input is piped (`pipedTally`), so a script learns it was not sent.
 */
function messageOf(text: string, io: CliIo, pipedTally: { turns: number; failed: number } | undefined): string | null {
  const typed = chatLine(text);
  if (typed.kind === "quit") return null;
  if (typed.kind === "help") io.stderr.write(`${CHAT_HELP}\n`);
  if (typed.kind === "unknown") {
    io.stderr.write(`zino: ${typed.word} is not a chat command (/help lists them); to send it to the model, type /${typed.word}\n`);
    if (pipedTally) {
      pipedTally.turns += 1;
      pipedTally.failed += 1;
    }
  }
  return typed.kind === "message" ? typed.text : "";
}

async function* terminalLines(rl: Interface): AsyncGenerator<BoundedLine> {
  for await (const text of rl) yield { kind: "line", text };
}

async function* pipedLines(lines: LinePuller): AsyncGenerator<BoundedLine> {
  for (let line = await lines.next(); line !== null; line = await lines.next()) yield line;
}

/** Piped input: a script learns from the status whether every turn completed (the errors were written as they came). */
function pipedExit(io: CliIo, tally: { turns: number; failed: number; cancelled: number }): number {
  if (tally.failed > 0) {
    io.stderr.write(`zino: ${tally.failed} of ${tally.turns} turn(s) failed\n`);
    return EXIT_FAILURE;
  }
  return tally.cancelled > 0 ? EXIT_CANCELLED : EXIT_OK;
}

async function chatTurn(options: {
  instance: InstanceConfig;
  io: CliIo;
  ctxkey: string | undefined;
  message: string;
  signal: AbortSignal;
  spinner: ReturnType<typeof createToolSpinner>;
}): Promise<"done" | "error" | "cancelled"> {
  const { io, spinner } = options;
  const outcome = await streamTurnToTerminal(
    { socketPath: options.instance.sockets.daemon, message: options.message, ctxkey: options.ctxkey, signal: options.signal },
    { stdout: io.stdout, spinner },
  );
  if (outcome.kind === "cancelled") io.stderr.write("zino: turn cancelled\n");
  else if (outcome.kind === "error") io.stderr.write(`zino: ${outcome.message} [${outcome.code}]\n`);
  return outcome.kind === "done" ? "done" : outcome.kind;
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
    // A history file that grew past the bound, or a path to a device or FIFO, is ignored like an unreadable one.
    return readInputFile(path, { maxBytes: MAX_HISTORY_FILE_BYTES, what: "the chat history" })
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
