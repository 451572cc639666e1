import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FrameDecoder, encodeFrame } from "../../src/wire/index.js";

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
        frames.map((frame) => ({ kind: "frame", frame })),
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
});
