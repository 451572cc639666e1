// get_config / set_config / values (docs/zino-protocol.md): secrets masked by default, overrides validated on
// the merged result, nothing changed by a refused request.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { CtxkeyConfigSchema, MAX_OUTPUT_CAP_BYTES, MAX_WAIT_MS } from "../../../src/zino/config/index.js";
import { type CtxHarness, makeInstanceDir, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx();
});
after(async () => {
  await ctx.cleanup();
});

type Config = {
  llm: { api_key?: string; temperature: number; model: string; fallbacks: { api_key?: string }[] };
  history: { max_messages: number };
};

async function config(ctxkey: string, secrets?: boolean): Promise<Config> {
  const answer = await ctx.request({ type: "get_config", ctxkey, ...(secrets === undefined ? {} : { secrets }) });
  assert.equal(answer.type, "config", JSON.stringify(answer));
  assert.equal(answer.ctxkey, ctxkey);
  CtxkeyConfigSchema.parse(answer.config);
  return answer.config as Config;
}

void it("CTX-13 get_config masks the API keys unless secrets is true", async () => {
  const masked = await config("c-mask");
  assert.equal(masked.llm.api_key, "[set]");
  assert.equal(masked.llm.fallbacks[0]?.api_key, "[set]");
  const answer = await ctx.request({ type: "get_config", ctxkey: "c-mask" });
  assert.doesNotMatch(JSON.stringify(answer), /sk-secret-123|sk-fallback-456/);
  const clear = await config("c-mask", true);
  assert.equal(clear.llm.api_key, "sk-secret-123");
  assert.equal(clear.llm.fallbacks[0]?.api_key, "sk-fallback-456");
});

void it("CTX-14 set_config deep-merges into the ctxkey's row, keeping fields set before", async () => {
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "c-merge", config: { llm: { temperature: 1.1 } } })).type, "ok");
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "c-merge", config: { llm: { model: "m2" } } })).type, "ok");
  const merged = await config("c-merge");
  assert.equal(merged.llm.temperature, 1.1);
  assert.equal(merged.llm.model, "m2");
});

void it("CTX-14 set_config with replace drops the ctxkey's previous overrides", async () => {
  await ctx.request({ type: "set_config", ctxkey: "c-replace", config: { llm: { temperature: 1.5 }, history: { max_messages: 3 } } });
  await ctx.request({ type: "set_config", ctxkey: "c-replace", config: { history: { max_messages: 5 } }, replace: true });
  const replaced = await config("c-replace");
  assert.equal(replaced.llm.temperature, 0.2, "back to the default");
  assert.equal(replaced.history.max_messages, 5);
});

void it("CTX-14 an override that makes the merged configuration invalid is refused and nothing changes", async () => {
  await ctx.request({ type: "set_config", ctxkey: "c-bad", config: { llm: { temperature: 0.9 } } });
  const refusals = [
    { llm: { temperature: 5 } },
    { llm: { base_url: "not a url" } },
    { llm: { base_url: "file:///etc/passwd" } },
    { history: { max_messages: -1 } },
    { agent: { tool_style: "telepathy" } },
    { histroy: { max_messages: 3 } },
    { llm: { api_key: "[set]" } },
    // Waits past Node's longest timer (2^31 - 1 ms), which would fire at once, and limits past any meaning.
    { exec: { timeout_ms: 2 ** 31 } },
    { llm: { timeout_ms: MAX_WAIT_MS + 1 } },
    { agent: { subagent_timeout_ms: 10 ** 12 } },
    { mcp_servers: { s: { command: "srv", idle_timeout_ms: 2 ** 40 } } },
    { exec: { output_cap_bytes: MAX_OUTPUT_CAP_BYTES + 1 } },
    { exec: { memory_mb: 2 ** 30 } },
    { exec: { max_processes: 10 ** 7 } },
  ];
  for (const change of refusals) {
    const answer = await ctx.request({ type: "set_config", ctxkey: "c-bad", config: change });
    assert.equal(answer.code, "bad_request", JSON.stringify(change));
  }
  const after = await config("c-bad");
  assert.equal(after.llm.temperature, 0.9);
  assert.equal(after.history.max_messages, 40);
});

