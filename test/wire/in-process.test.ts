// Calls between services of one thread [ext] (src/wire/in-process.ts), as zino-host makes them: once a process answers
// in process, a channel to a server listening in the same thread is answered without its socket, and what the handler
// and the caller see is what the socket would have carried. This file turns it on for its own process (node's test
// runner gives each file one); every other wire test runs with it off, on real sockets.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  FrameDecoder,
  RequestTimeoutError,
  WireError,
  answerInProcess,
  createFrameChannel,
  createFrameServer,
  encodeFrame,
  silentLogger,
  type Frame,
  type FrameServer,
  type WireRequest,
} from "../../src/wire/index.js";

const MAX_FRAME_BYTES = 4096;

async function collect(frames: AsyncIterable<Frame>): Promise<Frame[]> {
  const out: Frame[] = [];
  for await (const frame of frames) out.push(frame);
  return out;
}

void describe("requests answered in process", { timeout: 20_000 }, () => {
  let dir: string;
  let socketPath: string;
  let server: FrameServer;
  const seen: WireRequest[] = [];
  let lastAbort: unknown;
  let trailingAborted: boolean | undefined;
  let shared: Frame = { type: "done", list: [1] };

  before(async () => {
    answerInProcess();
    dir = mkdtempSync(join(tmpdir(), "zinproc-"));
    socketPath = join(dir, "run", "svc.sock");
    server = createFrameServer({
      socketPath,
      logger: silentLogger(),
      maxFrameBytes: MAX_FRAME_BYTES,
      async handler(request, out, signal) {
        seen.push(request);
        if (request.type === "wait") {
          await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
          lastAbort = signal.reason;
          return;
        }
        if (request.type === "silent") {
          await new Promise((resolve) => setTimeout(resolve, 500));
          await out.send({ type: "done" });
          return;
        }
        if (request.type === "big") {
          await out.send({ type: "done", text: "x".repeat(MAX_FRAME_BYTES) });
          return;
        }
        if (request.type === "shared") {
          await out.send(shared);
          return;
        }
        if (request.type === "fail") throw new WireError("not_found", "nothing here");
        if (request.type === "trailing") {
          await out.send({ type: "done" });
          // Bookkeeping after the last frame, a few promises long, as a service's logging after its answer.
          for (let i = 0; i < 5; i += 1) await Promise.resolve();
          trailingAborted = signal.aborted;
          return;
        }
        for (const delta of ["a", "b", "c"]) await out.send({ type: "chunk", delta, absent: undefined });
        await out.send({ type: "done", echo: request.message });
      },
    });
    await server.start();
    // Nothing can reach the server through its socket any more: every answer below came in process.
    unlinkSync(socketPath);
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("streams the answer without the socket, as copies the way JSON carries them", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    const message = { text: "hi", nested: { n: 1 }, dropped: undefined };
    const frames = await collect(channel.frames({ message, ctxkey: "k" }));
    assert.deepEqual(
      frames.map((f) => f.type),
      ["chunk", "chunk", "chunk", "done"],
    );
    assert.equal(channel.mode, "in-process");
    assert.equal(channel.connections, 1);
    // The chunk's undefined field is gone, as after JSON; the handler's request is a copy of the caller's object.
    assert.equal(Object.hasOwn(frames[0]!, "absent"), false);
    const received = seen.at(-1)!;
    assert.deepEqual(received.message, { text: "hi", nested: { n: 1 } });
    assert.notEqual(received.message, message);
    message.nested.n = 2;
    assert.deepEqual(received.message, { text: "hi", nested: { n: 1 } });
    channel.close();
  });

  void it("hands the caller a copy of each answer frame, not the service's object", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    shared = { type: "done", list: [1] };
    const frame = await channel.one({ message: null, ctxkey: "k", type: "shared" });
    (shared.list as number[]).push(2);
    assert.deepEqual(frame.list, [1]);
    channel.close();
  });

  void it("answers ping, bad envelopes and the handler's errors as the socket does", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    assert.deepEqual(await channel.one({ type: "ping" }), { type: "pong" });
    const bad = await channel.one({ message: "x", ctxkey: 42 });
    assert.equal(bad.type, "error");
    assert.equal(bad.code, "bad_request");
    const failed = await channel.one({ message: "x", ctxkey: "k", type: "fail" });
    assert.deepEqual([failed.type, failed.code, failed.message], ["error", "not_found", "nothing here"]);
    channel.close();
  });

  void it("refuses a request over the frame limit before the handler sees it", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    const before = seen.length;
    // Multi-byte characters: under the limit in UTF-16 units, over it in UTF-8 bytes.
    const answer = await channel.one({ message: "é".repeat(MAX_FRAME_BYTES / 2 + 10), ctxkey: "k" });
    assert.equal(answer.type, "error");
    assert.equal(answer.code, "frame_too_large");
    assert.equal(seen.length, before);
    channel.close();
  });

  void it("fails a request whose answer frame is over the limit, as a client's decoder would", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    await assert.rejects(collect(channel.frames({ message: "x", ctxkey: "k", type: "big" })), /unreadable frame \(too_large\)/);
    channel.close();
  });

  void it("aborts the handler when the caller stops reading, with the reason a closed connection gives", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    lastAbort = undefined;
    const controller = new AbortController();
    const reading = collect(channel.frames({ message: "x", ctxkey: "k", type: "wait" }, { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error("turn cancelled"));
    await assert.rejects(reading, /turn cancelled/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(lastAbort instanceof WireError);
    assert.equal(lastAbort.code, "cancelled");
    channel.close();
  });

  void it("lets a handler finish what follows its last frame when the caller stops at that frame", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    trailingAborted = undefined;
    assert.equal((await channel.one({ message: "x", ctxkey: "k", type: "trailing" })).type, "done");
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(trailingAborted, false);
    channel.close();
  });

  void it("keeps the idle timeout of a request", async () => {
    const channel = createFrameChannel(socketPath, { maxFrameBytes: MAX_FRAME_BYTES });
    await assert.rejects(channel.one({ message: "x", ctxkey: "k", type: "silent" }, { idleTimeoutMs: 50 }), RequestTimeoutError);
    channel.close();
  });
});

void describe("a service that stops answering in process", { timeout: 20_000 }, () => {
  let dir: string;
  let socketPath: string;
  let outside: Server | undefined;

  before(() => {
    answerInProcess();
    dir = mkdtempSync(join(tmpdir(), "zinproc-"));
    socketPath = join(dir, "run", "svc.sock");
  });

  after(() => {
    outside?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("is reached through its socket again, on a new connection", async () => {
    const inThread = createFrameServer({
      socketPath,
      logger: silentLogger(),
      async handler(_request, out) {
        await out.send({ type: "done", from: "in-process" });
      },
    });
    await inThread.start();
    const channel = createFrameChannel(socketPath);
    assert.equal((await channel.one({ message: "x", ctxkey: "k" })).from, "in-process");
    assert.equal(channel.connections, 1);
    await inThread.close();
    // Another process's server on the same path, in the one-request-per-connection style of the Python ZINO.
    outside = createServer((socket) => {
      const decoder = new FrameDecoder(MAX_FRAME_BYTES);
      socket.on("data", (chunk: Buffer) => {
        if (decoder.push(chunk).length === 0) return;
        socket.end(encodeFrame({ type: "done", from: "socket" }));
      });
    });
    await new Promise<void>((resolve) => outside!.listen(socketPath, resolve));
    assert.equal((await channel.one({ message: "x", ctxkey: "k" })).from, "socket");
    assert.equal(channel.mode, "single");
    channel.close();
  });
});
