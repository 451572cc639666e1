// Server-sent events decoding for provider streams: bytes in, `data` payloads out. Tolerates events and lines
// split across network chunks, multi-byte characters cut in half, CRLF/CR/LF line ends, a leading byte order mark,
// comments and unknown fields.
import { StringDecoder } from "node:string_decoder";

export class SseParser {
  // Node's StringDecoder rather than a TextDecoder: one is made per provider call, and a TextDecoder opens an ICU
  // converter each time (3 % of rtr's CPU per call, issue 14). Both replace invalid bytes with U+FFFD.
  private readonly decoder = new StringDecoder("utf8");
  private buffer = "";
  private started = false;
  private readonly dataLines: string[] = [];

  /** Feeds raw bytes (or text) and returns the data payloads of every event completed by them. */
  push(chunk: Uint8Array | string): string[] {
    this.take(typeof chunk === "string" ? chunk : this.decoder.write(chunk));
    return this.drain(false);
  }

  /** Ends the stream: a last event without its blank line is still delivered. */
  end(): string[] {
    this.take(this.decoder.end());
    const out = this.drain(true);
    if (this.dataLines.length > 0) out.push(this.dataLines.join("\n"));
    this.dataLines.length = 0;
    return out;
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
    if (final && this.buffer.length > 0) {
      this.line(this.buffer, out);
      this.buffer = "";
    }
    return out;
  }

  private line(line: string, out: string[]): void {
    if (line === "") {
      if (this.dataLines.length > 0) out.push(this.dataLines.length === 1 ? this.dataLines[0]! : this.dataLines.join("\n"));
      this.dataLines.length = 0;
      return;
    }
    // Only `data` is used by chat-completion streams (not event, id, retry; `:` starts a comment / keep-alive).
    if (!line.startsWith("data") || (line.length > 4 && line[4] !== ":")) return;
    const start = line.length > 5 && line[5] === " " ? 6 : 5;
    this.dataLines.push(line.length > 4 ? line.slice(start) : "");
  }
}
