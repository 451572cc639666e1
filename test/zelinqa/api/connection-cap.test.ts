// `zelinqa serve` serves at most ZELINQA_MAX_CONNECTIONS connections at once (docs/zelinqa-api.md §2.2): past the cap a new
// connection takes the place of the keep-alive connection idle the longest; when none is idle it is closed as it
// arrives, the connections within the cap are answered as before, and once some close, new ones are served again.
// Over real TCP on a listening server with SQLite.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import type { Socket } from "node:net";
import type { ZelinqaAppOptions } from "../../../src/zelinqa/api/app.js";
import { MAX_CONNECTIONS, resolveServerConfig } from "../../../src/zelinqa/api/server-config.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";

const CAP = 5;

/** An open connection, and a promise of how it ended: closed by the server before sending anything, or still open. */
function open(port: number, localAddress?: string): Promise<{ socket: Socket; closedEmpty: Promise<boolean>; received: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", ...(localAddress === undefined ? {} : { localAddress }) });
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
    socket.on("error", () => undefined);
    const closedEmpty = new Promise<boolean>((done) => socket.once("close", () => done(received === "")));
    const receivedAll = new Promise<string>((done) => socket.once("close", () => done(received)));
    socket.once("connect", () => resolve({ socket, closedEmpty, received: receivedAll }));
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

/** Resolves true once the socket is closed, false if it is still open after `ms`. */
const closedWithin = (socket: Socket, ms: number) =>
  within(new Promise<boolean>((resolve) => (socket.destroyed ? resolve(true) : socket.once("close", () => resolve(true)))), ms, false);

/**
 * An app capped at CAP connections, listening on a port of its own for the suite it is made in (each suite needs its
 * own: connections left open by one, a fetch's keep-alive included, count in the other's).
 */
function cappedApp(caps: Partial<ZelinqaAppOptions> = { maxConnections: CAP }): { t: TestApp; port: number } {
  // Filled by the suite's before hook, which runs before any of its tests.
  const app = {} as { t: TestApp; port: number };
  before(async () => {
    app.t = await startTestApp({ backend: "sqlite", options: { worker: false, ...caps } });
    app.port = Number(new URL(await app.t.app.fastify.listen({ host: "127.0.0.1", port: 0 })).port);
  });
  after(async () => {
    await (app.t as TestApp | undefined)?.close();
  });
  return app;
}

void describe("zelinqa API connection cap", () => {
  const app = cappedApp();

  void it("closes the connections past the cap as they arrive, answers those within it, then serves new ones", async () => {
    const held = [];
    for (let i = 0; i < CAP; i++) held.push(await open(app.port));
    // Twice the cap more: each is closed without a byte, well before the 10 s the server gives a client for its headers.
    const extra = await Promise.all(Array.from({ length: 2 * CAP }, () => open(app.port)));
    const refused = await Promise.all(extra.map((c) => within(c.closedEmpty, 5_000, false)));
    assert.deepEqual(refused, Array<boolean>(2 * CAP).fill(true));
    for (const c of held) assert.equal(await statusOn(c.socket), "HTTP/1.1 200 OK");
    assert.ok(app.t.logLines.some((line) => line.includes("connections closed at the cap")));
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closedEmpty));
    // The server counts a connection as gone once its close is processed: a moment after the client's.
    for (let attempt = 0; ; attempt++) {
      const r = await fetch(`http://127.0.0.1:${app.port}/v1/health`).catch(() => null);
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

void describe("zelinqa API connection cap, idle keep-alive connections", () => {
  const app = cappedApp();

  void it("closes the connection idle the longest for a new one, never one whose next request has started", async () => {
    // The cap's worth of keep-alive connections, each answered once and left open: all idle, the first the longest.
    const held: { socket: Socket; closedEmpty: Promise<boolean> }[] = [];
    for (let i = 0; i < CAP; i++) {
      const c = await open(app.port);
      assert.equal(await statusOn(c.socket), "HTTP/1.1 200 OK");
      held.push(c);
    }
    // The first one starts its next request (headers not finished): it is not idle any more, so the second goes.
    held[0]!.socket.write("GET /v1/health HTTP/1.1\r\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const newcomer = await open(app.port);
    assert.equal(await statusOn(newcomer.socket), "HTTP/1.1 200 OK", "the new connection past the cap was not served");
    assert.equal(await closedWithin(held[1]!.socket, 5_000), true, "the connection idle the longest was not closed");
    assert.equal(held[0]!.socket.destroyed, false, "a connection whose request had started was closed");
    for (const c of held.slice(2)) assert.equal(c.socket.destroyed, false);
    // The first one's request ends and is answered.
    const answered = new Promise<string>((resolve) => held[0]!.socket.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8"))));
    held[0]!.socket.write("Host: x\r\n\r\n");
    assert.match(await answered, /^HTTP\/1\.1 200 OK/);
    // Each new connection takes an idle one's place, the longest idle first, while every one open is idle.
    const second = await open(app.port);
    assert.equal(await statusOn(second.socket), "HTTP/1.1 200 OK");
    assert.equal(await closedWithin(held[2]!.socket, 5_000), true);
    assert.ok(app.t.logLines.some((line) => line.includes("connections closed at the cap") && line.includes("idle_closed")));
    for (const c of [...held, newcomer, second]) c.socket.destroy();
  });
});

void describe("zelinqa API connection cap per address", () => {
  // Linux routes all of 127.0.0.0/8 to the loopback: each of these local addresses is a client address of its own.
  const [SLOW, OTHER, PROXY, IDLE] = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"];
  const app = cappedApp({ maxConnections: 40, maxConnectionsPerAddress: 3, proxyAddresses: [PROXY] });

  void it("answers 429 and closes a connection past ZELINQA_MAX_CONNECTIONS_PER_ADDRESS, while other addresses are served", async () => {
    // Slow clients from one address: connections that never finish their headers, the most it may hold.
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await open(app.port, SLOW));
    const extra = await Promise.all(Array.from({ length: 5 }, () => open(app.port, SLOW)));
    for (const c of extra) {
      const answer = await within(c.received, 5_000, "still open");
      assert.match(answer, /^HTTP\/1\.1 429 Too Many Requests\r\n/);
      assert.match(answer, /Retry-After: 1/);
      assert.match(answer, /\{"message":"Too Many Requests"\}$/);
    }
    // Another address is served at once, and the held ones still are.
    const other = await open(app.port, OTHER);
    assert.equal(await statusOn(other.socket), "HTTP/1.1 200 OK");
    for (const c of held) assert.equal(await statusOn(c.socket), "HTTP/1.1 200 OK");
    assert.ok(app.t.logLines.some((line) => line.includes("refused_for_address")));
    // A proxy's address is not bounded per address.
    const proxied = await Promise.all(Array.from({ length: 6 }, () => open(app.port, PROXY)));
    for (const c of proxied) assert.equal(await statusOn(c.socket), "HTTP/1.1 200 OK");
    // Once the address's connections close, it is served again.
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closedEmpty));
    for (let attempt = 0; ; attempt++) {
      const again = await open(app.port, SLOW);
      const status = await statusOn(again.socket).catch(() => "closed");
      again.socket.destroy();
      if (status === "HTTP/1.1 200 OK") break;
      assert.ok(attempt < 50, "the address was not served again after its connections closed");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const c of [other, ...proxied]) c.socket.destroy();
  });

  void it("a connection past its address's share takes the place of that address's connection idle the longest", async () => {
    const held = [];
    for (let i = 0; i < 3; i++) {
      const c = await open(app.port, IDLE);
      assert.equal(await statusOn(c.socket), "HTTP/1.1 200 OK");
      held.push(c);
    }
    const newcomer = await open(app.port, IDLE);
    assert.equal(await statusOn(newcomer.socket), "HTTP/1.1 200 OK");
    assert.equal(await closedWithin(held[0]!.socket, 5_000), true, "the address's connection idle the longest was not closed");
    for (const c of held.slice(1)) assert.equal(c.socket.destroyed, false);
    for (const c of [...held, newcomer]) c.socket.destroy();
  });

  void it("reads ZELINQA_MAX_CONNECTIONS_PER_ADDRESS (a quarter of the cap by default) and ZELINQA_PROXY_ADDRESSES (loopback by default)", () => {
    const defaults = resolveServerConfig({}, {});
    assert.equal(defaults.maxConnectionsPerAddress, 128);
    assert.deepEqual(defaults.proxyAddresses, ["127.0.0.1", "::1"]);
    assert.equal(resolveServerConfig({ ZELINQA_MAX_CONNECTIONS: "40" }, {}).maxConnectionsPerAddress, 10);
    assert.equal(resolveServerConfig({ ZELINQA_MAX_CONNECTIONS_PER_ADDRESS: "7" }, {}).maxConnectionsPerAddress, 7);
    assert.deepEqual(resolveServerConfig({ ZELINQA_PROXY_ADDRESSES: "10.0.0.0/8, 192.168.1.5,fd00::/8" }, {}).proxyAddresses, [
      "10.0.0.0/8",
      "192.168.1.5",
      "fd00::/8",
    ]);
    assert.deepEqual(resolveServerConfig({ ZELINQA_PROXY_ADDRESSES: "" }, {}).proxyAddresses, []);
    for (const bad of ["0", "-1", "1.5", "many"]) {
      assert.throws(() => resolveServerConfig({ ZELINQA_MAX_CONNECTIONS_PER_ADDRESS: bad }, {}), /ZELINQA_MAX_CONNECTIONS_PER_ADDRESS/);
    }
    for (const bad of ["proxy.example", "10.0.0.0/33", "10.0.0.1/8/2", "::1/129", "10.0.0.0/x"]) {
      assert.throws(() => resolveServerConfig({ ZELINQA_PROXY_ADDRESSES: bad }, {}), /ZELINQA_PROXY_ADDRESSES/);
    }
  });
});
