// Server-sent events decoding for provider streams: bytes in, `data` payloads out. Tolerates events and lines
// split across network chunks, multi-byte characters cut in half, CRLF/CR/LF line ends, comments and unknown fields.

export class SseParser {
  private readonly decoder = new TextDecoder("utf-8");
  private buffer = "";
  private dataLines: string[] = [];

  /** Feeds raw bytes (or text) and returns the data payloads of every event completed by them. */
  push(chunk: Uint8Array | string): string[] {
    this.buffer += typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.drain(false);
  }

  /** Ends the stream: a last event without its blank line is still delivered. */
  end(): string[] {
    this.buffer += this.decoder.decode();
    const out = this.drain(true);
    if (this.dataLines.length > 0) out.push(this.dataLines.join("\n"));
    this.dataLines = [];
    return out;
  }

  private drain(final: boolean): string[] {
    const out: string[] = [];
    let start = 0;
    for (;;) {
      const cr = this.buffer.indexOf("\r", start);
      const lf = this.buffer.indexOf("\n", start);
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
      if (this.dataLines.length > 0) out.push(this.dataLines.join("\n"));
      this.dataLines = [];
      return;
    }
    if (line.startsWith(":")) return; // comment / keep-alive
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== "data") return; // event, id, retry: not used by chat-completion streams
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.dataLines.push(value);
  }
}
