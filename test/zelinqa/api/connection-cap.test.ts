// `zelinqa serve` serves at most ZELINQA_MAX_CONNECTIONS connections at once (docs/zelinqa-api.md §2.2): past the cap a new
// connection is closed as it arrives, the connections within it are answered as before, and once some close, new ones
// are served again. Over real TCP on a listening server with SQLite.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import type { Socket } from "node:net";
import { MAX_CONNECTIONS, resolveServerConfig } from "../../../src/zelinqa/api/server-config.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";

const CAP = 5;

/** An open connection, and a promise of how it ended: closed by the server before sending anything, or still open. */
function open(port: number): Promise<{ socket: Socket; closedEmpty: Promise<boolean> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = 0;
    socket.on("data", (chunk: Buffer) => (received += chunk.length));
    socket.on("error", () => undefined);
    const closedEmpty = new Promise<boolean>((done) => socket.once("close", () => done(received === 0)));
    socket.once("connect", () => resolve({ socket, closedEmpty }));
    socket.once("error", reject);
  });
}

/** One request on an open connection, and the status line of its answer. */
function statusOn(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (!text.includes("\r\n")) return;
      socket.off("data", onData);
      resolve(text.slice(0, text.indexOf("\r\n")));
    };
    socket.on("data", onData);
    socket.once("close", () => reject(new Error(`closed after ${JSON.stringify(text)}`)));
    socket.write("GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n");
  });
}

const within = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);

void describe("zelinqa API connection cap", () => {
  let t: TestApp;
  let port = 0;
  before(async () => {
    t = await startTestApp({ backend: "sqlite", options: { worker: false, maxConnections: CAP } });
    port = Number(new URL(await t.app.fastify.listen({ host: "127.0.0.1", port: 0 })).port);
  });
  after(async () => {
    await t?.close();
  });

  void it("closes the connections past the cap as they arrive, answers those within it, then serves new ones", async () => {
    const held = [];
    for (let i = 0; i < CAP; i++) held.push(await open(port));
    // Twice the cap more: each is closed without a byte, well before the 10 s the server gives a client for its headers.
    const extra = await Promise.all(Array.from({ length: 2 * CAP }, () => open(port)));
    const refused = await Promise.all(extra.map((c) => within(c.closedEmpty, 5_000, false)));
    assert.deepEqual(refused, Array<boolean>(2 * CAP).fill(true));
    for (const c of held) assert.equal(await statusOn(c.socket), "HTTP/1.1 200 OK");
    assert.ok(t.logLines.some((line) => line.includes("connections closed at the cap")));
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closedEmpty));
    // The server counts a connection as gone once its close is processed: a moment after the client's.
    for (let attempt = 0; ; attempt++) {
      const r = await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => null);
      if (r?.status === 200) break;
      assert.ok(attempt < 50, "no new connection was served after the held ones closed");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  void it("reads ZELINQA_MAX_CONNECTIONS, 512 by default, refusing what is not a whole number from 1", () => {
    assert.equal(resolveServerConfig({}, {}).maxConnections, MAX_CONNECTIONS);
    assert.equal(MAX_CONNECTIONS, 512);
    assert.equal(resolveServerConfig({ ZELINQA_MAX_CONNECTIONS: "64" }, {}).maxConnections, 64);
    for (const bad of ["0", "-1", "1.5", "many"]) {
      assert.throws(() => resolveServerConfig({ ZELINQA_MAX_CONNECTIONS: bad }, {}), /ZELINQA_MAX_CONNECTIONS/);
    }
  });
});
