// Lines of piped input with a bound on each: readline keeps a line whole however long it grows, so an endless line
// (`cat /dev/zero | zino guide`) ended the process with "RangeError: Invalid string length" after 650 MB. Here a line
// past the bound is counted, not kept, and comes out as `too_long`; the caller pulls lines one at a time, so a fast
// producer waits in the pipe, not in memory.
import { StringDecoder } from "node:string_decoder";

export type BoundedLine = { kind: "line"; text: string } | { kind: "too_long"; chars: number };

/** A line as readline gives it: without its `\n` and a `\r` before it; the last line needs no newline. */
export async function* boundedLines(stream: AsyncIterable<Buffer | string>, maxLineChars: number): AsyncGenerator<BoundedLine> {
  const decoder = new StringDecoder("utf8");
  let parts: string[] = [];
  let chars = 0;
  let overflow = false;
  const add = (piece: string) => {
    chars += piece.length;
    if (overflow) return;
    if (chars > maxLineChars) {
      overflow = true;
      parts = [];
    } else if (piece !== "") parts.push(piece);
  };
  const finish = (): BoundedLine => {
    const line: BoundedLine = overflow ? { kind: "too_long", chars } : { kind: "line", text: parts.join("").replace(/\r$/, "") };
    parts = [];
    chars = 0;
    overflow = false;
    return line;
  };
  const split = function* (text: string): Generator<BoundedLine> {
    let start = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
      add(text.slice(start, newline));
      yield finish();
      start = newline + 1;
    }
    add(text.slice(start));
  };
  for await (const chunk of stream) yield* split(typeof chunk === "string" ? chunk : decoder.write(chunk));
  yield* split(decoder.end());
  if (chars > 0) yield finish();
}

export interface LinePuller {
  /** The next line, or null at the end of the input or once stopped. */
  next(): Promise<BoundedLine | null>;
  /** Ends the reading: a pending and every later next() gives null (Ctrl-C while waiting for a line). */
  stop(): void;
}

export function pullLines(stream: AsyncIterable<Buffer | string>, maxLineChars: number): LinePuller {
  const lines = boundedLines(stream, maxLineChars);
  let stopped = false;
  let stop: (value: null) => void = () => undefined;
  const stopping = new Promise<null>((resolve) => (stop = resolve));
  return {
    async next() {
      if (stopped) return null;
      const result = await Promise.race([lines.next(), stopping]);
      if (result === null || result.done === true) {
        stopped = true;
        return null;
      }
      return result.value;
    },
    stop() {
      stopped = true;
      stop(null);
    },
  };
}
