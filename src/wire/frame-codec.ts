// ZINO framing (docs/zino-protocol.md §2): a 4-byte unsigned big-endian length, then that many bytes of UTF-8 JSON, one object.
// Byte-compatible with the Python ZINO (`struct.pack(">I", len(data)) + data`). Bodies are strict UTF-8 and
// nested at most `maxDepth` levels, both checked before JSON.parse.
import { DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth } from "./json-depth.js";

export const HEADER_BYTES = 4;
export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;

export type Frame = Record<string, unknown>;

export function encodeFrame(frame: Frame): Buffer {
  const json = JSON.stringify(frame);
  const bodyBytes = Buffer.byteLength(json, "utf8");
  const out = Buffer.allocUnsafe(HEADER_BYTES + bodyBytes);
  out.writeUInt32BE(bodyBytes, 0);
  out.write(json, HEADER_BYTES, "utf8");
  return out;
}

/** A decoded unit: a frame, or a problem with one frame that the caller answers with an error frame. */
export type Decoded = { kind: "frame"; frame: Frame } | { kind: "too_large"; declaredBytes: number } | { kind: "bad_json"; reason: string };

/**
 * Incremental decoder: push socket chunks, read out whole frames. A frame whose declared length exceeds the
 * limit is reported from its header alone, and its body is never buffered (docs/zino-protocol.md §2 "Limits").
 */
export class FrameDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private expected: number | undefined;
  private failed = false;

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
    this.chunks = [];
    this.buffered = 0;
    this.expected = undefined;
  }

  push(chunk: Buffer): Decoded[] {
    if (this.failed) return [];
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Decoded[] = [];
    for (;;) {
      if (this.expected === undefined) {
        if (this.buffered < HEADER_BYTES) break;
        const length = this.take(HEADER_BYTES).readUInt32BE(0);
        if (length > this.maxFrameBytes) {
          this.failed = true;
          this.chunks = [];
          this.buffered = 0;
          out.push({ kind: "too_large", declaredBytes: length });
          break;
        }
        this.expected = length;
      }
      if (this.buffered < this.expected) break;
      const body = this.take(this.expected);
      this.expected = undefined;
      out.push(parseBody(body, this.maxDepth));
    }
    return out;
  }

  private take(bytes: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const head = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return head;
  }
}

/** Fatal: invalid UTF-8 is refused, never replaced by U+FFFD (two different ctxkeys must not become one). */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function parseBody(body: Buffer, maxDepth: number): Decoded {
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
  return { kind: "frame", frame: value as Frame };
}
