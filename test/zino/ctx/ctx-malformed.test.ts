// Issue 11 "ZINO services and files": what the outside probe sent zino-ctx. JSON nested 100,000 deep in a value
// ctx walks after parsing (set_value, append_history, store_hard) answered internal_error (a stack overflow);
// invalid UTF-8 in a ctxkey was replaced by U+FFFD, so two different ctxkeys became one.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { framed, rawExchange } from "../../support/raw-frames.js";
import { TEST_TOML, startCtx, type CtxHarness } from "./ctx-harness.js";

const DEEP = 100_000;
const deep = `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`;

void describe("zino-ctx and malformed frames", () => {
  let ctx: CtxHarness;
  before(async () => {
    ctx = await startCtx({ toml: TEST_TOML.replace("max_frame_bytes = 65536", "max_frame_bytes = 1048576") });
  });
  after(() => ctx.cleanup());

  void it("CTX-26 answers 100,000-deep JSON in set_value, append_history and store_hard with bad_request, not internal_error", async () => {
    const bodies = [
      `{"type":"set_value","ctxkey":"d","key":"k","value":${deep}}`,
      `{"type":"append_history","ctxkey":"d","messages":[{"role":"user","content":"x","extra":${deep}}]}`,
      `{"type":"store_hard","ctxkey":"d","messages":[{"role":"user","content":"x","extra":${deep}}]}`,
    ];
    for (const body of bodies) {
      const frames = await rawExchange(ctx.socket, framed(body));
      assert.equal(frames[0]?.code, "bad_request", body.slice(0, 40));
    }
    assert.deepEqual((await ctx.request({ type: "get_history", ctxkey: "d" })).messages, []);
  });

  void it("CTX-26 keeps two ctxkeys apart: invalid UTF-8 is refused instead of becoming U+FFFD", async () => {
    const replacement = await ctx.request({ type: "append_history", ctxkey: "a\ufffd", messages: [{ role: "user", content: "mine" }] });
    assert.equal(replacement.type, "ok");
    const invalid = Buffer.concat([
      Buffer.from('{"type":"append_history","ctxkey":"a'),
      Buffer.from([0xff]),
      Buffer.from('","messages":[{"role":"user","content":"intruder"}]}'),
    ]);
    assert.equal((await rawExchange(ctx.socket, framed(invalid)))[0]?.code, "bad_request");
    const surrogate = '{"type":"append_history","ctxkey":"a\\udfff","messages":[{"role":"user","content":"intruder"}]}';
    assert.equal((await rawExchange(ctx.socket, framed(surrogate)))[0]?.code, "bad_request");
    assert.deepEqual((await ctx.request({ type: "get_history", ctxkey: "a\ufffd" })).messages, [{ role: "user", content: "mine" }]);
  });
});
