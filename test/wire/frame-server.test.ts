import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  ServiceUnavailableError,
  WireError,
  createFrameServer,
  encodeFrame,
  requestAll,
  requestOne,
  silentLogger,
  type FrameServer,
} from "../../src/wire/index.js";
import { framed, rawExchange } from "../support/raw-frames.js";
import { waitFor } from "../support/eventually.js";

/** The umask the test process started with, read once (setting it back at once). */
const umaskAtStart = (() => {
  const mask = process.umask(0o022);
  process.umask(mask);
  return mask;
})();

void describe("frame server", () => {
  let dir: string;
  let server: FrameServer;
  let socketPath: string;
  let aborted = 0;
  /** Called when the `slow` handler holds its request. */
  let slowHeld: (() => void) | undefined;
  let answeredSignal: AbortSignal | undefined;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zw-"));
    socketPath = join(dir, "run", "svc.sock");
    server = createFrameServer({
      socketPath,
      logger: silentLogger(),
      maxFrameBytes: 64 * 1024,
      idleTimeoutMs: 300,
      async handler(request, out, signal) {
        if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
        if (request.type === "boom") throw new Error("secret internals");
        if (request.type === "forbidden") throw new WireError("forbidden", "not for you");
        if (request.type === "silent") return;
        if (request.type === "answered") {
          answeredSignal = signal;
          return void (await out.send({ type: "done", full_text: "" }));
        }
        if (request.type === "slow") {
          slowHeld?.();
          await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
          aborted += 1;
          return;
        }
        if (request.type !== undefined) throw new WireError("unknown_type", `unknown type ${request.type}`);
        for (const delta of ["a", "b", "c"]) await out.send({ type: "chunk", delta });
        await out.send({ type: "done", full_text: "abc", echo: request.message, ctxkey: request.ctxkey });
      },
    });
    await server.start();
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("leaves the process's umask as it was after servers start at once", async () => {
    const others = [1, 2, 3].map((n) =>
      createFrameServer({ socketPath: join(dir, "many", `s${n}.sock`), logger: silentLogger(), handler: async () => {} }),
    );
    try {
      await Promise.all(others.map((other) => other.start()));
      for (const other of others) assert.equal(statSync(other.socketPath).mode & 0o777, 0o600);
      // A file made now gets the process's own umask (0022 where the tests run), not the sockets' 0177.
      const probe = join(dir, "probe.txt");
      writeFileSync(probe, "x", { mode: 0o666 });
      assert.equal(statSync(probe).mode & 0o077, 0o666 & ~umaskAtStart & 0o077);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });

  void it("creates the runtime directory 0700 and the socket 0600", () => {
    assert.equal(statSync(join(dir, "run")).mode & 0o777, 0o700);
    assert.equal(statSync(socketPath).mode & 0o777, 0o600);
  });

  void it("streams every frame of an answer and ends at the terminal frame", async () => {
    const frames = await requestAll(socketPath, { message: "hi", ctxkey: "k1" });
    assert.deepEqual(
      frames.map((f) => f.type),
      ["chunk", "chunk", "chunk", "done"],
    );
    assert.equal(frames[3]?.echo, "hi");
    assert.equal(frames[3]?.ctxkey, "k1");
  });

  void it("accepts channel_id as an alias of ctxkey and answers a null message with ready", async () => {
    assert.deepEqual(await requestOne(socketPath, { message: null, channel_id: "py" }), { type: "ready", ctxkey: "py" });
    assert.deepEqual(await requestOne(socketPath, { ctxkey: "x" }), { type: "ready", ctxkey: "x" });
  });

  void it("answers ping itself", async () => {
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
  });

  void it("answers malformed JSON, non-objects and wrong field types with bad_request, then keeps serving", async () => {
    for (const payload of [
      framed("{oops"),
      framed("[1]"),
      framed("7"),
      encodeFrame({ message: 5 }),
      encodeFrame({ ctxkey: 9 }),
      encodeFrame({ type: 1 }),
    ]) {
      const frames = await rawExchange(socketPath, payload);
      assert.equal(frames.length, 1);
      assert.equal(frames[0]?.type, "error");
      assert.equal(frames[0]?.code, "bad_request");
    }
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
  });

  void it("refuses an oversize frame from its header without waiting for the body", async () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(1_000_000, 0);
    const frames = await rawExchange(socketPath, header);
    assert.equal(frames[0]?.code, "frame_too_large");
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
  });

  void it("turns an unexpected exception into internal_error without leaking its message", async () => {
    const frame = await requestOne(socketPath, { type: "boom", message: "x" });
    assert.equal(frame.code, "internal_error");
    assert.doesNotMatch(String(frame.message), /secret internals/);
  });

  void it("answers with the handler's WireError code and message", async () => {
    assert.deepEqual(await requestOne(socketPath, { type: "forbidden", message: "x" }), {
      type: "error",
      code: "forbidden",
      message: "not for you",
    });
    assert.equal((await requestOne(socketPath, { type: "what", message: "x" })).code, "unknown_type");
  });

  void it("never closes silently: a handler that answers nothing yields an error frame", async () => {
    assert.equal((await requestOne(socketPath, { type: "silent", message: "x" })).code, "internal_error");
  });

  void it("closes a connection that sends no complete request within the idle timeout", async () => {
    const started = Date.now();
    const frames = await rawExchange(socketPath, Buffer.from([0, 0]));
    assert.equal(frames[0]?.code, "timeout");
    assert.ok(Date.now() - started < 5000);
  });

  void it("aborts the handler's signal when the client disconnects", async () => {
    const before = aborted;
    const controller = new AbortController();
    const held = new Promise<void>((resolve) => (slowHeld = resolve));
    const pending = requestAll(socketPath, { type: "slow", message: "x" }, { signal: controller.signal });
    // The client disconnects once the handler holds the request: a fixed delay could end before it got there.
    await held;
    controller.abort();
    await assert.rejects(pending);
    await waitFor("the handler's signal was aborted", () => aborted > before, 10_000);
    assert.equal(aborted, before + 1);
  });

  void it("leaves the signal of an answered request alone when the client then disconnects", async () => {
    assert.equal((await requestOne(socketPath, { type: "answered", message: "x" })).type, "done");
    // requestOne has closed its connection; the server sees the end and releases the connection.
    for (let i = 0; i < 20; i += 1) await new Promise((r) => setTimeout(r, 10));
    assert.equal(answeredSignal?.aborted, false);
  });

  void it("refuses to start on a socket another live server owns", async () => {
    const twin = createFrameServer({ socketPath, logger: silentLogger(), handler: async () => {} });
    await assert.rejects(twin.start(), /already listening/);
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
  });

  void it("replaces a stale socket file left by a crashed process", async () => {
    const stalePath = join(dir, "run", "stale.sock");
    writeFileSync(stalePath, "");
    const fresh = createFrameServer({
      socketPath: stalePath,
      logger: silentLogger(),
      handler: async (_r, out) => void (await out.send({ type: "ok" })),
    });
    await fresh.start();
    try {
      assert.deepEqual(await requestOne(stalePath, { message: "x" }), { type: "ok" });
    } finally {
      await fresh.close();
    }
  });

  void it("reports an absent service as ServiceUnavailableError", async () => {
    await assert.rejects(requestOne(join(dir, "none.sock"), { type: "ping" }), ServiceUnavailableError);
  });
});
