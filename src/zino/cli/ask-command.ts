// `zino ask [--ctx KEY] TEXT...` (docs/zino-protocol.md §7): one turn, the answer streamed to stdout as it arrives; exit 0 on
// `done`, 1 on `error` (message on stderr). Ctrl-C closes the connection, which cancels the turn.
import type { InstanceConfig } from "../config/index.js";
import { EXIT_CANCELLED, EXIT_FAILURE, EXIT_OK, usageError, type CliIo } from "../../shared/cli.js";
import { streamTurnToTerminal } from "./daemon-turn.js";
import { readStdinBounded } from "./read-stdin.js";
import { createToolSpinner } from "./tool-spinner.js";

export interface AskOptions {
  instance: InstanceConfig;
  io: CliIo;
  words: string[];
  ctxkey: string | undefined;
  signal?: AbortSignal;
}

export async function askCommand({ instance, io, words, ctxkey, signal }: AskOptions): Promise<number> {
  const message =
    words.length === 1 && words[0] === "-"
      ? await readStdinBounded(io.stdin, { maxBytes: instance.maxFrameBytes, what: "the message" })
      : words.join(" ");
  if (message.trim().length === 0) throw usageError("ask needs a message: zino ask [--ctx KEY] TEXT... (or `-` to read stdin)");
  const spinner = createToolSpinner(io.stderr);
  const outcome = await streamTurnToTerminal(
    { socketPath: instance.sockets.daemon, message, ctxkey, signal },
    { stdout: io.stdout, spinner },
  );
  if (outcome.kind === "done") return EXIT_OK;
  if (outcome.kind === "cancelled") {
    io.stderr.write("zino: cancelled\n");
    return EXIT_CANCELLED;
  }
  io.stderr.write(`zino: ${outcome.message} [${outcome.code}]\n`);
  return EXIT_FAILURE;
}
