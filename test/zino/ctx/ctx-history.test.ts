// History in zino-ctx (docs/zino-protocol.md §4): message and token limits, no orphan leading assistant/tool message,
// all-or-nothing appends, get/clear.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import type { Frame } from "../../../src/wire/index.js";
import { type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx();
});
after(async () => {
  await ctx.cleanup();
});

type Msg = { role: string; content?: unknown; tool_call_id?: string };

async function historyPart(ctxkey: string): Promise<Msg[]> {
  const answer = await ctx.request({ message: "now", ctxkey });
  assert.equal(answer.type, "messages", JSON.stringify(answer));
  return (answer.messages as Msg[]).slice(1, -1);
}

async function send(frame: Frame): Promise<Frame> {
  return ctx.request(frame);
}

function pairs(count: number, size = 4): Msg[] {
  const out: Msg[] = [];
  for (let i = 1; i <= count; i += 1) {
    out.push({ role: "user", content: `u${i}`.padEnd(size, ".") });
    out.push({ role: "assistant", content: `a${i}`.padEnd(size, ".") });
  }
  return out;
}

void it("CTX-09 history keeps only the newest max_messages messages", async () => {
  await send({ type: "set_config", ctxkey: "h-count", config: { history: { max_messages: 4 } } });
  await send({ type: "append_history", ctxkey: "h-count", messages: pairs(5) });
  assert.deepEqual(
    (await historyPart("h-count")).map((m) => m.content),
    ["u4..", "a4..", "u5..", "a5.."],
  );
});

void it("CTX-10 a window that would start with an assistant message starts at the next user message", async () => {
  await send({ type: "set_config", ctxkey: "h-odd", config: { history: { max_messages: 3 } } });
  await send({ type: "append_history", ctxkey: "h-odd", messages: pairs(3) });
  const part = await historyPart("h-odd");
  assert.deepEqual(
    part.map((m) => m.content),
    ["u3..", "a3.."],
  );
});

void it("CTX-09 history stays within max_tokens (characters / 4 plus 4 per message)", async () => {
  // Each message: 400 characters = 100 tokens + 4 overhead = 104; 250 tokens fit two messages.
  await send({ type: "set_config", ctxkey: "h-tok", config: { history: { max_messages: 100, max_tokens: 250 } } });
  await send({ type: "append_history", ctxkey: "h-tok", messages: pairs(4, 400) });
  const part = await historyPart("h-tok");
  assert.equal(part.length, 2);
  assert.deepEqual(
    part.map((m) => String(m.content).slice(0, 2)),
    ["u4", "a4"],
  );
});

void it("CTX-10 CTX-10b a token window too small for a turn's tool exchange keeps the turn's question and answer, its result condensed", async () => {
  const big = "x".repeat(1000);
  const turn: Frame[] = [
    { role: "user", content: "old question" },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "execute_bash", arguments: "{}" } }] },
    { role: "tool", tool_call_id: "c1", content: big },
    { role: "assistant", content: "old answer" },
    { role: "user", content: "new question" },
    { role: "assistant", content: "new answer" },
  ];
  await send({ type: "set_config", ctxkey: "h-orphan", config: { history: { max_messages: 100, max_tokens: 160 } } });
  await send({ type: "append_history", ctxkey: "h-orphan", messages: turn });
  const part = await historyPart("h-orphan");
  assert.deepEqual(
    part.map((m) => m.role),
    ["user", "assistant", "tool", "assistant", "user", "assistant"],
  );
  assert.match(String(part[2]?.content), /^x{200}\n\[… 800 more characters of this earlier tool result are not shown …\]$/);
  await send({ type: "set_config", ctxkey: "h-orphan", config: { history: { max_tokens: 40 } } });
  assert.deepEqual(
    (await historyPart("h-orphan")).map((m) => m.content),
    ["old question", "old answer", "new question", "new answer"],
    "no room for the call: the turns' questions and answers stay, never a call without its result",
  );
});

void it("CTX-10 CTX-10b a message window too small for a turn's call and result keeps its question and answer", async () => {
  const turn: Frame[] = [
    { role: "user", content: "q" },
    { role: "assistant", content: null, tool_calls: [{ id: "c2", type: "function", function: { name: "execute_node", arguments: "{}" } }] },
    { role: "tool", tool_call_id: "c2", content: "out" },
    { role: "assistant", content: "done" },
  ];
  await send({ type: "set_config", ctxkey: "h-cut", config: { history: { max_messages: 3 } } });
  await send({ type: "append_history", ctxkey: "h-cut", messages: turn });
  assert.deepEqual(
    (await historyPart("h-cut")).map((m) => m.content),
    ["q", "done"],
  );
});

