// A client that starts a request and never finishes it (headers, or a body shorter than its Content-Length) is
// answered 408 in the envelope and its connection closed, before any authentication; a slow client that finishes in
// time is served. Over real HTTP on a listening server, with a short timeout (ZELINQA_REQUEST_TIMEOUT_MS in production).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { REQUEST_TIMEOUT_MS, resolveServerConfig } from "../../../src/zelinqa/api/server-config.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";

const TIMEOUT_MS = 1_000;

/** Gives up on a server that never closes the connection (no timeout at all): the test then fails, it does not hang. */
const GIVE_UP_MS = 10 * TIMEOUT_MS;

/**
 * Writes `parts` on a raw connection (`pauseMs` apart) and returns everything the server sent until it closed, or
 * until GIVE_UP_MS.
 */
function rawExchange(port: number, parts: readonly string[], pauseMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    setTimeout(() => socket.destroy(), GIVE_UP_MS).unref();
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    socket.on("connect", async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, pauseMs));
        socket.write(part);
      }
      // A complete request gets its answer; the server then keeps the connection: end it from this side.
      if (parts.length > 1) setTimeout(() => socket.end(), pauseMs + 500);
    });
  });
}

void describe("zelinqa API request timeouts", () => {
  let t: TestApp;
  let port = 0;
  before(async () => {
    t = await startTestApp({ backend: "sqlite", options: { worker: false, requestTimeoutMs: TIMEOUT_MS } });
    port = Number(new URL(await t.app.fastify.listen({ host: "127.0.0.1", port: 0 })).port);
  });
  after(async () => {
    await t?.close();
  });

  const head = (length: number) =>
    `POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  for (const [name, parts] of [
    ["a body shorter than its Content-Length", [`${head(100)}{"a":`]],
    ["headers that never end", ["POST /v1/sessions HTTP/1.1\r\nHost: x\r\n"]],
  ] as const) {
    void it(`answers 408 in the envelope and closes the connection for ${name}`, async () => {
      const answer = await rawExchange(port, parts);
      assert.match(answer, /^HTTP\/1\.1 408 /);
      const requestId = /\r\nX-Request-Id: (\S+)\r\n/i.exec(answer)?.[1];
      assert.ok(requestId, answer);
      const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { code: string; request_id: string };
      assert.equal(body.code, "invalid_request");
      assert.equal(body.request_id, requestId);
      const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
      assert.equal(health.status, 200);
    });
  }

  void it("closes its side of the connection after the 408 even when the client neither reads nor closes", async () => {
    const server = t.app.fastify.server;
    const sockets: Socket[] = [];
    const onConnection = (socket: Socket) => sockets.push(socket);
    server.on("connection", onConnection);
    const client = connect(port, "127.0.0.1");
    client.on("error", () => undefined);
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    // The client never reads (no 'data' listener, so it never sees the answer's end) and never closes.
    client.write("GET /v1/health HTTP/1.1\r\nHost: x\r\n");
    let accepted: Socket | undefined;
    while (!(accepted = sockets.find((socket) => socket.remotePort === client.localPort))) await new Promise((r) => setTimeout(r, 10));
    server.off("connection", onConnection);
    const closedAt = await new Promise<number>((resolve) => {
      if (accepted.destroyed) resolve(Date.now());
      accepted.once("close", () => resolve(Date.now()));
      setTimeout(() => resolve(Number.POSITIVE_INFINITY), GIVE_UP_MS).unref();
    });
    client.destroy();
    assert.ok(Number.isFinite(closedAt), "the server still held the connection after GIVE_UP_MS");
  });

  void it("serves a slow client that sends its body in parts within the time, as one that sends it at once", async () => {
    const body = JSON.stringify({});
    const headers = { authorization: `Bearer ${t.keys.all}`, "content-type": "application/json" };
    const atOnce = await fetch(`http://127.0.0.1:${port}/v1/sessions`, {
      method: "POST",
      body,
      headers: { ...headers, "idempotency-key": newIdempotencyKey() },
    });
    assert.notEqual(atOnce.status, 408);
    const extra = `\r\nAuthorization: ${headers.authorization}\r\nIdempotency-Key: ${newIdempotencyKey()}\r\n\r\n`;
    const answer = await rawExchange(port, [head(body.length).replace("\r\n\r\n", extra), body], TIMEOUT_MS / 4);
    assert.ok(answer.startsWith(`HTTP/1.1 ${atOnce.status} `), answer.slice(0, 200));
  });

  void it("reads ZELINQA_REQUEST_TIMEOUT_MS, a minute by default, refusing what is not a whole number of ms from 1 s to 1 h", () => {
    assert.equal(resolveServerConfig({}, {}).requestTimeoutMs, REQUEST_TIMEOUT_MS);
    assert.equal(REQUEST_TIMEOUT_MS, 60_000);
    assert.equal(resolveServerConfig({ ZELINQA_REQUEST_TIMEOUT_MS: "5000" }, {}).requestTimeoutMs, 5000);
    for (const bad of ["0", "999", "3600001", "1.5", "soon"])
      assert.throws(() => resolveServerConfig({ ZELINQA_REQUEST_TIMEOUT_MS: bad }, {}), /ZELINQA_REQUEST_TIMEOUT_MS/);
  });
});
