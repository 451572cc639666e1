// Reads the person's answers one line at a time, from a terminal (readline with its line editing; Ctrl-C or
// Ctrl-D end the reading) or from a pipe (each line bounded: a longer one is skipped with a notice).
import { createInterface, type Interface } from "node:readline";
import { pullLines, type BoundedLine } from "../shared/bounded-lines.js";
import type { GuideIo } from "./guide-host.js";

/** The longest piped line kept: far above an answer (8000 characters) or a message to the agent. */
export const MAX_PIPED_LINE_CHARS = 1024 * 1024;

export interface LineReader {
  /** The next line, or null once the input ended or the person pressed Ctrl-C. */
  read(prompt: string): Promise<string | null>;
  /** Ctrl-C (rather than the end of the input) ended the reading. */
  readonly interrupted: boolean;
  /** Ends the reading; `interrupted` marks it as a Ctrl-C. */
  close(interrupted?: boolean): void;
}

export function createLineReader(io: GuideIo, maxLineChars = MAX_PIPED_LINE_CHARS): LineReader {
  return io.stdin.isTTY && io.stdout.isTTY ? createTerminalReader(io) : createPipeReader(io, maxLineChars);
}

/** At most this many piped lines wait, read ahead, for their question; then reading pauses. */
const READ_AHEAD_LINES = 16;

/**
 * Piped input: lines read ahead up to READ_AHEAD_LINES. A line that was waiting is echoed after its prompt, as a
 * person would have seen it typed; one that arrives while the prompt waits is not (the other side already shows it).
 */
function createPipeReader(io: GuideIo, maxLineChars: number): LineReader {
  const lines = pullLines(io.stdin as AsyncIterable<Buffer | string>, maxLineChars);
  const queue: BoundedLine[] = [];
  const waiting: ((line: BoundedLine | null) => void)[] = [];
  let ended = false;
  let interrupted = false;
  let space: (() => void) | undefined;
  const pump = async () => {
    for (;;) {
      if (queue.length >= READ_AHEAD_LINES) await new Promise<void>((resolve) => (space = resolve));
      const line = await lines.next();
      if (line === null) break;
      const resolve = waiting.shift();
      if (resolve) resolve(line);
      else queue.push(line);
    }
    ended = true;
    for (const resolve of waiting.splice(0)) resolve(null);
  };
  void pump();
  const tooLong = (chars: number) =>
    `\nLine too long (${chars} characters, at most ${maxLineChars} are read): nothing recorded. Please answer more briefly.\n`;
  return {
    async read(prompt) {
      for (;;) {
        const queued = queue.shift();
        if (queued !== undefined) {
          space?.();
          space = undefined;
          if (queued.kind === "line") {
            io.stdout.write(`${prompt}${echoOf(queued.text)}\n`);
            return queued.text;
          }
          io.stdout.write(`${prompt}${tooLong(queued.chars)}`);
          continue;
        }
        if (ended) return null;
        io.stdout.write(prompt);
        const line = await new Promise<BoundedLine | null>((resolve) => waiting.push(resolve));
        if (line === null) return null;
        if (line.kind === "line") return line.text;
        io.stdout.write(tooLong(line.chars));
        // The lines that came in the same read as the end of the long one are already there for the next prompt:
        // let the pump queue them (microtasks only, done before the next macrotask) so they are echoed like any
        // waiting line, whatever the order of the promise chains.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
    get interrupted() {
      return interrupted;
    },
    close(byInterrupt = false) {
      if (byInterrupt) interrupted = true;
      lines.stop();
    },
  };
}

function createTerminalReader(io: GuideIo): LineReader {
  const rl: Interface = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
  const lines: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  let interrupted = false;
  const end = () => {
    ended = true;
    for (const resolve of waiting.splice(0)) resolve(null);
  };
  rl.on("line", (line) => {
    const resolve = waiting.shift();
    if (resolve) resolve(line);
    else lines.push(line);
  });
  rl.on("close", end);
  rl.on("SIGINT", () => {
    interrupted = true;
    io.stdout.write("\n");
    rl.close();
  });
  return {
    read(prompt) {
      const queued = lines.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      if (ended) return Promise.resolve(null);
      rl.setPrompt(prompt);
      rl.prompt();
      return new Promise((resolve) => waiting.push(resolve));
    },
    get interrupted() {
      return interrupted;
    },
    close(byInterrupt = false) {
      if (byInterrupt) interrupted = true;
      rl.close();
    },
  };
}

/** A piped answer as echoed: a long paste shows its start and its length, not megabytes of text. */
function echoOf(line: string, maxChars = 200): string {
  return line.length <= maxChars ? line : `${line.slice(0, maxChars)}… (${line.length} characters)`;
}
