// Server-sent events decoding for provider streams: bytes in, `data` payloads out. Tolerates events and lines
// split across network chunks, multi-byte characters cut in half, CRLF/CR/LF line ends, a leading byte order mark,
// comments and unknown fields. Error events (`event: error`, or llama.cpp's non-standard `error:` field) come out
// as SseErrorEvent so that they cannot pass for an empty chunk.
import { StringDecoder } from "node:string_decoder";

/** An event the provider marked as an error: `event: error` with its data, or an `error:` field line's value. */
export interface SseErrorEvent {
  error: string;
}

/** What one event gives: its data payload, or an error event. */
export type SsePayload = string | SseErrorEvent;

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
  /** The event is an error: named `error`, or it carried an `error:` field (its value, when given). */
  private errorEvent = false;
  private errorField: string | undefined;
  /** Text after `buffer` that ends no line, in the pieces it came in. */
  private readonly pieces: string[] = [];
  private piecesChars = 0;

  constructor(private readonly maxEventChars = DEFAULT_MAX_EVENT_CHARS) {}

  /** Feeds raw bytes (or text) and returns the data payloads of every event completed by them. */
  push(chunk: Uint8Array | string): SsePayload[] {
    const text = this.started ? (typeof chunk === "string" ? chunk : this.decoder.write(chunk)) : this.first(chunk);
    // A piece that ends no line (a long event arriving in network reads) is kept aside and joined once its line
    // ends: appending it and scanning the whole unfinished line again at every read was quadratic in its length.
    if (text.indexOf("\n") < 0 && text.indexOf("\r") < 0 && !this.buffer.endsWith("\r")) {
      this.pieces.push(text);
      this.piecesChars += text.length;
      if (this.buffer.length + this.piecesChars + this.dataChars > this.maxEventChars) throw new SseEventTooLarge(this.maxEventChars);
      return [];
    }
    this.take(text);
    return this.drain(false);
  }

  /** Ends the stream: a last event without its blank line is still delivered. */
  end(): SsePayload[] {
    this.take(this.started ? this.decoder.end() : this.first(this.decoder.end()));
    const out = this.drain(true);
    this.endEvent(out);
    return out;
  }

  /** Delivers the event its data lines make, if any, and starts the next one. */
  private endEvent(out: SsePayload[]): void {
    const data = this.dataLines.length === 1 ? this.dataLines[0]! : this.dataLines.join("\n");
    if (this.errorEvent) out.push({ error: this.errorField ?? data });
    else if (this.dataLines.length > 0) out.push(data);
    this.dataLines.length = 0;
    this.dataChars = 0;
    this.errorEvent = false;
    this.errorField = undefined;
  }

  /** The stream's first text: a byte order mark at its very start is not part of it (as in EventSource). */
  private first(chunk: Uint8Array | string): string {
    const text = typeof chunk === "string" ? chunk : this.decoder.write(chunk);
    if (text.length === 0) return text;
    this.started = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** Appends decoded text after the pieces kept aside. */
  private take(text: string): void {
    if (this.pieces.length > 0) {
      this.pieces.push(text);
      this.buffer += this.pieces.join("");
      this.pieces.length = 0;
      this.piecesChars = 0;
    } else this.buffer += text;
  }

  private drain(final: boolean): SsePayload[] {
    const out: SsePayload[] = [];
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

  private line(line: string, out: SsePayload[]): void {
    if (line === "") {
      this.endEvent(out);
      return;
    }
    // Chat-completion streams use `data`; `event` only to mark an error (OpenAI-compatible servers after a failure),
    // and llama.cpp's server writes an `error:` line then `[DONE]`. id and retry are not used; `:` starts a comment.
    if (!line.startsWith("data") || (line.length > 4 && line[4] !== ":")) {
      if (line.startsWith("event:")) this.errorEvent ||= valueOf(line, 5).trim() === "error";
      else if (line === "error" || line.startsWith("error:")) {
        this.errorEvent = true;
        const value = valueOf(line, 5);
        this.dataChars += value.length + 1;
        if (this.dataChars > this.maxEventChars) throw new SseEventTooLarge(this.maxEventChars);
        this.errorField = value;
      }
      return;
    }
    const data = valueOf(line, 4);
    this.dataChars += data.length + 1;
    if (this.dataChars > this.maxEventChars) throw new SseEventTooLarge(this.maxEventChars);
    this.dataLines.push(data);
  }
}

/** A field's value: what follows the colon after a field name of `nameLength` characters, one leading space off. */
function valueOf(line: string, nameLength: number): string {
  if (line.length <= nameLength) return "";
  return line.slice(line[nameLength + 1] === " " ? nameLength + 2 : nameLength + 1);
}
