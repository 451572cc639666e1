// Property tests (fast-check) of the frame decoder and the request envelope (issue 11, item 7): whatever bytes
// arrive, in whatever chunks, the decoder returns frames or refusals and never throws; valid frames round-trip.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  DEFAULT_MAX_JSON_DEPTH,
  EnvelopeSchema,
  FrameDecoder,
  encodeFrame,
  exceedsJsonDepth,
  parseEnvelope,
  type Decoded,
  type Frame,
} from "../../src/wire/index.js";

const RUNS = { numRuns: 300 };

const frameArb: fc.Arbitrary<Frame> = fc.dictionary(fc.string({ unit: "grapheme" }), fc.jsonValue({ maxDepth: 6 }));

/** Cuts `bytes` at the given points (any order, duplicates allowed). */
function cut(bytes: Buffer, points: number[]): Buffer[] {
  const sorted = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let from = 0;
  for (const at of sorted) {
    parts.push(bytes.subarray(from, at));
    from = at;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

function decodeAll(decoder: FrameDecoder, parts: Buffer[]): Decoded[] {
  return parts.flatMap((part) => decoder.push(part));
}

/** What a strict reader makes of one body: the reference the decoder must agree with. */
function reference(body: Buffer): "frame" | "bad_json" {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return "bad_json";
  }
  if (exceedsJsonDepth(body, DEFAULT_MAX_JSON_DEPTH)) return "bad_json";
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? "frame" : "bad_json";
  } catch {
    return "bad_json";
  }
}

const withHeader = (body: Buffer) => {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length, 0);
  return Buffer.concat([header, body]);
};

void describe("frame decoder properties", () => {
  void it("decodes any sequence of encoded frames, cut anywhere, to the same frames in order", () => {
    fc.assert(
      fc.property(fc.array(frameArb, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 8 }), (frames, points) => {
        const bytes = Buffer.concat(frames.map((frame) => encodeFrame(frame)));
        const decoded = decodeAll(new FrameDecoder(), cut(bytes, points));
        assert.deepEqual(
          decoded,
          frames.map((frame) => ({
            kind: "frame",
            frame: JSON.parse(JSON.stringify(frame)) as Frame,
            bytes: encodeFrame(frame).length - 4,
          })),
        );
      }),
      RUNS,
    );
  });

  void it("never throws on arbitrary bytes, and reports only frames, oversize headers or bad bodies", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), fc.array(fc.nat(), { maxLength: 6 }), (bytes, points) => {
        const decoder = new FrameDecoder(1024);
        for (const item of decodeAll(decoder, cut(Buffer.from(bytes), points))) {
          if (item.kind === "frame") assert.ok(typeof item.frame === "object" && !Array.isArray(item.frame));
          else if (item.kind === "too_large") assert.ok(item.declaredBytes > 1024);
          else assert.equal(typeof item.reason, "string");
        }
        assert.ok(decoder.pendingBytes <= bytes.length);
      }),
      RUNS,
    );
  });

  void it("accepts a body exactly when it is strict UTF-8 JSON of an object within the nesting limit", () => {
    const bodyArb = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
      frameArb.map((f) => Buffer.from(JSON.stringify(f))),
      fc.tuple(frameArb, fc.uint8Array({ minLength: 1, maxLength: 4 })).map(([f, junk]) => {
        const text = Buffer.from(JSON.stringify({ ...f, k: "" }));
        const at = text.length - 2; // inside the last string value
        return Buffer.concat([text.subarray(0, at), Buffer.from(junk.map((b) => b | 0x80)), text.subarray(at)]);
      }),
    );
    fc.assert(
      fc.property(bodyArb, (body) => {
        const [item] = new FrameDecoder().push(withHeader(body));
        assert.equal(item?.kind, reference(body));
      }),
      RUNS,
    );
  });

  void it("refuses nesting past the limit however it is built, and never counts brackets inside strings", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.constantFrom("[", '{"a":'), (depth, open) => {
        const close = open === "[" ? "]" : "}";
        const text = `{"m":${open.repeat(depth)}1${close.repeat(depth)}}`;
        assert.equal(exceedsJsonDepth(Buffer.from(text), DEFAULT_MAX_JSON_DEPTH), depth + 1 > DEFAULT_MAX_JSON_DEPTH);
        const quoted = Buffer.from(JSON.stringify({ m: open.repeat(depth * 3), e: '\\"[' }));
        assert.equal(exceedsJsonDepth(quoted, DEFAULT_MAX_JSON_DEPTH), false);
      }),
      RUNS,
    );
  });

  void it("counts depth as a plain byte-by-byte scan would, on JSON and on arbitrary bytes", () => {
    const naive = (bytes: Buffer, max: number): boolean => {
      let depth = 0;
      let inString = false;
      for (let i = 0; i < bytes.length; i += 1) {
        const b = bytes[i]!;
        if (inString) {
          if (b === 0x5c) i += 1;
          else if (b === 0x22) inString = false;
        } else if (b === 0x22) inString = true;
        else if (b === 0x5b || b === 0x7b) {
          depth += 1;
          if (depth > max) return true;
        } else if (b === 0x5d || b === 0x7d) depth -= 1;
      }
      return false;
    };
    const textArb = fc.oneof(
      fc.jsonValue({ maxDepth: 8 }).map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
      fc.array(fc.constantFrom("[", "]", "{", "}", "\\", '"', "a", ":"), { maxLength: 60 }).map((parts) => Buffer.from(parts.join(""))),
      fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b)),
    );
    fc.assert(
      fc.property(textArb, fc.integer({ min: 0, max: 6 }), (bytes, max) => {
        assert.equal(exceedsJsonDepth(bytes, max), naive(bytes, max), bytes.toString("latin1"));
      }),
      { numRuns: 1000 },
    );
  });

  void it("encodes a header equal to the UTF-8 byte length of the body", () => {
    fc.assert(
      fc.property(frameArb, (frame) => {
        const bytes = encodeFrame(frame);
        assert.equal(bytes.readUInt32BE(0), bytes.length - 4);
        assert.equal(bytes.subarray(4).toString("utf8"), JSON.stringify(frame));
      }),
      RUNS,
    );
  });
});

