// A client that shuts its write side (shutdown(SHUT_WR), `socket.end()`) has not gone (docs/zino-protocol.md §2
// "Connections"): its request is answered to the terminal frame, as by the Python ZINO; one that closes entirely
// is still noticed, by the probes of a half-closed peer even while its answer is silent; one that half-closes before a
// complete request is told so.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createFrameServer, encodeFrame, encodeWithRid, helloRequest, silentLogger, type FrameServer } from "../../src/wire/index.js";
import { waitFor } from "../support/eventually.js";
import { framed, halfClosedExchange, rawConnection } from "../support/raw-frames.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PROBE_MS = 100;

void describe("a client that half-closes its connection", { timeout: 20_000 }, () => {
  let dir: string;
  let server: FrameServer;
  let socketPath: string;
  /** The signals of the `hold` requests, in arrival order. */
  const held: AbortSignal[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zhc-"));
    socketPath = join(dir, "run", "svc.sock");
    server = createFrameServer({
      socketPath,
      logger: silentLogger(),
      maxFrameBytes: 64 * 1024,
      idleTimeoutMs: 2000,
      halfClosedProbeMs: PROBE_MS,
      async handler(request, out, signal) {
        if (request.message === null) {
          await sleep(20); // loading the ctxkey's configuration, as rtr and exc do
          return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
        }
        if (request.type === "hold") {
          held.push(signal);
          await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
          return;
        }
        // Answered after the client's end of input has reached the server: a chunk at a time.
        for (const delta of ["a", "b", "c"]) {
          await sleep(40);
          await out.send({ type: "chunk", delta });
        }
        await out.send({ type: "done", full_text: "abc", echo: request.message });
      },
    });
    await server.start();
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("gets every frame of its answer, to the terminal one, then the server closes", async () => {
    const frames = await halfClosedExchange(socketPath, encodeFrame({ message: "hi", ctxkey: "k" }));
    assert.deepEqual(
      frames.map((f) => f.type),
      ["chunk", "chunk", "chunk", "done"],
    );
    assert.equal(frames[3]?.echo, "hi");
  });

  void it("gets its ready answer, and pong, when it half-closes at once", async () => {
    assert.deepEqual(await halfClosedExchange(socketPath, encodeFrame({ message: null, ctxkey: "r" })), [{ type: "ready", ctxkey: "r" }]);
    assert.deepEqual(await halfClosedExchange(socketPath, encodeFrame({ type: "ping" })), [{ type: "pong" }]);
  });

  void it("keeps its silent request running, and cancels it by the probes once the client closes entirely", async () => {
    const client = rawConnection(socketPath);
    client.socket.write(encodeFrame({ type: "hold", message: "x" }));
    await waitFor("the handler holds the request", () => held.length === 1, 5000);
    client.socket.end();
    await sleep(PROBE_MS * 5);
    assert.equal(held[0]?.aborted, false, "a half-closed client is not gone");
    const closedAt = Date.now();
    client.socket.destroy();
    await waitFor("the request was cancelled", () => held[0]?.aborted === true, 5000);
    // Nothing is written on a silent request: only a probe can notice; it comes within one interval (plus a loaded machine).
    assert.ok(Date.now() - closedAt < PROBE_MS * 10, `cancelled ${Date.now() - closedAt} ms after the close`);
  });

  void it("is answered bad_request when it half-closes before a complete request", async () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from([0, 0]), framed('{"message":"cut short"}').subarray(0, 12)]) {
      const frames = await halfClosedExchange(socketPath, bytes);
      assert.equal(frames.length, 1, `one answer to ${bytes.toString("hex")}`);
      assert.equal(frames[0]?.code, "bad_request");
      assert.match(String(frames[0]?.message), /input ended/);
    }
  });

  void it("on a multiplexed connection, gets the answers in flight with their ends, then the server closes", async () => {
    const bytes = Buffer.concat([
      encodeFrame(helloRequest()),
      encodeWithRid({ message: "one", ctxkey: "k" }, 1),
      encodeWithRid({ message: "two", ctxkey: "k" }, 2),
    ]);
    const frames = await halfClosedExchange(socketPath, bytes);
    assert.equal(frames[0]?.type, "hello");
    for (const rid of [1, 2]) {
      assert.deepEqual(
        frames.filter((f) => f.rid === rid).map((f) => f.type),
        ["chunk", "chunk", "chunk", "done", "end"],
      );
    }
  });

  void it("on a multiplexed connection, is answered bad_request for a frame its end of input cut short", async () => {
    const cut = encodeWithRid({ message: "never whole", ctxkey: "k" }, 3).subarray(0, 10);
    const frames = await halfClosedExchange(
      socketPath,
      Buffer.concat([encodeFrame(helloRequest()), encodeWithRid({ message: "one" }, 1), cut]),
    );
    assert.equal(frames.filter((f) => f.code === "bad_request").length, 1);
    assert.deepEqual(
      frames.filter((f) => f.rid === 1).map((f) => f.type),
      ["chunk", "chunk", "chunk", "done", "end"],
    );
  });
});
