// Reads the person's answers one line at a time, from a terminal (readline with its line editing; Ctrl-C or
// Ctrl-D end the reading) or from a pipe (each line bounded: a longer one is skipped with a notice).
import { createInterface, type Interface } from "node:readline";
import { pullLines } from "../shared/bounded-lines.js";
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

/** Piped input, pulled one line at a time; each line echoed after its prompt, as a person would have seen it typed. */
function createPipeReader(io: GuideIo, maxLineChars: number): LineReader {
  const lines = pullLines(io.stdin as AsyncIterable<Buffer | string>, maxLineChars);
  let interrupted = false;
  return {
    async read(prompt) {
      for (;;) {
        io.stdout.write(prompt);
        const line = await lines.next();
        if (line === null) return null;
        if (line.kind === "line") {
          io.stdout.write(`${echoOf(line.text)}\n`);
          return line.text;
        }
        io.stdout.write(
          `\nLine too long (${line.chars} characters, at most ${maxLineChars} are read): nothing recorded. Please answer more briefly.\n`,
        );
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
