// Issue 11 "ZINO services and files": the wire limits of every service (connections, buffered bytes of unfinished
// frames, strict UTF-8, nesting depth) and the socket folder rules, each reproduced as the probe did it.
import assert from "node:assert/strict";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  UnsafeSocketDirError,
  createFrameServer,
  encodeFrame,
  encodeWithRid,
  helloRequest,
  requestOne,
  silentLogger,
  type FrameServer,
} from "../../src/wire/index.js";
import { framed, rawConnection, rawExchange } from "../support/raw-frames.js";

function openPartial(socketPath: string, bytes: Buffer): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    socket.on("error", () => {});
    socket.once("connect", () => socket.write(bytes, () => resolve(socket)));
    socket.once("error", reject);
  });
}

/** The first frame answered on a socket (undefined when it closes without one); listen once, right after opening. */
function firstAnswer(socket: Socket): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (data.length >= 4 && data.length >= 4 + data.readUInt32BE(0)) {
        resolve(JSON.parse(data.subarray(4, 4 + data.readUInt32BE(0)).toString("utf8")) as Record<string, unknown>);
      }
    });
    socket.on("close", () => resolve(undefined));
  });
}

const settledWithin = <T>(promise: Promise<T>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const header = (declared: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(declared, 0);
  return bytes;
};

void describe("wire limits of a frame server", () => {
  let dir: string;
  let server: FrameServer;
  let socketPath: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zl-"));
    socketPath = join(dir, "run", "svc.sock");
    server = createFrameServer({
      socketPath,
      logger: silentLogger(),
      maxFrameBytes: 1024 * 1024,
      idleTimeoutMs: 5000,
      maxConnections: 4,
      maxBufferedBytes: 2 * 1024 * 1024,
      async handler(request, out) {
        if (request.type === "grow") {
          await out.send({ type: "chunk", delta: "a" });
          await out.send({ type: "done", full_text: "x".repeat(2 * 1024 * 1024) });
          return;
        }
        await out.send({ type: "echo", ctxkey: request.ctxkey, message: request.message });
      },
    });
    await server.start();
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("never sends an answer frame over the frame limit: the request fails with frame_too_large instead", async () => {
    // A 2 MiB answer on a 1 MiB server: its peer's decoder would refuse it and lose the connection, with no code.
    const frames = await rawExchange(socketPath, encodeFrame({ type: "grow", message: null, ctxkey: "k" }));
    assert.deepEqual(frames[0], { type: "chunk", delta: "a" });
    assert.equal(frames.length, 2, JSON.stringify(frames.map((f) => f.type)));
    assert.equal(frames[1]?.code, "frame_too_large");
    assert.match(String(frames[1]?.message), /answer frame would be \d+ bytes, over the 1048576-byte frame limit.*max_frame_bytes/);
    // On a multiplexed connection only that request fails; the connection goes on serving.
    const mux = rawConnection(socketPath);
    mux.socket.write(encodeFrame(helloRequest()));
    mux.socket.write(encodeWithRid({ type: "grow", message: null, ctxkey: "k" }, 1));
    mux.socket.write(encodeWithRid({ type: "ping" }, 2));
    await mux.until((got) => got.filter((f) => f.type === "end").length === 2);
    mux.socket.destroy();
    const answers = mux.frames.filter((f) => f.rid === 1 && f.type !== "end").map((f) => f.code ?? f.type);
    assert.deepEqual(answers, ["chunk", "frame_too_large"]);
    assert.ok(mux.frames.some((f) => f.rid === 2 && f.type === "pong"));
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
  });

  void it("answers overloaded past the connection cap, and serves again once connections close", async () => {
    const held = await Promise.all([1, 2, 3, 4].map(() => openPartial(socketPath, header(100))));
    const refused = await rawExchange(socketPath, encodeFrame({ type: "ping" }));
    assert.equal(refused[0]?.type, "error");
    assert.equal(refused[0]?.code, "overloaded");
    for (const socket of held) socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
  });

  void it("caps the bytes buffered for unfinished frames across connections and gives them back", async () => {
    const body = Buffer.alloc(900 * 1024, 0x20);
    const first = await openPartial(socketPath, Buffer.concat([header(1024 * 1024), body]));
    const firstAnswered = firstAnswer(first);
    const second = await openPartial(socketPath, Buffer.concat([header(1024 * 1024), body]));
    const secondAnswered = firstAnswer(second);
    const third = connect(socketPath);
    third.on("error", () => {});
    const thirdAnswered = firstAnswer(third);
    third.write(Buffer.concat([header(1024 * 1024), body]));
    // The third pushed the total over 2 MiB: it alone is answered; the others still wait for their bodies.
    assert.equal((await thirdAnswered)?.code, "overloaded");
    assert.equal(await settledWithin(Promise.race([firstAnswered, secondAnswered]), 100), false);
    first.destroy();
    second.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const again = connect(socketPath);
    const answered = firstAnswer(again);
    again.write(Buffer.concat([header(1024 * 1024), body, Buffer.alloc(1024 * 1024 - body.length, 0x20)]));
    assert.equal((await answered)?.code, "bad_request"); // a complete (blank) frame is read again
    again.destroy();
  });

  void it("refuses invalid UTF-8 with bad_request instead of replacing it (two ctxkeys must not become one)", async () => {
    const body = Buffer.concat([Buffer.from('{"message":null,"ctxkey":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const frames = await rawExchange(socketPath, framed(body));
    assert.equal(frames[0]?.code, "bad_request");
    assert.match(String(frames[0]?.message), /UTF-8/);
    const overlong = Buffer.concat([Buffer.from('{"ctxkey":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]);
    assert.equal((await rawExchange(socketPath, framed(overlong)))[0]?.code, "bad_request");
  });

  void it("refuses a ctxkey with a lone surrogate escape (stored as U+FFFD it would merge with others)", async () => {
    const frames = await rawExchange(socketPath, framed('{"message":null,"ctxkey":"k\\ud800"}'));
    assert.equal(frames[0]?.code, "bad_request");
    const pair = await rawExchange(socketPath, framed('{"message":null,"ctxkey":"k\\ud83d\\ude00"}'));
    assert.equal(pair[0]?.ctxkey, "k😀");
  });

  void it("answers JSON nested 100,000 deep with bad_request, and the limit ignores brackets inside strings", async () => {
    const deep = `{"message":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const frames = await rawExchange(socketPath, framed(deep));
    assert.equal(frames[0]?.code, "bad_request");
    assert.match(String(frames[0]?.message), /nests deeper than/);
    const quoted = { message: "[".repeat(5000), ctxkey: "q" };
    assert.equal((await requestOne(socketPath, quoted)).message, "[".repeat(5000));
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
  });
});

void describe("requests being answered", { timeout: 15_000 }, () => {
  let dir: string;
  let server: FrameServer;
  let socketPath: string;
  /** Ends the handlers waiting, in order. */
  const waiting: (() => void)[] = [];
  let started = 0;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zh-"));
    socketPath = join(dir, "run", "svc.sock");
    server = createFrameServer({
      socketPath,
      logger: silentLogger(),
      maxFrameBytes: 1024 * 1024,
      idleTimeoutMs: 5000,
      maxHeldBytes: 3 * 1024 * 1024,
      async handler(request, out) {
        started += 1;
        // A slow answer (a turn queued behind another, a silent provider): the request stays in memory meanwhile.
        if (request.type === "wait") await new Promise<void>((resolve) => waiting.push(resolve));
        await out.send({ type: "done", started });
      },
    });
    await server.start();
  });

  after(async () => {
    for (const release of waiting.splice(0)) release();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const big = (rid?: number) => {
    const request = { type: "wait", ctxkey: "k", message: "m".repeat(900 * 1024) };
    return rid === undefined ? encodeFrame(request) : encodeWithRid(request, rid);
  };

  void it("refuses a complete request with overloaded once the requests being answered hold the byte budget", async () => {
    // Three 900 KB requests fit a 3 MiB budget; before, a fourth (and a thousandth) was read and held too.
    const answers = [1, 2, 3].map(() => rawExchange(socketPath, big()));
    await waitUntil(() => started === 3);
    const refused = await rawExchange(socketPath, big());
    assert.equal(refused.length, 1, JSON.stringify(refused).slice(0, 200));
    assert.equal(refused[0]?.code, "overloaded");
    assert.match(String(refused[0]?.message), /answering requests of 3145728 bytes together.*retry once some are answered/);
    assert.equal(started, 3, "the refused request reached the handler");
    // Small requests still pass, and the budget comes back as the answers end.
    assert.deepEqual(await requestOne(socketPath, { type: "ping" }), { type: "pong" });
    for (const release of waiting.splice(0)) release();
    for (const answer of await Promise.all(answers)) assert.equal(answer[0]?.type, "done");
    const again = rawExchange(socketPath, big());
    await waitUntil(() => waiting.length === 1);
    waiting.splice(0)[0]?.();
    assert.equal((await again)[0]?.type, "done");
  });

  void it("on a multiplexed connection, refuses only the request past the budget", async () => {
    for (const release of waiting.splice(0)) release();
    started = 0;
    const mux = rawConnection(socketPath);
    mux.socket.write(encodeFrame(helloRequest()));
    for (let rid = 1; rid <= 5; rid += 1) mux.socket.write(big(rid));
    await mux.until((got) => got.some((f) => f.rid === 5 && f.type === "end"));
    await waitUntil(() => started === 3);
    const refusedRids = mux.frames.filter((f) => f.code === "overloaded").map((f) => f.rid);
    assert.deepEqual(refusedRids, [4, 5]);
    for (const release of waiting.splice(0)) release();
    await mux.until((got) => got.filter((f) => f.type === "end").length === 5);
    mux.socket.write(big(6));
    await waitUntil(() => waiting.length === 1);
    waiting.splice(0)[0]?.();
    await mux.until((got) => got.some((f) => f.rid === 6 && f.type === "done"));
    mux.socket.destroy();
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

void describe("a peer that stops reading", () => {
  void it("is dropped after the stall timeout, giving back its connection slot", { timeout: 20_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "zs-"));
    let unsent = 0;
    const server = createFrameServer({
      socketPath: join(dir, "s.sock"),
      logger: silentLogger(),
      idleTimeoutMs: 300,
      maxConnections: 1,
      async handler(request, out) {
        if (request.type !== "flood") return void (await out.send({ type: "ok" }));
        for (let i = 0; i < 200; i += 1) {
          if (!(await out.send({ type: "chunk", delta: "x".repeat(64 * 1024) }))) {
            unsent += 1;
            return;
          }
        }
      },
    });
    await server.start();
    try {
      const socket = connect(join(dir, "s.sock"));
      socket.on("error", () => {});
      socket.pause(); // never reads
      socket.write(encodeFrame({ type: "flood", message: "x" }));
      for (let i = 0; i < 100 && unsent === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      assert.equal(unsent, 1, "the handler learnt the peer was gone");
      await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(await requestOne(join(dir, "s.sock"), { message: "x" }), { type: "ok" });
      socket.destroy();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

void describe("socket folder", () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), "zd-"));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const start = async (socketPath: string) => {
    const server = createFrameServer({
      socketPath,
      logger: silentLogger(),
      handler: async (_r, out) => void (await out.send({ type: "ok" })),
    });
    await server.start();
    return server;
  };

  void it("refuses a socket directly in the system temp folder and leaves its mode alone", async () => {
    const mode = statSync("/tmp").mode & 0o7777;
    await assert.rejects(start(join("/tmp", `zino-probe-${process.pid}.sock`)), (err: unknown) => {
      assert.ok(err instanceof UnsafeSocketDirError);
      assert.equal(err.code, "unsafe_socket_dir");
      assert.match(err.message, /shared folder.*runtime_dir/s);
      return true;
    });
    assert.equal(statSync("/tmp").mode & 0o7777, mode);
  });

  void it("refuses a world-writable runtime_dir and another user's folder without changing them", async () => {
    const shared = join(root, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    await assert.rejects(start(join(shared, "ctx.sock")), /other users can write in it/);
    assert.equal(statSync(shared).mode & 0o7777, 0o777);
    // Another user's folder: one made and given away where the tests run as root, else root's own /etc.
    const asRoot = process.geteuid?.() === 0;
    const foreign = asRoot ? join(root, "foreign") : "/etc";
    if (asRoot) {
      mkdirSync(foreign, { mode: 0o700 });
      chownSync(foreign, 65534, 65534);
    }
    const foreignMode = statSync(foreign).mode & 0o7777;
    await assert.rejects(start(join(foreign, `zino-probe-${process.pid}.sock`)), /belongs to another user/);
    assert.equal(statSync(foreign).mode & 0o7777, foreignMode);
  });

  void it("creates a missing folder 0700, accepts an existing private one unchanged, and makes sockets 0600", async () => {
    const created = join(root, "a", "run");
    const server = await start(join(created, "s.sock"));
    assert.equal(statSync(created).mode & 0o7777, 0o700);
    assert.equal(statSync(join(created, "s.sock")).mode & 0o777, 0o600);
    await server.close();
    const readable = join(root, "readable");
    mkdirSync(readable);
    chmodSync(readable, 0o755);
    const second = await start(join(readable, "s.sock"));
    assert.equal(statSync(readable).mode & 0o7777, 0o755);
    await second.close();
  });
});
