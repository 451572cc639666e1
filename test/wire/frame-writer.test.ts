// Writes corked per tick (frame-writer.ts corkPerTick): what one tick writes stays in the socket until the next
// tick, then leaves at once, in order, byte for byte; a flush sends it at once. Ending a connection (endSoon)
// leaves nothing behind that keeps it in memory once it is closed.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { corkPerTick, endSoon, LINGER_AFTER_ANSWER_MS } from "../../src/wire/frame-writer.js";

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

void describe("writes corked per tick", { timeout: 10_000 }, () => {
  let dir: string;
  let server: Server;
  let socketPath: string;
  const received: Buffer[] = [];
  const open = new Set<Socket>();
  let gotBytes: ((n: number) => void) | undefined;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zcork-"));
    socketPath = join(dir, "cork.sock");
    server = createServer((peer) => {
      open.add(peer);
      peer.on("data", (chunk: Buffer) => {
        received.push(chunk);
        gotBytes?.(Buffer.concat(received).length);
      });
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  });
  after(async () => {
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const connect = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = createConnection(socketPath, () => resolve(socket));
      open.add(socket);
      socket.once("error", reject);
    });
  const receivedBytes = (n: number) =>
    new Promise<Buffer>((resolve) => {
      gotBytes = (have) => have >= n && resolve(Buffer.concat(received));
      gotBytes(Buffer.concat(received).length);
    });

  void it("holds one tick's writes until the next tick, then sends them in order", async () => {
    received.length = 0;
    const socket = await connect();
    const writes = corkPerTick(socket);
    const parts = [Buffer.from("one,"), Buffer.from("two,"), Buffer.from("three")];
    for (const part of parts) assert.equal(writes.write(part), true);
    assert.equal(socket.writableCorked, 1);
    assert.equal(socket.writableLength, 13, "nothing left before the tick ends");
    await nextTick();
    assert.equal(socket.writableCorked, 0);
    assert.equal((await receivedBytes(13)).toString(), "one,two,three");
    socket.destroy();
  });

  void it("sends at once on flush, and a later tick corks again", async () => {
    received.length = 0;
    const socket = await connect();
    const writes = corkPerTick(socket);
    writes.write(Buffer.from("a"));
    writes.flush();
    assert.equal(socket.writableCorked, 0);
    writes.write(Buffer.from("b"));
    assert.equal(socket.writableCorked, 1);
    await nextTick();
    await nextTick();
    assert.equal(socket.writableCorked, 0);
    writes.write(Buffer.from("c"));
    assert.equal(socket.writableCorked, 1);
    await nextTick();
    assert.equal((await receivedBytes(3)).toString(), "abc");
    socket.destroy();
  });
});

/** The V8 collector, for a test that must see an object go (the flag is set before the first call). */
function collector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

void describe("ending a connection (frame-writer.ts endSoon)", { timeout: 10_000 }, () => {
  void it("lets a closed connection go at once: no timer keeps its socket for the linger time", async () => {
    const gc = collector();
    const dir = mkdtempSync(join(tmpdir(), "zend-"));
    const socketPath = join(dir, "end.sock");
    let closedOnServer!: (ref: WeakRef<Socket>) => void;
    const closed = new Promise<WeakRef<Socket>>((resolve) => (closedOnServer = resolve));
    const server = createServer((peer) => {
      const ref = new WeakRef(peer);
      peer.once("close", () => closedOnServer(ref));
      peer.write("bye");
      endSoon(peer, 60_000);
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    const client = createConnection(socketPath);
    client.resume();
    // The peer reads the answer to its end, then closes: the server's socket closes long before the linger time.
    await new Promise<void>((resolve) => client.once("end", () => client.end(resolve)));
    const ref = await closed;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const started = Date.now();
    for (let i = 0; i < 20 && ref.deref() !== undefined; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    assert.equal(ref.deref(), undefined, "the closed server socket is still referenced");
    assert.ok(Date.now() - started < LINGER_AFTER_ANSWER_MS, "collected before the linger timer would have fired");
    rmSync(dir, { recursive: true, force: true });
  });
});
