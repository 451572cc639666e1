// ZINO framing (docs/zino-protocol.md §2): a 4-byte unsigned big-endian length, then that many bytes of UTF-8 JSON, one object.
// Byte-compatible with the Python ZINO (`struct.pack(">I", len(data)) + data`). Bodies are strict UTF-8 and
// nested at most `maxDepth` levels, both checked before JSON.parse.
import { DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth } from "./json-depth.js";

export const HEADER_BYTES = 4;
export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;

export type Frame = Record<string, unknown>;

/** The request id's field on a multiplexed connection (mux.ts). */
export const RID_FIELD = "rid";

export function encodeFrame(frame: Frame): Buffer {
  return encodeText(JSON.stringify(frame));
}

/** A frame from its JSON text. */
export function encodeText(json: string): Buffer {
  const bodyBytes = Buffer.byteLength(json, "utf8");
  const out = Buffer.allocUnsafe(HEADER_BYTES + bodyBytes);
  out.writeUInt32BE(bodyBytes, 0);
  out.write(json, HEADER_BYTES, "utf8");
  return out;
}

/**
 * A decoded unit: a frame, or a problem with one frame that the caller answers with an error frame. `rid` is set
 * when the decoder split a leading request id off the frame (`splitRid`, mux.ts).
 */
export type Decoded =
  | { kind: "frame"; frame: Frame; rid?: number; /** The frame's body size, which a server holds while it answers. */ bytes?: number }
  | { kind: "too_large"; declaredBytes: number }
  | { kind: "bad_json"; reason: string };

/**
 * Incremental decoder: push socket chunks, read out whole frames. A frame whose declared length exceeds the
 * limit is reported from its header alone, and its body is never buffered (docs/zino-protocol.md §2 "Limits").
 * Frames are read in place from the chunk they arrived in (an offset, no copy); only a frame split across
 * chunks is copied, once, when it is complete.
 */
export class FrameDecoder {
  /** Received chunks not yet consumed; the first one from `offset` on. */
  private chunks: Buffer[] = [];
  private offset = 0;
  private buffered = 0;
  private expected: number | undefined;
  private failed = false;
  /**
   * On a multiplexed connection (mux.ts): a frame that starts with its request id, `{"rid":N,`, is parsed without
   * it and the id is returned beside the frame, instead of being deleted from the parsed object afterwards (a
   * deleted first field turns the object into a slow dictionary, five times its size).
   */
  splitRid = false;

  constructor(
    private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
    private readonly maxDepth = DEFAULT_MAX_JSON_DEPTH,
  ) {}

  /** Bytes received but not yet part of a returned frame. */
  get pendingBytes(): number {
    return this.buffered;
  }

  /** Drops whatever is buffered and ignores later input (the connection has its request, or is going away). */
  release(): void {
    this.failed = true;
    this.clear();
    this.expected = undefined;
  }

  push(chunk: Buffer): Decoded[] {
    if (this.failed) return [];
    if (chunk.length === 0) return [];
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Decoded[] = [];
    for (;;) {
      if (this.expected === undefined) {
        if (this.buffered < HEADER_BYTES) break;
        const length = this.readLength();
        if (length > this.maxFrameBytes) {
          this.failed = true;
          this.clear();
          out.push({ kind: "too_large", declaredBytes: length });
          break;
        }
        this.expected = length;
      }
      if (this.buffered < this.expected) break;
      const body = this.take(this.expected);
      this.expected = undefined;
      out.push(parseBody(body, this.maxDepth, this.splitRid));
    }
    return out;
  }

  private clear(): void {
    this.chunks = [];
    this.offset = 0;
    this.buffered = 0;
  }

  private readLength(): number {
    const first = this.chunks[0]!;
    if (first.length - this.offset < HEADER_BYTES) this.join();
    const length = this.chunks[0]!.readUInt32BE(this.offset);
    this.advance(HEADER_BYTES);
    return length;
  }

  /** The next `bytes` bytes (all buffered), as a view of the chunk they are in when they are in one. */
  private take(bytes: number): Buffer {
    if (bytes === 0) return Buffer.alloc(0);
    if (this.chunks[0]!.length - this.offset < bytes) this.join();
    const body = this.chunks[0]!.subarray(this.offset, this.offset + bytes);
    this.advance(bytes);
    return body;
  }

  private advance(bytes: number): void {
    this.offset += bytes;
    this.buffered -= bytes;
    if (this.offset === this.chunks[0]!.length) {
      this.chunks.shift();
      this.offset = 0;
    }
  }

