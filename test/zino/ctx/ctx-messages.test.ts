// The defining answer of zino-ctx (docs/zino-protocol.md §4): [system prompt, context, history, user] for (message, ctxkey),
// with the template filled, configuration inherited from `default`, skills and exact tool-call round trips.
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

type Msg = { role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string };

async function messages(frame: Frame): Promise<Msg[]> {
  const answer = await ctx.request(frame);
  assert.equal(answer.type, "messages", JSON.stringify(answer));
  return answer.messages as Msg[];
}

async function ok(frame: Frame): Promise<Frame> {
  const answer = await ctx.request(frame);
  assert.equal(answer.type, "ok", JSON.stringify(answer));
  return answer;
}

void it("CTX-07 the system prompt fills every placeholder of SYSTEM.md and leaves unknown ones as written", async () => {
  const [system, user] = await messages({ message: "hello", ctxkey: "tpl" });
  assert.equal(system?.role, "system");
  assert.equal(
    system?.content,
    [
      "P=[You are Testy.]",
      "T=[- execute_bash(code): Run bash.\n- execute_python3(code): Run Python.]",
      "S=[- summarize: Summarize text.]",
      "I=[7]",
      "M=[(none)]",
      "U=[%%UNKNOWN%%]",
    ].join("\n"),
  );
  assert.deepEqual(user, { role: "user", content: "hello" });
});

void it("CTX-07 memory notes appear in the system prompt and are not themselves expanded", async () => {
  await ctx.request({ type: "set_soft_memory", ctxkey: "notes", content: "Likes tea. %%TOOL_LIST%%" });
  const [system] = await messages({ message: "hi", ctxkey: "notes" });
  assert.match(String(system?.content), /M=\[Likes tea\. %%TOOL_LIST%%\]/);
});

void it("CTX-08 a ctxkey inherits the default configuration field by field and overrides only what it sets", async () => {
  await ok({ type: "set_config", ctxkey: "child", config: { agent: { max_iterations: 3 }, llm: { model: "child-model" } } });
  const [childSystem] = await messages({ message: "x", ctxkey: "child" });
  const [otherSystem] = await messages({ message: "x", ctxkey: "other" });
  assert.match(String(childSystem?.content), /I=\[3\]/);
  assert.match(String(otherSystem?.content), /I=\[7\]/);
  const config = (await ctx.request({ type: "get_config", ctxkey: "child" })).config as {
    llm: Record<string, unknown>;
    agent: Record<string, unknown>;
  };
  assert.equal(config.llm.model, "child-model");
  assert.equal(config.llm.temperature, 0.2, "inherited from ZINO.toml");
  assert.equal(config.llm.base_url, "http://127.0.0.1:11434/v1");
  assert.equal(config.agent.max_tool_calls, 16, "schema default");
});

void it("CTX-08 a change to the default row reaches ctxkeys that do not override the field", async () => {
  await ok({ type: "set_config", ctxkey: "kid", config: { history: { max_messages: 2 } } });
  await ok({ type: "set_config", ctxkey: "default", config: { history: { max_tokens: 1234 }, agent: { max_iterations: 9 } } });
  const kid = (await ctx.request({ type: "get_config", ctxkey: "kid" })).config as { history: Record<string, unknown> };
  assert.deepEqual(kid.history, { max_messages: 2, max_tokens: 1234 });
  const [system] = await messages({ message: "x", ctxkey: "kid" });
  assert.match(String(system?.content), /I=\[9\]/);
  await ok({ type: "set_config", ctxkey: "default", config: { agent: { max_iterations: 7 }, history: { max_tokens: 6000 } } });
});

void it("CTX-06 build without a message returns the prompt without a new user message", async () => {
  await ok({
    type: "append_history",
    ctxkey: "bld",
    messages: [
      { role: "user", content: "q1" },
      { role: "assistant", content: "a1" },
    ],
  });
  const list = await messages({ type: "build", ctxkey: "bld", message: null });
  assert.deepEqual(
    list.map((m) => m.role),
    ["system", "user", "assistant"],
  );
  assert.equal(list.at(-1)?.content, "a1");
});

void it("CTX-06 history goes between the system prompt and the new user message", async () => {
  await ok({
    type: "append_history",
    ctxkey: "order",
    messages: [
      { role: "user", content: "first" },
      { role: "assistant", content: "reply" },
    ],
  });
  const list = await messages({ message: "second", ctxkey: "order" });
  assert.deepEqual(list.slice(1), [
    { role: "user", content: "first" },
    { role: "assistant", content: "reply" },
    { role: "user", content: "second" },
  ]);
});

