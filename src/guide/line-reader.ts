// Reads the person's answers one line at a time, from a terminal (readline with its line editing; Ctrl-C or
// Ctrl-D end the reading) or from a pipe.
import { createInterface, type Interface } from "node:readline";
import type { GuideIo } from "./guide-host.js";

export interface LineReader {
  /** The next line, or null once the input ended or the person pressed Ctrl-C. */
  read(prompt: string): Promise<string | null>;
  /** Ctrl-C (rather than the end of the input) ended the reading. */
  readonly interrupted: boolean;
  /** Ends the reading; `interrupted` marks it as a Ctrl-C. */
  close(interrupted?: boolean): void;
}

export function createLineReader(io: GuideIo): LineReader {
  const terminal = Boolean(io.stdin.isTTY && io.stdout.isTTY);
  const rl: Interface = createInterface({ input: io.stdin, output: terminal ? io.stdout : undefined, terminal });
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
      if (queued !== undefined) {
        if (!terminal) io.stdout.write(`${prompt}${echoOf(queued)}\n`);
        return Promise.resolve(queued);
      }
      if (ended) return Promise.resolve(null);
      if (terminal) {
        rl.setPrompt(prompt);
        rl.prompt();
      } else {
        io.stdout.write(prompt);
      }
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