void describe("request envelope properties", () => {
  const fieldArb = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary", maxLength: 4 }),
    fc.constant(null),
    fc.integer(),
    fc.boolean(),
    fc.array(fc.string()),
    fc.dictionary(fc.string(), fc.string()),
  );
  const envelopeArb = fc.record(
    {
      message: fieldArb,
      ctxkey: fieldArb,
      channel_id: fieldArb,
      type: fieldArb,
      extra: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: [] },
  );

  void it("never throws; accepts exactly what EnvelopeSchema accepts with a 1 to 256 character, well-formed ctxkey", () => {
    fc.assert(
      fc.property(envelopeArb, (frame) => {
        const result = parseEnvelope(frame);
        const schema = EnvelopeSchema.safeParse(frame);
        const key = schema.success ? (schema.data.ctxkey ?? schema.data.channel_id ?? "default") : undefined;
        const keyOk =
          key !== undefined &&
          key.length >= 1 &&
          key.length <= 256 &&
          !/[\ud800-\udfff]/.test(key.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "")) &&
          // PostgreSQL text cannot hold U+0000, so a ctxkey with one is refused on both stores.
          !key.includes("\u0000");
        assert.equal(result.ok, schema.success && keyOk, JSON.stringify(frame));
        if (result.ok) {
          assert.equal(result.request.ctxkey, key);
          assert.equal(result.request.message, (frame as Frame).message ?? null);
          assert.equal(result.request.raw, frame);
          // The hand-written fast path (wellTyped) reads the fields exactly as the schema outputs them.
          assert.ok(schema.success);
          assert.equal(JSON.stringify(result.request.message), JSON.stringify(schema.data.message ?? null), "same value, same key order");
          assert.equal(result.request.type, schema.data.type);
        } else {
          assert.ok(result.reason.length > 0);
        }
      }),
      RUNS,
    );
  });

  void it("treats channel_id as the ctxkey when ctxkey is absent or null", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 256 }).filter((k) => !/[\ud800-\udfff]/.test(k)),
        fc.constantFrom(undefined, null),
        (key, ctxkey) => {
          const result = parseEnvelope({ message: null, channel_id: key, ...(ctxkey === null ? { ctxkey } : {}) });
          assert.ok(result.ok);
          assert.equal(result.request.ctxkey, key);
        },
      ),
      RUNS,
    );
  });
});