void it("CTX-12 assistant tool_calls and tool results round-trip exactly in OpenAI format", async () => {
  const turn = [
    { role: "user", content: "list files" },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_1", type: "function", function: { name: "execute_bash", arguments: '{"code":"ls"}' } }],
    },
    { role: "tool", tool_call_id: "call_1", content: '{"exit_code":0,"stdout":"a\\nb\\n"}' },
    { role: "assistant", content: "There are two files: a and b.", reasoning_content: "kept as given" },
  ];
  assert.equal((await ok({ type: "append_history", ctxkey: "tools", messages: turn })).count, 4);
  const list = await messages({ message: "thanks", ctxkey: "tools" });
  assert.deepEqual(list.slice(1, -1), turn);
  const history = await ctx.request({ type: "get_history", ctxkey: "tools" });
  assert.deepEqual(history.messages, turn);
});

void it("CTX-19 a ctxkey bound to a skill gets the skill's system prompt, allowed tools and examples", async () => {
  const list = await messages({ message: "Summarize: x y", ctxkey: "sum" });
  assert.deepEqual(list, [
    { role: "system", content: "You summarize. Tools: - execute_python3(code): Run Python." },
    { role: "user", content: "Summarize: a b c" },
    { role: "assistant", content: "- a, b, c" },
    { role: "user", content: "Summarize: x y" },
  ]);
});

void it("CTX-19 a request may name a skill explicitly; an unknown skill is not_found", async () => {
  const list = await messages({ message: "go", ctxkey: "anything", skill: "summarize" });
  assert.match(String(list[0]?.content), /^You summarize\./);
  const answer = await ctx.request({ message: "go", ctxkey: "anything", skill: "nope" });
  assert.equal(answer.code, "not_found");
});

void it("CTX-07 the tool list follows the ctxkey's exec allow and deny lists", async () => {
  await ok({ type: "set_config", ctxkey: "nobash", config: { exec: { deny: ["bash"] } } });
  const [system] = await messages({ message: "x", ctxkey: "nobash" });
  assert.match(String(system?.content), /T=\[- execute_python3\(code\): Run Python\.\]/);
  await ok({ type: "set_config", ctxkey: "onlybash", config: { exec: { allow: ["execute_bash"] } } });
  const [onlyBash] = await messages({ message: "x", ctxkey: "onlybash" });
  assert.match(String(onlyBash?.content), /T=\[- execute_bash\(code\): Run bash\.\]/);
});

void it("CTX-06 a user message given as OpenAI content parts is passed through", async () => {
  const parts = [{ type: "text", text: "describe" }];
  const list = await messages({ message: parts, ctxkey: "parts" });
  assert.deepEqual(list.at(-1), { role: "user", content: parts });
});

void it("CTX-19 the ctxkey a skill runs on uses the skill's model unless its own row sets another", async () => {
  const model = async () =>
    ((await ctx.request({ type: "get_config", ctxkey: "sum" })).config as { llm: { model: string; temperature: number } }).llm;
  assert.equal((await model()).model, "small-model");
  assert.equal((await model()).temperature, 0.2, "the rest inherited from default");
  await ok({ type: "set_config", ctxkey: "sum", config: { llm: { model: "own-model" } } });
  assert.equal((await model()).model, "own-model");
});

void it("CTX-01 with include_agent_config the messages answer also carries the ctxkey's agent section, and only then", async () => {
  await ok({ type: "set_config", ctxkey: "with-agent", config: { agent: { max_iterations: 3 } } });
  const plain = await ctx.request({ message: "hi", ctxkey: "with-agent" });
  assert.equal(plain.agent_config, undefined);
  const asked = await ctx.request({ message: "hi", ctxkey: "with-agent", include_agent_config: true });
  assert.equal(asked.type, "messages");
  assert.deepEqual(asked.messages, plain.messages);
  const config = await ctx.request({ type: "get_config", ctxkey: "with-agent" });
  assert.deepEqual(asked.agent_config, (config.config as { agent: unknown }).agent);
  assert.equal((asked.agent_config as { max_iterations: number }).max_iterations, 3);
});

void it("CTX-01 with include_agent_config the messages answer carries the ctxkey's llm.timeout_ms, which bounds the daemon's wait for rtr", async () => {
  await ok({ type: "set_config", ctxkey: "slow-model", config: { llm: { timeout_ms: 600_000 } } });
  const asked = await ctx.request({ message: "hi", ctxkey: "slow-model", include_agent_config: true });
  assert.equal(asked.llm_timeout_ms, 600_000);
  assert.equal((await ctx.request({ message: "hi", ctxkey: "slow-model" })).llm_timeout_ms, undefined);
});
