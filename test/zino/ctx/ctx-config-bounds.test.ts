// Bounds on what a client may store as a ctxkey's configuration, over ctx's real socket: history limits within their
// range, and a row that cannot grow past its size, field count or depth however many set_config requests add to it.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { MAX_HISTORY_MESSAGES, MAX_HISTORY_TOKENS } from "../../../src/zino/config/index.js";
import { MAX_CONFIG_CHARS, MAX_CONFIG_DEPTH, MAX_CONFIG_ENTRIES } from "../../../src/zino/ctx/config-bounds.js";
import { TEST_TOML, type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  // Frames of 1 MiB: get_config answers a row at its size bound (a frame of the harness's 64 KiB could not).
  ctx = await startCtx({ toml: TEST_TOML.replace("max_frame_bytes = 65536", "max_frame_bytes = 1048576") });
});
after(async () => {
  await ctx.cleanup();
});

async function ownConfig(ctxkey: string): Promise<Record<string, Record<string, unknown>>> {
  const answer = await ctx.request({ type: "get_config", ctxkey });
  assert.equal(answer.type, "config", JSON.stringify(answer).slice(0, 300));
  return answer.config as Record<string, Record<string, unknown>>;
}

void it("CTX-48 history.max_messages and history.max_tokens past their bounds are refused naming the field and the bound; the bounds are accepted", async () => {
  const refusals = [
    { field: "max_messages", value: MAX_HISTORY_MESSAGES + 1, max: MAX_HISTORY_MESSAGES },
    { field: "max_tokens", value: MAX_HISTORY_TOKENS + 1, max: MAX_HISTORY_TOKENS },
    { field: "max_messages", value: Number.MAX_SAFE_INTEGER, max: MAX_HISTORY_MESSAGES },
    { field: "max_tokens", value: 1e15, max: MAX_HISTORY_TOKENS },
  ];
  for (const { field, value, max } of refusals) {
    const answer = await ctx.request({ type: "set_config", ctxkey: "h-bound", config: { history: { [field]: value } } });
    assert.equal(answer.code, "bad_request", JSON.stringify(answer));
    assert.match(String(answer.message), new RegExp(`history\\.${field}`));
    assert.match(String(answer.message), new RegExp(String(max)));
    assert.match(String(answer.message), /nothing was changed/);
  }
  assert.deepEqual((await ownConfig("h-bound")).history, { max_messages: 40, max_tokens: 6000 }, "nothing stored");
  const edge = { history: { max_messages: MAX_HISTORY_MESSAGES, max_tokens: MAX_HISTORY_TOKENS } };
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "h-bound", config: edge })).type, "ok");
  assert.deepEqual((await ownConfig("h-bound")).history, edge.history);
});

void it("CTX-49 a configuration nested past its depth bound (inside an MCP server's table) is refused with config.max_depth; nothing is stored", async () => {
  let deep: Record<string, unknown> = { leaf: "x" };
  for (let i = 0; i < 20; i += 1) deep = { deeper: deep };
  const answer = await ctx.request({
    type: "set_config",
    ctxkey: "b-deep",
    config: { mcp_servers: { s: { command: "srv", notes: deep } } },
  });
  assert.equal(answer.code, "bad_request", JSON.stringify(answer));
  assert.equal(answer.limit, "config.max_depth");
  assert.equal(answer.max, MAX_CONFIG_DEPTH);
  assert.match(String(answer.message), new RegExp(`deeper than ${MAX_CONFIG_DEPTH} levels`));
  assert.deepEqual((await ownConfig("b-deep")).mcp_servers, {}, "nothing stored");
  // The deepest table the schema has (a server's provision arguments) is well within it.
  const provision = { mcp_servers: { s: { command: "srv", provision: { command: "p", args: ["--a"] } } } };
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "b-deep", config: provision })).type, "ok");
});

void it("CTX-49 a configuration of more fields and list items than its bound is refused with config.max_entries", async () => {
  const allow = Array.from({ length: MAX_CONFIG_ENTRIES + 1 }, (_, i) => `t${i}`);
  const answer = await ctx.request({ type: "set_config", ctxkey: "b-many", config: { exec: { allow } } });
  assert.equal(answer.code, "bad_request", JSON.stringify(answer).slice(0, 300));
  assert.equal(answer.limit, "config.max_entries");
  assert.match(String(answer.message), new RegExp(String(MAX_CONFIG_ENTRIES)));
  assert.deepEqual((await ownConfig("b-many")).exec?.allow, []);
  const fits = { exec: { allow: allow.slice(0, 100) } };
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "b-many", config: fits })).type, "ok");
});

void it("CTX-49 set_config requests that each add to a ctxkey's row stop at its size bound; what was stored stays readable", async () => {
  // Each request is small, but merges into the row: without a bound the row grows for good.
  const value = "v".repeat(40_000);
  let refused: Record<string, unknown> | undefined;
  let stored = 0;
  for (let i = 0; i < 20 && refused === undefined; i += 1) {
    const change = { mcp_servers: { [`s${i}`]: { command: "srv", env: { TOKEN: value } } } };
    const answer = await ctx.request({ type: "set_config", ctxkey: "b-grow", config: change });
    if (answer.type === "ok") stored += 1;
    else refused = answer;
  }
  assert.ok(refused, "the row stops growing");
  assert.equal(refused.code, "bad_request");
  assert.equal(refused.limit, "config.max_chars");
  assert.equal(refused.max, MAX_CONFIG_CHARS);
  assert.match(String(refused.message), /nothing was changed/);
  assert.doesNotMatch(String(refused.message), /vvvv/, "the values are not echoed");
  assert.equal(stored, Math.floor(MAX_CONFIG_CHARS / value.length));
  const servers = (await ctx.request({ type: "get_config", ctxkey: "b-grow", secrets: true })).config as { mcp_servers: object };
  assert.equal(Object.keys(servers.mcp_servers).length, stored, "what was stored before stays");
  // Room is made by removing what is no longer needed.
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "b-grow", config: {}, unset: ["mcp_servers"] })).type, "ok");
  assert.equal((await ctx.request({ type: "ping" })).type, "pong");
});
