// Clients that shut their write side after the request (shutdown(SHUT_WR): `socket.end()`, Python's
// `sock.shutdown(socket.SHUT_WR)`, `nc -N`) against the real services: each answers in full, as the Python ZINO does
// (docs/zino-protocol.md §2 "Connections", §8); a client that really goes away still cancels the provider request.
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { createConnection } from "node:net";
import { beforeEach, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { encodeFrame, requestOne, type Frame } from "../../src/wire/index.js";
import { halfClosedExchange } from "../support/raw-frames.js";
import { zinoServicesSuite } from "../support/zino-services-suite.js";

const PYTHON_MISSING = spawnSync("python3", ["--version"]).status === 0 ? false : "python3 is not installed";

/** A Python client as the Python zino-cli writes one: one frame, shutdown(SHUT_WR), read to the end. Prints each frame. */
const PYTHON_CLIENT = `
import json, socket, struct, sys
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(sys.argv[1])
body = json.dumps({"message": sys.argv[2], "channel_id": sys.argv[3]}).encode()
sock.sendall(struct.pack(">I", len(body)) + body)
sock.shutdown(socket.SHUT_WR)
data = b""
while True:
    got = sock.recv(65536)
    if not got:
        break
    data += got
while data:
    (length,) = struct.unpack(">I", data[:4])
    print(data[4 : 4 + length].decode())
    data = data[4 + length :]
`;

void describe("clients that half-close after their request (real processes)", () => {
  const zino = zinoServicesSuite({
    instance: { extraToml: `[exec]\nsandbox = "none"\nallow_unsandboxed = true\n` },
    services: ["ctx", "rtr", "exc", "daemon"],
  });
  // Replies left queued by a test that failed would be taken by the next one.
  beforeEach(() => zino.provider.reset());

  const history = async (ctxkey: string) => {
    const answer = await requestOne(zino.instance.sockets.ctx, { type: "get_history", ctxkey }, { idleTimeoutMs: 10_000 });
    return answer.messages as { role: string; content: string }[];
  };

  void it("[Z2-HALF-CLOSE] zino-daemon streams a whole turn to a half-closed client and stores it", { timeout: 60_000 }, async () => {
    // Slow enough that the client's end of input reaches the daemon long before the answer does.
    zino.provider.enqueue({ deltas: ["Half ", "closed ", "but ", "here"], chunkDelayMs: 60 });
    const frames = await halfClosedExchange(zino.instance.sockets.daemon, encodeFrame({ message: "are you there?", ctxkey: "hc-daemon" }));
    const chunks = frames.filter((f) => f.type === "chunk").map((f) => f.delta);
    assert.deepEqual(chunks, ["Half ", "closed ", "but ", "here"]);
    assert.equal(frames.at(-1)?.type, "done", JSON.stringify(frames));
    assert.equal(frames.at(-1)?.full_text, "Half closed but here");
    assert.deepEqual(
      (await history("hc-daemon")).filter((m) => m.role !== "system").map((m) => [m.role, m.content]),
      [
        ["user", "are you there?"],
        ["assistant", "Half closed but here"],
      ],
    );
  });

  void it("[Z2-HALF-CLOSE] zino-ctx, zino-rtr and zino-exc answer a half-closed client in full", { timeout: 60_000 }, async () => {
    const ctx = await halfClosedExchange(zino.instance.sockets.ctx, encodeFrame({ message: "build me", ctxkey: "hc-svc" }));
    assert.equal(ctx.length, 1);
    assert.equal(ctx[0]?.type, "messages");
    assert.equal((ctx[0]?.messages as Frame[]).at(-1)?.content, "build me");
    for (const name of ["rtr", "exc"] as const) {
      const ready = await halfClosedExchange(zino.instance.sockets[name], encodeFrame({ message: null, ctxkey: `hc-${name}` }));
      assert.deepEqual(
        ready.map((f) => [f.type, f.ctxkey]),
        [["ready", `hc-${name}`]],
        `zino-${name}`,
      );
    }
    zino.provider.enqueue({ deltas: ["model ", "answer"], chunkDelayMs: 60 });
    const messages = [{ role: "user", content: "straight to the model" }];
    const rtr = await halfClosedExchange(zino.instance.sockets.rtr, encodeFrame({ message: messages, ctxkey: "hc-rtr" }));
    assert.equal(rtr.at(-1)?.type, "done", JSON.stringify(rtr));
    assert.equal(rtr.at(-1)?.full_text, "model answer");
    const exc = await halfClosedExchange(
      zino.instance.sockets.exc,
      encodeFrame({ message: { name: "execute_bash", arguments: { code: "sleep 0.2; echo half-closed-ok" } }, ctxkey: "hc-exc" }),
    );
    assert.match(JSON.stringify(exc.at(-1)), /half-closed-ok/);
  });

  void it(
    "[Z8-PY-HALF-CLOSE] a Python client that shuts down its write side gets the whole turn",
    { skip: PYTHON_MISSING, timeout: 60_000 },
    async () => {
      zino.provider.enqueue({ deltas: ["from ", "python"], chunkDelayMs: 60 });
      const { stdout } = await promisify(execFile)("python3", [
        "-c",
        PYTHON_CLIENT,
        zino.instance.sockets.daemon,
        "hello from python",
        "hc-python",
      ]);
      const frames = stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Frame);
      assert.deepEqual(
        frames.map((f) => f.type),
        ["chunk", "chunk", "done"],
      );
      assert.equal(frames[2]?.full_text, "from python");
      assert.equal((await history("hc-python")).at(-1)?.content, "from python");
    },
  );

  for (const how of ["closes", "half-closes, then closes"] as const) {
    void it(`[Z2-HALF-CLOSE] a client that ${how} during a silent provider call cancels it`, { timeout: 60_000 }, async () => {
      zino.provider.enqueue({ hang: true });
      const ctxkey = `hc-gone-${how.length}`;
      const message = `never answered: the client ${how}`;
      const socket = createConnection({ path: zino.instance.sockets.daemon, allowHalfOpen: true });
      socket.on("error", () => {});
      socket.write(encodeFrame({ message, ctxkey }));
      const hung = () => zino.provider.chatRequests().find((r) => r.reply?.hang === true && JSON.stringify(r.body).includes(message));
      await zino.provider.waitFor(() => hung() !== undefined, 20_000);
      if (how !== "closes") {
        socket.end();
        // Half-closed is not gone: the provider request goes on past several of the daemon's probes (one a second).
        await sleep(2500);
        assert.equal(hung()?.aborted, false, "cancelled while the client could still read");
      }
      const closedAt = Date.now();
      socket.destroy();
      await zino.provider.waitFor(() => hung()?.aborted === true, 10_000);
      process.stderr.write(`# a client that ${how}: provider request aborted ${Date.now() - closedAt} ms after the close\n`);
    });
  }
});