void it("CTX-14 a refused limit names its field and its bound; the bound itself is accepted", async () => {
  const refused = await ctx.request({ type: "set_config", ctxkey: "c-bound", config: { exec: { output_cap_bytes: 2 ** 30 } } });
  assert.equal(refused.code, "bad_request");
  assert.match(String(refused.message), /output_cap_bytes/);
  assert.match(String(refused.message), new RegExp(String(MAX_OUTPUT_CAP_BYTES)));
  const edge = { exec: { output_cap_bytes: MAX_OUTPUT_CAP_BYTES, timeout_ms: MAX_WAIT_MS } };
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "c-bound", config: edge })).type, "ok");
  const stored = (await config("c-bound")) as Config & { exec: { output_cap_bytes: number; timeout_ms: number } };
  assert.equal(stored.exec.output_cap_bytes, MAX_OUTPUT_CAP_BYTES);
  assert.equal(stored.exec.timeout_ms, MAX_WAIT_MS);
});

void it("CTX-14 an invalid replace of the default row is refused", async () => {
  const answer = await ctx.request({ type: "set_config", ctxkey: "default", config: { llm: { model: "" } } });
  assert.equal(answer.code, "bad_request");
  assert.equal((await config("default")).llm.model, "test-model");
});

void it("CTX-20 set_value and get_value store host-side values per ctxkey", async () => {
  assert.equal((await ctx.request({ type: "set_value", ctxkey: "c-val", key: "session", value: { id: "abc" } })).type, "ok");
  assert.deepEqual(await ctx.request({ type: "get_value", ctxkey: "c-val", key: "session" }), {
    type: "value",
    key: "session",
    value: { id: "abc" },
  });
  assert.deepEqual(await ctx.request({ type: "get_value", ctxkey: "c-other", key: "session" }), {
    type: "value",
    key: "session",
    value: null,
  });
});

void it("CTX-01 CTX-14 an instance without [llm] answers ready with configured false and get_config with a clear bad_request", async () => {
  const bare = await startCtx({ toml: '[paths]\nruntime_dir = "run"\ndatabase = "ctx.sqlite"\n', agents: false });
  try {
    assert.deepEqual(await bare.request({ message: null, ctxkey: "k" }), { type: "ready", ctxkey: "k", configured: false });
    const answer = await bare.request({ type: "get_config", ctxkey: "k" });
    assert.equal(answer.code, "bad_request");
    assert.match(String(answer.message), /llm/);
    const built = await bare.request({ message: "hi", ctxkey: "k" });
    assert.equal(built.type, "messages", "messages are built without an llm section");
    assert.equal(
      (await bare.request({ type: "set_config", ctxkey: "default", config: { llm: { base_url: "http://127.0.0.1:1/v1", model: "m" } } }))
        .type,
      "ok",
    );
    assert.equal((await bare.request({ message: null, ctxkey: "k" })).configured, true);
  } finally {
    await bare.cleanup();
  }
});

void it("CTX-13 get_config with include_skills also carries what list_skills answers, and only then", async () => {
  const plain = await ctx.request({ type: "get_config", ctxkey: "skills-too", secrets: true });
  assert.equal(plain.skills, undefined);
  const both = await ctx.request({ type: "get_config", ctxkey: "skills-too", secrets: true, include_skills: true });
  assert.deepEqual(both.config, plain.config);
  const listed = await ctx.request({ type: "list_skills", ctxkey: "skills-too" });
  assert.ok(Array.isArray(both.skills));
  assert.deepEqual(both.skills, listed.skills);
});

void it("CTX-19 a skill without its own ctxkey gives its model to skill:<name>, the ctxkey its sub-agent runs on", async () => {
  const dir = makeInstanceDir();
  writeFileSync(
    join(dir, "agents", "skills", "quick.json"),
    JSON.stringify({
      name: "quick",
      description: "Answer fast.",
      system_prompt: "Be quick.",
      examples: [],
      tools: [],
      model: "quick-model",
    }),
  );
  const own = await startCtx({ dir });
  try {
    const model = async (ctxkey: string) => ((await own.request({ type: "get_config", ctxkey })).config as Config).llm.model;
    assert.equal(await model("skill:quick"), "quick-model");
    assert.equal(await model("skill:summarize"), "test-model", "summarize runs on its own ctxkey, not skill:summarize");
    assert.equal(await model("quick"), "test-model", "the skill's name alone is not its ctxkey");
    assert.equal(await model("sum"), "small-model", "a skill with its own ctxkey keeps giving it its model");
  } finally {
    await own.cleanup();
  }
});
