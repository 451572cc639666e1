// A client's framing mistakes (docs/zino-protocol.md §2): JSON sent without its length prefix, or a length written
// little-endian, reads as a huge declared length. The `frame_too_large` answer says which mistake it looks like and
// how a frame is written, so a first client is fixed from the error alone; a real oversized frame keeps its text.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createFrameServer, silentLogger, type FrameServer } from "../../src/wire/index.js";
import { rawExchange } from "../support/raw-frames.js";

const MAX_FRAME_BYTES = 1024 * 1024;

void describe("framing mistakes get an error that says how to frame", () => {
  let dir: string;
  let server: FrameServer;
  let socketPath: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zfm-"));
    socketPath = join(dir, "run", "svc.sock");
    server = createFrameServer({
      socketPath,
      logger: silentLogger(),
      maxFrameBytes: MAX_FRAME_BYTES,
      idleTimeoutMs: 5000,
      async handler(request, out) {
        await out.send({ type: "echo", ctxkey: request.ctxkey });
      },
    });
    await server.start();
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const errorOf = async (bytes: Buffer) => {
    const frames = await rawExchange(socketPath, bytes);
    assert.equal(frames.length, 1, "one error frame, then the close");
    const frame = frames[0]!;
    assert.equal(frame.type, "error");
    assert.equal(frame.code, "frame_too_large");
    return String(frame.message);
  };

  void it("newline-delimited JSON without a length prefix is named as such", async () => {
    for (const text of ['{"message":"hi","ctxkey":"a"}\n', '[{"message":"hi"}]\n', ' {"type":"ping"}\n']) {
      const message = await errorOf(Buffer.from(text));
      assert.match(message, /Its first 4 bytes are the text /, text);
      assert.match(message, /4-byte big-endian/);
      assert.match(message, /newline-delimited JSON is not read/);
    }
  });

  void it("a length written little-endian is named, with the length it meant", async () => {
    const body = Buffer.from(JSON.stringify({ type: "ping" }));
    const header = Buffer.alloc(4);
    header.writeUInt32LE(body.length);
    const message = await errorOf(Buffer.concat([header, body]));
    assert.match(message, new RegExp(`Read little-endian, the same 4 bytes declare ${body.length}: write the length big-endian`));
  });

  void it("a frame really over the limit says to send less or raise the limit", async () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(MAX_FRAME_BYTES + 1);
    const message = await errorOf(header);
    assert.equal(
      message,
      `The frame declares ${MAX_FRAME_BYTES + 1} bytes; the limit is ${MAX_FRAME_BYTES}. Send a smaller message, or raise [limits] max_frame_bytes.`,
    );
  });

  void it("a wrongly typed message or ctxkey is a bad_request saying which types are read", async () => {
    const frame = (value: object) => {
      const body = Buffer.from(JSON.stringify(value));
      const header = Buffer.alloc(4);
      header.writeUInt32BE(body.length);
      return Buffer.concat([header, body]);
    };
    const [bad] = await rawExchange(socketPath, frame({ message: 5, ctxkey: "a" }));
    assert.equal(bad?.code, "bad_request");
    assert.match(String(bad?.message), /message: must be a string \(a turn\), .*or null \(the ready handshake\)/);
    const [badKey] = await rawExchange(socketPath, frame({ message: "hi", ctxkey: 7 }));
    assert.equal(badKey?.code, "bad_request");
    assert.match(String(badKey?.message), /ctxkey: must be a string, or null for the ctxkey default/);
  });
});
