// A provider that closes idle keep-alive connections early: a request written on a reused connection that the server
// closes before sending a byte was never processed, so rtr sends it again, once, on a fresh connection, whatever
// llm.max_retries says. A request that may have been processed (a fresh connection, or a byte of answer received)
// is never sent twice. The server is a real TCP server speaking just enough HTTP/1.1 to decide per request.
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { after, before, it } from "node:test";
import { last, llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

/** What the server does with a request: answer it, close without a byte, or send half a status line and close. */
type Verdict = "answer" | "drop" | "partial" | "late-drop";
interface Seen {
  /** 1 for the first request on its connection. */
  onSocket: number;
  verdict: Verdict;
}

let server: Server;
let base: string;
let decide: (onSocket: number, overall: number) => Verdict = () => "answer";
let seen: Seen[] = [];

const body = (text: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n` +
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`;

function serve(socket: Socket): void {
  let buffered = Buffer.alloc(0);
  let onSocket = 0;
  socket.on("error", () => undefined);
  socket.on("data", (data: Buffer) => {
    buffered = Buffer.concat([buffered, data]);
    for (;;) {
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString("latin1");
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      onSocket += 1;
      const verdict = decide(onSocket, seen.length + 1);
      seen.push({ onSocket, verdict });
      if (verdict === "drop") {
        socket.destroy();
        return;
      }
      if (verdict === "late-drop") {
        // Worked on the request for a while, then the connection went (a crash, a gateway giving up): no byte sent.
        setTimeout(() => socket.destroy(), 1_800);
        return;
      }
      if (verdict === "partial") {
        socket.end("HTTP/1.1 20");
        return;
      }
      const answer = body(`answer ${seen.length}`);
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: ${Buffer.byteLength(answer)}\r\n\r\n${answer}`);
    }
  });
}

before(async () => {
  server = createServer(serve);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(() => {
  server.close();
});

async function twoTurns(verdicts: (onSocket: number, overall: number) => Verdict) {
  seen = [];
  decide = verdicts;
  const rtr: RtrHarness = await startRtr({ rows: { default: { llm: llmFor(base, { max_retries: 0 }) } } });
  try {
    const first = await rtr.request({ message: userMessages("one"), ctxkey: "k" });
    const second = await rtr.request({ message: userMessages("two"), ctxkey: "k" });
    return { first: last(first), second: last(second), frames: second, logLines: rtr.logLines };
  } finally {
    await rtr.close();
  }
}

void it("R5.keepalive: a request the server drops unanswered on a reused connection is sent again on a fresh one (max_retries 0)", async () => {
  // The second request of a connection is dropped, as by a server that closed the idle connection as it arrived.
  const { first, second, frames } = await twoTurns((onSocket) => (onSocket === 1 ? "answer" : "drop"));
  assert.equal(first.type, "done");
  assert.equal(second.type, "done", JSON.stringify(second));
  assert.equal(second.full_text, "answer 3");
  assert.deepEqual(
    seen.map((s) => `${s.onSocket}:${s.verdict}`),
    ["1:answer", "2:drop", "1:answer"],
    "the replay goes out on a new connection",
  );
  assert.ok(!frames.some((f) => f.type === "status" && f.phase === "retry"), "no retry is counted or announced");
});

void it("R5.keepalive: the replay happens once: a fresh connection dropped as well fails the attempt", async () => {
  const { second } = await twoTurns((_onSocket, overall) => (overall === 1 ? "answer" : "drop"));
  assert.equal(second.type, "error");
  assert.equal(second.code, "provider_error");
  assert.equal(seen.length, 3, "the first answer, the dropped request, one replay: nothing more");
});

void it("R5.keepalive: a request that received part of an answer on a reused connection is not sent again", async () => {
  const { second } = await twoTurns((onSocket) => (onSocket === 1 ? "answer" : "partial"));
  assert.equal(second.type, "error");
  assert.equal(seen.length, 2, "the server may have processed it: not sent twice");
});

void it("R5.keepalive: a request dropped unanswered on a reused connection long after it went out is not sent again", async () => {
  // A server closing an idle connection does it as the request arrives; one dropped seconds later may have been
  // worked on (the model generating), so sending it again could run it twice.
  const { second } = await twoTurns((onSocket) => (onSocket === 1 ? "answer" : "late-drop"));
  assert.equal(second.type, "error");
  assert.equal(seen.length, 2, "dropped after the replay window: not sent twice");
});

void it("R5.keepalive: a request dropped on a fresh connection is not sent again (max_retries 0)", async () => {
  seen = [];
  decide = () => "drop";
  const rtr = await startRtr({ rows: { default: { llm: llmFor(base, { max_retries: 0 }) } } });
  try {
    const frames = await rtr.request({ message: userMessages("one"), ctxkey: "k" });
    assert.equal(last(frames).type, "error");
    assert.equal(seen.length, 1, "a fresh connection closed unanswered may have been processed: not sent twice");
  } finally {
    await rtr.close();
  }
});
