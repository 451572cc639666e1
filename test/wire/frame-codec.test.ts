import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FrameDecoder, encodeFrame, encodeWithRid, type Decoded } from "../../src/wire/index.js";
import { ridOf } from "../../src/wire/mux.js";

/** A frame's bytes from its JSON text. */
function rawFrame(text: string): Buffer {
  const body = Buffer.from(text, "utf8");
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length, 0);
  return Buffer.concat([header, body]);
}

/** What a multiplexed connection's reader sees of one frame: its request id and the frame without it. */
function received(decoded: Decoded | undefined): unknown {
  if (decoded?.kind !== "frame") return decoded;
  const rid = ridOf(decoded);
  return { rid, frame: decoded.frame };
}

void describe("frame codec", () => {
  void it("encodes a 4-byte big-endian length followed by UTF-8 JSON, as the Python ZINO does", () => {
    const bytes = encodeFrame({ message: "héllo ✓", ctxkey: "k" });
    const body = Buffer.from(JSON.stringify({ message: "héllo ✓", ctxkey: "k" }), "utf8");
    assert.equal(bytes.readUInt32BE(0), body.length);
    assert.deepEqual(bytes.subarray(4), body);
  });

  void it("decodes frames split at every byte position, including inside multi-byte characters", () => {
    const frames = [
      { type: "chunk", delta: "né 日本 🙂" },
      { type: "done", full_text: "x" },
    ];
    const bytes = Buffer.concat(frames.map((f) => encodeFrame(f)));
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const decoder = new FrameDecoder();
      const out = [...decoder.push(bytes.subarray(0, cut)), ...decoder.push(bytes.subarray(cut))];
      assert.deepEqual(
        out,
        frames.map((frame) => ({ kind: "frame", frame, bytes: encodeFrame(frame).length - 4 })),
        `cut at ${cut}`,
      );
    }
  });

  void it("reports an oversize frame from its header alone, without buffering the body", () => {
    const decoder = new FrameDecoder(1024);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(10_000_000, 0);
    assert.deepEqual(decoder.push(header), [{ kind: "too_large", declaredBytes: 10_000_000 }]);
    assert.deepEqual(decoder.push(Buffer.alloc(4096)), []);
    assert.equal(decoder.pendingBytes, 0);
  });

  void it("reports malformed JSON and non-object JSON as bad frames", () => {
    for (const text of ["{not json", "[1,2]", "42", "null", '"text"']) {
      const body = Buffer.from(text);
      const header = Buffer.alloc(4);
      header.writeUInt32BE(body.length, 0);
      const [decoded] = new FrameDecoder().push(Buffer.concat([header, body]));
      assert.equal(decoded?.kind, "bad_json", text);
    }
  });

  void it("encodes a frame with its request id first, byte for byte as encodeFrame({rid, ...frame})", () => {
    for (const frame of [
      {},
      { type: "end" },
      { type: "chunk", delta: "né 日本 🙂 \u2028" },
      { message: [{ role: "user", content: "x".repeat(5000) }] },
    ]) {
      for (const rid of [0, 7, 123_456_789, Number.MAX_SAFE_INTEGER]) {
        assert.deepEqual(encodeWithRid(frame, rid), encodeFrame({ rid, ...frame }), JSON.stringify(frame));
      }
    }
  });

  void it("splits a leading request id off on a multiplexed connection, equal to taking it out after parsing", () => {
    const texts = [
      '{"rid":7,"type":"chunk","delta":"né 🙂"}',
      '{"rid":0, "message":"x"}',
      '{"rid":12,"rid":13,"type":"x"}', // JSON keeps the last one
      '{"type":"x","rid":5}', // not first: taken out after parsing
      '{"rid":5}',
      '{"rid":-1,"type":"x"}',
      '{"rid":1.5,"type":"x"}',
      '{"rid":"3","type":"x"}',
      '{"rid":9007199254740993,"type":"x"}',
    ];
    for (const text of texts) {
      const split = new FrameDecoder();
      split.splitRid = true;
      const [fast] = split.push(rawFrame(text));
      const [whole] = new FrameDecoder().push(rawFrame(text));
      assert.deepStrictEqual(received(fast), received(whole), text);
    }
    const split = new FrameDecoder();
    split.splitRid = true;
    assert.deepStrictEqual(split.push(rawFrame('{"rid":42,"type":"end"}')), [
      { kind: "frame", frame: { type: "end" }, rid: 42, bytes: 23 },
    ]);
  });

  void it("refuses with the same reason whether the request id is split off or not, and leaves the input as it was", () => {
    const texts = ['{"rid":1,}', '{"rid":01,"a":1}', '{"rid":1,"a":}', '{"rid":1, }', '{"rid":1,"a":1}x', '{"rid":2,"a":"\ud800"'];
    for (const text of texts) {
      const bytes = rawFrame(text);
      const copy = Buffer.from(bytes);
      const split = new FrameDecoder();
      split.splitRid = true;
      const [fast] = split.push(bytes);
      assert.deepEqual(bytes, copy, `the input is unchanged: ${text}`);
      assert.deepStrictEqual(fast, new FrameDecoder().push(rawFrame(text))[0], text);
      assert.equal(fast?.kind, "bad_json", text);
    }
    const invalidUtf8 = Buffer.concat([Buffer.from('{"rid":3,"a":"'), Buffer.from([0xff]), Buffer.from('"}')]);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(invalidUtf8.length, 0);
    const split = new FrameDecoder();
    split.splitRid = true;
    assert.deepStrictEqual(split.push(Buffer.concat([header, invalidUtf8])), [
      { kind: "bad_json", reason: "the frame is not valid UTF-8" },
    ]);
  });

  void it("decodes frames with split request ids cut at every byte position, and many frames in one chunk", () => {
    const frames = [
      { type: "chunk", delta: "né 日本 🙂" },
      { type: "done", full_text: "x" },
    ];
    const bytes = Buffer.concat(frames.map((f, i) => encodeWithRid(f, i + 1)));
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const decoder = new FrameDecoder();
      decoder.splitRid = true;
      const out = [...decoder.push(bytes.subarray(0, cut)), ...decoder.push(bytes.subarray(cut))];
      assert.deepStrictEqual(
        out,
        frames.map((frame, i) => ({ kind: "frame", frame, rid: i + 1, bytes: encodeWithRid(frame, i + 1).length - 4 })),
        `cut at ${cut}`,
      );
      assert.equal(decoder.pendingBytes, 0);
    }
  });
});
