// Protocol conformance of the daemon socket (docs/zino-protocol.md §2, §3): the ready handshake, capabilities, and every bad
// request answered with an error frame while the service keeps serving.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DAEMON_VERSION } from "../../../src/zino/daemon/index.js";
import { TURNS_PER_CLIENT_CONNECTION } from "../../../src/zino/daemon/daemon-service.js";
import { encodeWithRid, helloRequest } from "../../../src/wire/index.js";
import { rawConnection } from "../../support/raw-frames.js";
import { encodeFrame, rawExchange, startHarness, types, type Harness } from "./daemon-harness.js";

void describe("daemon protocol", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ maxFrameBytes: 65536 });
  });
  after(async () => h.close());

  void it("DMN-01 answers message null with ready after readying ctx, rtr and exc, listing who answered", async () => {
    const frames = await h.ask({ message: null, ctxkey: "p1" });
    assert.deepEqual(types(frames), ["ready"]);
    assert.equal(frames[0]?.ctxkey, "p1");
    assert.deepEqual(frames[0]?.services, { ctx: "ready", rtr: "ready", exc: "unavailable" });
    assert.deepEqual(frames[0]?.ready, ["ctx", "rtr"]);
    assert.deepEqual(frames[0]?.unavailable, ["exc"]);
    assert.equal(h.provider.chatRequests().length, 0, "no model call for a handshake");
  });

  void it("DMN-01 treats an absent message as the handshake too", async () => {
    const frames = await h.ask({ channel_id: "p2" });
    assert.equal(frames[0]?.type, "ready");
    assert.equal(frames[0]?.ctxkey, "p2");
  });

  for (const message of ["", "   \n\t"]) {
    void it(`DMN-02 refuses the blank message ${JSON.stringify(message)} with bad_request`, async () => {
      const frames = await h.ask({ message, ctxkey: "p3" });
      assert.deepEqual(
        frames.map((f) => [f.type, f.code]),
        [["error", "bad_request"]],
      );
    });
  }

  void it("DMN-02 refuses a non-string user message with bad_request", async () => {
    const frames = await h.ask({ message: { name: "x" }, ctxkey: "p3" });
    assert.equal(frames[0]?.code, "bad_request");
  });

  void it("DMN-03 refuses malformed JSON, a non-object frame and a wrong field type with bad_request", async () => {
    const body = Buffer.from("{not json", "utf8");
    const header = Buffer.alloc(4);
    header.writeUInt32BE(body.length);
    for (const bytes of [
      Buffer.concat([header, body]),
      frameOf("[1,2]"),
      encodeFrame({ message: 42 }),
      encodeFrame({ message: "hi", events: 7 }),
    ]) {
      const frames = await rawExchange(h.instance.sockets.daemon, bytes);
      assert.deepEqual(
        frames.map((f) => [f.type, f.code]),
        [["error", "bad_request"]],
      );
    }
  });

  void it("DMN-03 refuses an oversize frame with frame_too_large without reading its body", async () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(10_000_000);
    const frames = await rawExchange(h.instance.sockets.daemon, header);
    assert.deepEqual(
      frames.map((f) => [f.type, f.code]),
      [["error", "frame_too_large"]],
    );
  });

  void it("DMN-03 refuses an unknown type with unknown_type", async () => {
    const frames = await h.ask({ type: "teleport", ctxkey: "p4" });
    assert.deepEqual(
      frames.map((f) => [f.type, f.code]),
      [["error", "unknown_type"]],
    );
  });

  void it("DMN-04 describes itself on capabilities, without secrets", async () => {
    const [caps] = await h.ask({ type: "capabilities" });
    assert.equal(caps?.type, "capabilities");
    assert.equal(caps?.version, DAEMON_VERSION);
    assert.deepEqual(caps?.frames, ["chunk", "tool_start", "tool_done", "done", "error"]);
    assert.equal((caps?.peers as Record<string, string>).rtr, h.instance.sockets.rtr);
    assert.ok(!JSON.stringify(caps).includes("sk-test-secret"));
  });

  void it("DMN-36 a client's multiplexed connection carries at most 64 turns, and other clients are served meanwhile", async () => {
    const hogging = Array.from({ length: TURNS_PER_CLIENT_CONNECTION }, () => ({ text: "held", stallAfterChunks: 1 }));
    h.provider.enqueue(...hogging, { text: "served" });
    const { socket, frames, until } = rawConnection(h.instance.sockets.daemon);
    const refused = until((got) => got.some((f) => f.code === "overloaded"));
    const turns = Array.from({ length: TURNS_PER_CLIENT_CONNECTION + 1 }, (_, i) =>
      encodeWithRid({ message: "hi", ctxkey: `hog${i}` }, i + 1),
    );
    socket.write(Buffer.concat([encodeFrame(helloRequest()), ...turns]));
    try {
      await refused;
      assert.equal(frames[0]?.max_in_flight, TURNS_PER_CLIENT_CONNECTION);
      assert.deepEqual(
        frames.filter((f) => f.code === "overloaded").map((f) => f.rid),
        [TURNS_PER_CLIENT_CONNECTION + 1],
      );
      await h.provider.waitFor((requests) => requests.length >= TURNS_PER_CLIENT_CONNECTION, 10_000);
      // The held turns are the provider's; another client's turn still gets through.
      const other = await h.ask({ message: "me too", ctxkey: "other" });
      assert.equal(other.at(-1)?.full_text, "served");
    } finally {
      socket.destroy();
    }
  });

  void it("DMN-03 still answers ping and a turn after all of the above", async () => {
    assert.deepEqual(await h.ask({ type: "ping" }), [{ type: "pong" }]);
    h.provider.enqueue({ text: "alive" });
    const frames = await h.ask({ message: "ok?", ctxkey: "p5" });
    assert.equal(frames.at(-1)?.full_text, "alive");
  });
});

function frameOf(json: string): Buffer {
  const body = Buffer.from(json, "utf8");
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length);
  return Buffer.concat([header, body]);
}
