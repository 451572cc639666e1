// Server-sent events decoding for provider streams: bytes in, `data` payloads out. Tolerates events and lines
// split across network chunks, multi-byte characters cut in half, CRLF/CR/LF line ends, a leading byte order mark,
// comments and unknown fields.
import { StringDecoder } from "node:string_decoder";

/** The default bound of one event, in characters: far above any real chat-completion event (a few KB). */
export const DEFAULT_MAX_EVENT_CHARS = 8 * 1024 * 1024;

/** One event, or a line still without its end, passed the parser's bound: the stream is refused there. */
export class SseEventTooLarge extends Error {
  constructor(readonly maxChars: number) {
    super(`a stream event is longer than ${maxChars} characters`);
    this.name = "SseEventTooLarge";
  }
}

export class SseParser {
  // Node's StringDecoder rather than a TextDecoder: one is made per provider call, and a TextDecoder opens an ICU
  // converter each time (3 % of rtr's CPU per call, issue 14). Both replace invalid bytes with U+FFFD.
  private readonly decoder = new StringDecoder("utf8");
  private buffer = "";
  private started = false;
  private readonly dataLines: string[] = [];
  /** Characters in `dataLines`: with the unfinished line, what one event holds so far. */
  private dataChars = 0;

  constructor(private readonly maxEventChars = DEFAULT_MAX_EVENT_CHARS) {}

  /** Feeds raw bytes (or text) and returns the data payloads of every event completed by them. */
  push(chunk: Uint8Array | string): string[] {
    this.take(typeof chunk === "string" ? chunk : this.decoder.write(chunk));
    return this.drain(false);
  }

  /** Ends the stream: a last event without its blank line is still delivered. */
  end(): string[] {
    this.take(this.decoder.end());
    const out = this.drain(true);
    this.endEvent(out);
    return out;
  }

  /** Delivers the event its data lines make, if any, and starts the next one. */
  private endEvent(out: string[]): void {
    if (this.dataLines.length > 0) out.push(this.dataLines.length === 1 ? this.dataLines[0]! : this.dataLines.join("\n"));
    this.dataLines.length = 0;
    this.dataChars = 0;
  }

  /** Appends decoded text; a byte order mark at the very start of the stream is not part of it (as in EventSource). */
  private take(text: string): void {
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.buffer += text;
  }

  private drain(final: boolean): string[] {
    const out: string[] = [];
    let start = 0;
    // The next CR and LF at or after `start`, searched again only once passed (a stream without CRs is not
    // scanned to its end for one at every line).
    let cr = this.buffer.indexOf("\r");
    let lf = this.buffer.indexOf("\n");
    for (;;) {
      if (cr >= 0 && cr < start) cr = this.buffer.indexOf("\r", start);
      if (lf >= 0 && lf < start) lf = this.buffer.indexOf("\n", start);
      if (cr < 0 && lf < 0) break;
      let lineEnd: number;
      let next: number;
      if (lf >= 0 && (cr < 0 || lf < cr)) {
        lineEnd = lf;
        next = lf + 1;
      } else {
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more bytes.
        if (cr === this.buffer.length - 1 && !final) break;
        lineEnd = cr;
        next = this.buffer[cr + 1] === "\n" ? cr + 2 : cr + 1;
      }
      this.line(this.buffer.slice(start, lineEnd), out);
      start = next;
    }
    this.buffer = this.buffer.slice(start);
    // Checked on what is kept for later: a stream that never ends its line or its event cannot grow rtr's memory.
    if (this.buffer.length + this.dataChars > this.maxEventChars) throw new SseEventTooLarge(this.maxEventChars);
    if (final && this.buffer.length > 0) {
      this.line(this.buffer, out);
      this.buffer = "";
    }
    return out;
  }

  private line(line: string, out: string[]): void {
    if (line === "") {
      this.endEvent(out);
      return;
    }
    // Only `data` is used by chat-completion streams (not event, id, retry; `:` starts a comment / keep-alive).
    if (!line.startsWith("data") || (line.length > 4 && line[4] !== ":")) return;
    const start = line.length > 5 && line[5] === " " ? 6 : 5;
    const data = line.length > 4 ? line.slice(start) : "";
    this.dataChars += data.length + 1;
    if (this.dataChars > this.maxEventChars) throw new SseEventTooLarge(this.maxEventChars);
    this.dataLines.push(data);
  }
}
