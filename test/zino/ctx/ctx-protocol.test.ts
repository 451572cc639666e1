// zino-ctx protocol conformance (docs/zino-protocol.md §2, §4): handshake, malformed input, limits, unknown types, bad fields,
// and the service still answering afterwards.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { encodeFrame, type Frame } from "../../../src/wire/index.js";
import { type CtxHarness, startCtx } from "./ctx-harness.js";
import { framed, rawExchange } from "../../support/raw-frames.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx();
});
after(async () => {
  await ctx.cleanup();
});

void it("CTX-01 a null message is the ready handshake, answered with the ctxkey", async () => {
  assert.deepEqual(await ctx.request({ message: null, ctxkey: "alpha" }), { type: "ready", ctxkey: "alpha", configured: true });
});

void it("CTX-01 channel_id is accepted as an alias of ctxkey, and an absent message means ready", async () => {
  const answer = await ctx.request({ channel_id: "beta" });
  assert.equal(answer.type, "ready");
  assert.equal(answer.ctxkey, "beta");
});

void it("CTX-02 malformed JSON is answered with bad_request", async () => {
  const [answer] = await rawExchange(ctx.socket, framed("{not json"));
  assert.equal(answer?.type, "error");
  assert.equal(answer?.code, "bad_request");
});

void it("CTX-02 a JSON value that is not an object is answered with bad_request", async () => {
  for (const body of ["[1,2]", '"text"', "null", "42"]) {
    const [answer] = await rawExchange(ctx.socket, framed(body));
    assert.equal(answer?.code, "bad_request", body);
  }
});

void it("CTX-03 a frame above the configured maximum is refused with frame_too_large without sending the body", async () => {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(ctx.instance.maxFrameBytes + 1, 0);
  const frames = await rawExchange(ctx.socket, header);
  assert.equal(frames.length, 1);
  assert.equal(frames[0]?.code, "frame_too_large");
});

void it("CTX-04 an unknown type is answered with unknown_type", async () => {
  const answer = await ctx.request({ type: "teleport", ctxkey: "alpha", message: null });
  assert.equal(answer.type, "error");
  assert.equal(answer.code, "unknown_type");
  assert.match(String(answer.message), /teleport/);
});

void it("CTX-05 wrong field types are answered with bad_request naming the field", async () => {
  const cases: [Frame, RegExp][] = [
    [{ ctxkey: 5, message: "hi" }, /ctxkey/],
    [{ ctxkey: "alpha", message: { text: "an object" } }, /message/],
    [{ type: "append_history", ctxkey: "alpha", messages: "not a list" }, /messages/],
    [{ type: "append_history", ctxkey: "alpha", messages: [{ role: "wizard", content: "x" }] }, /messages\.0\.role/],
    [{ type: "get_history", ctxkey: "alpha", limit: "5" }, /limit/],
    [{ type: "get_config", ctxkey: "alpha", secrets: "yes" }, /secrets/],
    [{ type: "set_config", ctxkey: "alpha", config: [1] }, /config/],
    [{ type: "set_soft_memory", ctxkey: "alpha", content: 3 }, /content/],
    [{ type: "store_hard", messages: [] }, /messages/],
    [{ type: "search_hard", query: 7 }, /query/],
    [{ type: "search_hard", query: "x", top_k: 0 }, /top_k/],
    [{ type: "set_value", ctxkey: "alpha", key: "k" }, /value/],
    [{ type: "get_value", ctxkey: "alpha", key: "" }, /key/],
    [{ type: "build", ctxkey: "alpha", user_message: 12 }, /user_message/],
  ];
  for (const [frame, field] of cases) {
    const answer = await ctx.request(frame);
    assert.equal(answer.type, "error", JSON.stringify(frame));
    assert.equal(answer.code, "bad_request", JSON.stringify(frame));
    assert.match(String(answer.message), field, JSON.stringify(frame));
  }
});

void it("CTX-02 CTX-05 the service keeps answering ping and building messages after bad input", async () => {
  await rawExchange(ctx.socket, framed("{oops"));
  await rawExchange(ctx.socket, encodeFrame({ type: "append_history", messages: 1 }));
  assert.deepEqual(await ctx.request({ type: "ping" }), { type: "pong" });
  const answer = await ctx.request({ message: "still there?", ctxkey: "alpha" });
  assert.equal(answer.type, "messages");
});

void it("CTX-04 capabilities describes the service and lists its operations", async () => {
  const answer = await ctx.request({ type: "capabilities" });
  assert.equal(answer.type, "capabilities");
  assert.equal(answer.store, "sqlite");
  assert.ok(Array.isArray(answer.operations));
  for (const op of ["build", "get_config", "set_config", "append_history", "get_history", "clear_history", "search_hard"]) {
    assert.ok((answer.operations as string[]).includes(op), op);
  }
});

void it("CTX-21 the socket is created with mode 0600", async () => {
  const { statSync } = await import("node:fs");
  assert.equal(statSync(ctx.socket).mode & 0o777, 0o600);
});