void it("CTX-10b after a turn of 45 tool calls (more than max_messages), the next prompt still carries the earlier turns", async () => {
  const calls = Array.from({ length: 45 }, (_, i) => `c${i}`);
  const toolTurn: Frame[] = [
    { role: "user", content: "run them all" },
    {
      role: "assistant",
      content: null,
      tool_calls: calls.map((id) => ({ id, type: "function", function: { name: "execute_bash", arguments: '{"code":"date"}' } })),
    },
    ...calls.map((id) => ({ role: "tool", tool_call_id: id, content: "y".repeat(600) })),
    { role: "assistant", content: "All ran." },
  ];
  await send({
    type: "append_history",
    ctxkey: "h-heavy",
    messages: [
      { role: "user", content: "My name is Zed." },
      { role: "assistant", content: "Hi Zed." },
    ],
  });
  await send({ type: "append_history", ctxkey: "h-heavy", messages: toolTurn });
  const part = await historyPart("h-heavy");
  assert.deepEqual(
    part.filter((m) => m.role !== "tool" && !(m.role === "assistant" && m.content === null)).map((m) => m.content),
    ["My name is Zed.", "Hi Zed.", "run them all", "All ran."],
  );
  assert.ok(part.length <= 40);
});

void it("CTX-10b one 30 KB inline tool result does not push the turn's question and answer, nor earlier turns, out", async () => {
  await send({
    type: "append_history",
    ctxkey: "h-inline",
    messages: [
      { role: "user", content: "My name is Zed." },
      { role: "assistant", content: "Hi Zed." },
      { role: "user", content: "show the log" },
      { role: "assistant", content: '<tool_call>{"name":"execute_bash","arguments":{"code":"cat log"}}</tool_call>' },
      { role: "user", content: `<tool_response>\n{"name":"execute_bash","content":{"stdout":"${"z".repeat(30_000)}"}}\n</tool_response>` },
      { role: "assistant", content: "The log is long." },
    ],
  });
  const part = await historyPart("h-inline");
  assert.deepEqual(part[0]?.content, "My name is Zed.");
  assert.deepEqual(part.at(-1)?.content, "The log is long.");
  assert.ok(part.some((m) => m.content === "show the log"));
  const result = part.find((m) => String(m.content).startsWith("<tool_response>"));
  assert.ok(result, "the result, condensed, stays with its call");
  assert.match(String(result.content), /not shown …\]\n<\/tool_response>$/);
});

void it("CTX-09 max_messages 0 means no history at all", async () => {
  await send({ type: "set_config", ctxkey: "h-none", config: { history: { max_messages: 0 } } });
  await send({ type: "append_history", ctxkey: "h-none", messages: pairs(2) });
  assert.deepEqual(await historyPart("h-none"), []);
});

void it("CTX-11 an append with one bad message stores nothing", async () => {
  await send({ type: "append_history", ctxkey: "h-atomic", messages: pairs(1) });
  const bad = await send({
    type: "append_history",
    ctxkey: "h-atomic",
    messages: [
      { role: "user", content: "fine" },
      { role: "assistant", content: "fine too" },
      { role: "tool", content: "no call id" },
    ],
  });
  assert.equal(bad.type, "error");
  assert.equal(bad.code, "bad_request");
  assert.match(String(bad.message), /messages\.2\.tool_call_id/);
  const history = await send({ type: "get_history", ctxkey: "h-atomic" });
  assert.deepEqual(history.messages, pairs(1));
});

void it("CTX-15 get_history returns the newest `limit` messages oldest first, and clear_history empties it", async () => {
  await send({ type: "append_history", ctxkey: "h-get", messages: pairs(3) });
  const limited = await send({ type: "get_history", ctxkey: "h-get", limit: 3 });
  assert.equal(limited.type, "history");
  assert.deepEqual(
    (limited.messages as Msg[]).map((m) => m.content),
    ["a2..", "u3..", "a3.."],
  );
  const all = await send({ type: "get_history", ctxkey: "h-get" });
  assert.equal((all.messages as Msg[]).length, 6);
  assert.equal((await send({ type: "clear_history", ctxkey: "h-get" })).type, "ok");
  assert.deepEqual((await send({ type: "get_history", ctxkey: "h-get" })).messages, []);
  assert.equal((await send({ type: "get_history", ctxkey: "h-count" })).type, "history", "other ctxkeys keep theirs");
  assert.equal(((await send({ type: "get_history", ctxkey: "h-count" })).messages as Msg[]).length, 10);
});

void it("CTX-06 histories of different ctxkeys are separate", async () => {
  await send({ type: "append_history", ctxkey: "h-a", messages: [{ role: "user", content: "only in a" }] });
  assert.deepEqual((await send({ type: "get_history", ctxkey: "h-b" })).messages, []);
});