  /** Copies everything buffered into one chunk (a header or a frame that arrived in pieces). */
  private join(): void {
    const first = this.chunks[0]!;
    this.chunks[0] = first.subarray(this.offset);
    this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    this.offset = 0;
  }
}

/** Fatal: invalid UTF-8 is refused, never replaced by U+FFFD (two different ctxkeys must not become one). */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function parseBody(body: Buffer, maxDepth: number, splitRid: boolean): Decoded {
  if (splitRid) {
    const split = withoutRid(body, maxDepth);
    if (split) return split;
  }
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { kind: "bad_json", reason: "the frame is not valid UTF-8" };
  }
  if (exceedsJsonDepth(body, maxDepth)) return { kind: "bad_json", reason: `the JSON nests deeper than ${maxDepth} levels` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { kind: "bad_json", reason: err instanceof Error ? err.message : "invalid JSON" };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { kind: "bad_json", reason: "a frame must be a JSON object" };
  }
  return { kind: "frame", frame: value as Frame, bytes: body.length };
}

/** `{"rid":` */
const RID_OPENING = Buffer.from(`{"${RID_FIELD}":`, "latin1");
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const QUOTE = 0x22;
/** JSON's whitespace: space, tab, line feed, carriage return. */
const JSON_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
/** Digits of the largest safe integer. */
const MAX_RID_DIGITS = 15;

/**
 * A well-formed frame that starts `{"rid":N,` with N a plain non-negative integer: the frame parsed without that
 * field, and N. Undefined for anything else (another first field, spaces, a sign, a leading zero, a body that is
 * not UTF-8 or JSON, a second `rid`): the caller parses it whole, and words any refusal, as without the split.
 */
function withoutRid(body: Buffer, maxDepth: number): Decoded | undefined {
  const opening = RID_OPENING.length;
  if (body.length < opening + 3 || body.compare(RID_OPENING, 0, opening, 0, opening) !== 0) return undefined;
  let end = opening;
  let rid = 0;
  while (end < body.length && end - opening <= MAX_RID_DIGITS && body[end]! >= DIGIT_0 && body[end]! <= DIGIT_9) {
    rid = rid * 10 + body[end]! - DIGIT_0;
    end += 1;
  }
  const digits = end - opening;
  if (digits === 0 || digits > MAX_RID_DIGITS || body[end] !== COMMA || (digits > 1 && body[opening] === DIGIT_0)) return undefined;
  // A member must follow the separator (`{"rid":1,}` is not JSON, although `{}` is).
  let next = end + 1;
  while (next < body.length && JSON_SPACE.has(body[next]!)) next += 1;
  if (body[next] !== QUOTE || exceedsJsonDepth(body, maxDepth)) return undefined;
  // The rest of the object, its separator standing in for the opening brace for the time of the decoding.
  body[end] = OPEN_BRACE;
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(body.subarray(end)));
  } catch {
    return undefined;
  } finally {
    body[end] = COMMA;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || RID_FIELD in value) return undefined;
  return { kind: "frame", frame: value as Frame, rid, bytes: body.length };
}

/**
 * The `frame_too_large` text for a declared length. A length past the limit is most often a client's framing
 * mistake rather than a large message: JSON sent without the length prefix (its first 4 characters read as the
 * length), or the length written little-endian. The header's 4 bytes are the declared length, so both show in it.
 */
export function frameTooLargeMessage(declaredBytes: number, maxFrameBytes: number): string {
  const base = `The frame declares ${declaredBytes} bytes; the limit is ${maxFrameBytes}.`;
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(declaredBytes >>> 0);
  const text = header.toString("latin1");
  if (/^[\s{["]/.test(text) && /^[\x20-\x7e\t\r\n]{4}$/.test(text))
    return `${base} Its first 4 bytes are the text ${JSON.stringify(text)}: a frame starts with its length as a 4-byte big-endian unsigned integer, then that many bytes of UTF-8 JSON (newline-delimited JSON is not read; docs/zino-protocol.md §2).`;
  const littleEndian = header.readUInt32LE(0);
  if (littleEndian <= maxFrameBytes)
    return `${base} Read little-endian, the same 4 bytes declare ${littleEndian}: write the length big-endian (network byte order; docs/zino-protocol.md §2).`;
  return `${base} Send a smaller message, or raise [limits] max_frame_bytes.`;
}
