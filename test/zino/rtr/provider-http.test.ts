// rtr's HTTP client for providers (src/zino/rtr/provider-http.ts) against a real local HTTP server: the body
// arrives whole and in order through a slow reader (the connection paused meanwhile, not buffered without bound),
// an abort at any point ends the request on the server's side, and the connection is reused after a full read.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, it } from "node:test";
import { BodyTooLarge, createUndiciHttp, type ProviderHttp } from "../../../src/zino/rtr/provider-http.js";

type Route = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Route>();
let server: Server;
let base: string;
let http: ProviderHttp;
const closedEarly: string[] = [];
const sockets = new Set<unknown>();

before(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.on("close", () => {
        if (!res.writableFinished) closedEarly.push(req.url ?? "");
      });
      (routes.get(req.url ?? "") ?? ((_q, r) => r.writeHead(404).end("no route")))(req, res);
    });
  });
  server.on("connection", (socket) => sockets.add(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  http = createUndiciHttp();
});
after(async () => {
  await http.close();
  server.closeAllConnections();
  server.close();
});

const request = { headers: { "content-type": "application/json" }, body: "{}" };

/** Waits for `check` (10 s at most: a loaded machine can take seconds where a quiet one takes milliseconds). */
async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i += 1) await sleep(10);
  assert.ok(check(), what);
}

void it("R5.http: a 4 MiB body read slowly arrives whole and in order, and the server is held back meanwhile", async () => {
  const piece = 16 * 1024;
  const pieces = 256;
  let refusedWrites = 0;
  let written = 0;
  routes.set("/big", (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    const pump = () => {
      while (written < pieces) {
        const chunk = Buffer.alloc(piece, written % 251);
        written += 1;
        if (!res.write(chunk)) {
          refusedWrites += 1;
          res.once("drain", pump);
          return;
        }
      }
      res.end();
    };
    pump();
  });
  const exchange = http.post(`${base}/big`, request);
  const response = await exchange.response;
  assert.equal(response.status, 200);
  assert.equal(response.header("content-type"), "text/event-stream");
  let received = 0;
  let writtenAtFirstRead = -1;
  for await (const chunk of response.body) {
    if (writtenAtFirstRead < 0) {
      // A slow consumer: while it waits, the server must not be able to push the whole body into rtr's memory.
      await sleep(200);
      writtenAtFirstRead = written;
    }
    for (let i = 0; i < chunk.length; i += 1) {
      assert.equal(chunk[i], Math.floor((received + i) / piece) % 251, `byte ${received + i}`);
    }
    received += chunk.length;
  }
  assert.equal(received, piece * pieces);
  assert.ok(writtenAtFirstRead < pieces, `the server wrote ${writtenAtFirstRead} of ${pieces} pieces before the first read was done`);
  assert.ok(refusedWrites > 0, "the server saw back-pressure");
});

void it("R5.http: abort before the headers rejects the response with the reason and ends the request on the server", async () => {
  let held = false;
  routes.set("/hang", () => (held = true));
  const exchange = http.post(`${base}/hang`, request);
  // The server holds the whole request before the abort (after a fixed 50 ms, a loaded machine had not sent it yet:
  // aborted before it reached the server, it could not be seen ending there).
  await waitFor(() => held, "the server holds the request");
  const reason = new Error("stop now");
  exchange.abort(reason);
  await assert.rejects(exchange.response, (err) => err === reason);
  await waitFor(() => closedEarly.includes("/hang"), "the server saw the request end");
});

void it("R5.http: abort in the middle of the body makes the pending read reject, and the server sees the request end", async () => {
  routes.set("/half", (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: first\n\n");
  });
  const exchange = http.post(`${base}/half`, request);
  const response = await exchange.response;
  const reader = response.body[Symbol.asyncIterator]();
  const first = await reader.next();
  assert.equal(Buffer.from(first.value as Uint8Array).toString(), "data: first\n\n");
  const pending = reader.next();
  const reason = new Error("caller went away");
  exchange.abort(reason);
  await assert.rejects(pending, (err) => err === reason);
  await assert.rejects(reader.next(), (err) => err === reason);
  await waitFor(() => closedEarly.includes("/half"), "the server saw the request end");
});

void it("R5.http: an abort that comes after the body was read to its end changes nothing, and the connection is reused", async () => {
  routes.set("/small", (_req, res) => {
    res.writeHead(500, { "content-type": "application/json" });
    res.end('{"error":{"message":"é boom"}}');
  });
  const before = sockets.size;
  for (let i = 0; i < 3; i += 1) {
    const exchange = http.post(`${base}/small`, request);
    const response = await exchange.response;
    assert.equal(response.status, 500);
    assert.equal(await response.text(1024), '{"error":{"message":"é boom"}}');
    exchange.abort(new Error("too late"));
  }
  assert.ok(sockets.size - before <= 1, `${sockets.size - before} new connections for 3 sequential requests`);
  assert.ok(!closedEarly.includes("/small"));
});

void it("R5.http: a body read whole stops at its bound: the reader gets BodyTooLarge and the server sees the request end", async () => {
  routes.set("/endless", (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const pump = () => {
      while (!res.destroyed && res.write(Buffer.alloc(16 * 1024, 0x61)));
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
  });
  const response = await http.post(`${base}/endless`, request).response;
  await assert.rejects(response.text(256 * 1024), (err) => err instanceof BodyTooLarge && err.maxBytes === 256 * 1024);
  await waitFor(() => closedEarly.includes("/endless"), "the server saw the request end");
});

void it("R5.http: a refused connection rejects the response with the system error code", async () => {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const port = (probe.address() as AddressInfo).port;
  probe.close();
  await once(probe, "close");
  const exchange = http.post(`http://127.0.0.1:${port}/v1/chat/completions`, request);
  await assert.rejects(exchange.response, (err: NodeJS.ErrnoException) => err.code === "ECONNREFUSED");
});
