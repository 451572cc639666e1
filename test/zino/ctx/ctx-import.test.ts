// Import of a Python-style ZINO.toml and agents/ folder (docs/zino-protocol.md §4): at start, on reload, all-or-nothing, without
// clobbering per-ctxkey rows; and the defaults shipped in this repository import cleanly.
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { it } from "node:test";
import { CtxkeyConfigSchema, LlmConfigSchema, loadInstanceConfig } from "../../../src/zino/config/index.js";
import { createCtxService, readAgentFiles } from "../../../src/zino/ctx/index.js";
import { silentLogger } from "../../../src/wire/index.js";
import { makeInstanceDir, startCtx } from "./ctx-harness.js";

const PYTHON_TOML = `
[paths]
runtime_dir = "run"
database = "data/zino.sqlite"
agents = "agents"

[llm]
base_url = "https://openrouter.ai/api/v1"
model = "meta-llama/llama-3.1-8b-instruct"
api_key_env = "OPENROUTER_API_KEY"
temperature = 0.3
context_window = 16384
stream = true

[agent]
max_iterations = 5

[history]
max_messages = 12
max_tokens = 3000

[exec]
timeout_ms = 10000
network = false

[mcp_servers.files]
command = "npx"
args = ["-y", "some-mcp-server"]
`;

void it("CTX-17 a Python-style ZINO.toml and agents/ folder are imported at start", async () => {
  const ctx = await startCtx({ toml: PYTHON_TOML });
  try {
    const config = (await ctx.request({ type: "get_config", ctxkey: "any" })).config as Record<string, Record<string, unknown>>;
    assert.equal(config.llm?.model, "meta-llama/llama-3.1-8b-instruct");
    assert.equal(config.llm?.api_key_env, "OPENROUTER_API_KEY");
    assert.equal(config.history?.max_messages, 12);
    assert.equal(config.exec?.timeout_ms, 10000);
    assert.deepEqual((config.mcp_servers?.files as { args: string[] }).args, ["-y", "some-mcp-server"]);
    const tools = await ctx.request({ type: "list_tools" });
    assert.equal(tools.type, "tool_files");
    const functions = tools.functions as { function: { name: string; parameters: unknown } }[];
    assert.deepEqual(
      functions.map((f) => f.function.name),
      ["execute_bash", "execute_python3"],
    );
    assert.deepEqual(functions[0]?.function.parameters, { type: "object", properties: { code: { type: "string" } }, required: ["code"] });
    const skills = await ctx.request({ type: "list_skills" });
    assert.deepEqual(
      (skills.skills as { name: string }[]).map((s) => s.name),
      ["summarize"],
    );
    const system = await ctx.request({ type: "get" });
    assert.match(String(system.content), /I=\[5\]/);
  } finally {
    await ctx.cleanup();
  }
});

void it("CTX-17 reload picks up edited files and keeps per-ctxkey and default overrides", async () => {
  const ctx = await startCtx({ toml: PYTHON_TOML });
  try {
    await ctx.request({ type: "set_config", ctxkey: "mine", config: { llm: { model: "my-model" } } });
    await ctx.request({ type: "set_config", ctxkey: "default", config: { agent: { max_tool_calls: 3 } } });
    writeFileSync(join(ctx.dir, "agents", "PERSONALITY.md"), "You are Reloaded.");
    writeFileSync(
      join(ctx.dir, "agents", "tools", "node.json"),
      JSON.stringify({ name: "node", description: "Run JS.", meta: { executor: "node", file_extension: ".js" } }),
    );
    writeFileSync(join(ctx.dir, "ZINO.toml"), PYTHON_TOML.replace("temperature = 0.3", "temperature = 0.6"));
    const answer = await ctx.request({ type: "reload" });
    assert.equal(answer.type, "ok");
    assert.deepEqual(answer.tools, ["bash", "node", "python3"]);
    assert.deepEqual(answer.ignored_keys, ["llm.stream"], "Python-only keys are accepted and reported");
    const system = await ctx.request({ message: "x", ctxkey: "mine" });
    const content = String((system.messages as { content: string }[])[0]?.content);
    assert.match(content, /P=\[You are Reloaded\.\]/);
    assert.match(content, /execute_node\(code\): Run JS\./);
    const mine = (await ctx.request({ type: "get_config", ctxkey: "mine" })).config as {
      llm: Record<string, unknown>;
      agent: Record<string, unknown>;
    };
    assert.equal(mine.llm.model, "my-model");
    assert.equal(mine.llm.temperature, 0.6);
    assert.equal(mine.agent.max_tool_calls, 3);
  } finally {
    await ctx.cleanup();
  }
});

void it("CTX-17 a reload with a broken tool file is refused and the previous import stays", async () => {
  const ctx = await startCtx({ toml: PYTHON_TOML });
  try {
    writeFileSync(join(ctx.dir, "agents", "PERSONALITY.md"), "Should not appear.");
    writeFileSync(join(ctx.dir, "agents", "tools", "broken.json"), JSON.stringify({ name: "broken", meta: {} }));
    const answer = await ctx.request({ type: "reload" });
    assert.equal(answer.code, "bad_request");
    assert.match(String(answer.message), /broken\.json.*meta\.executor/);
    const system = await ctx.request({ type: "get" });
    assert.match(String(system.content), /P=\[You are Testy\.\]/);
    rmSync(join(ctx.dir, "agents", "tools", "broken.json"));
    writeFileSync(join(ctx.dir, "ZINO.toml"), PYTHON_TOML.replace("temperature = 0.3", "temperature = 9"));
    const badToml = await ctx.request({ type: "reload" });
    assert.equal(badToml.code, "bad_request");
    assert.match(String(badToml.message), /llm\.temperature/);
    writeFileSync(join(ctx.dir, "ZINO.toml"), "[llm\nbroken");
    const unparsable = await ctx.request({ type: "reload" });
    assert.equal(unparsable.code, "bad_request");
    assert.match(String(unparsable.message), /cannot parse/);
    const config = (await ctx.request({ type: "get_config", ctxkey: "default" })).config as { llm: { temperature: number } };
    assert.equal(config.llm.temperature, 0.3);
  } finally {
    await ctx.cleanup();
  }
});

void it("CTX-17 the service refuses to start on an agents/ file that does not parse", async () => {
  const dir = makeInstanceDir({ toml: PYTHON_TOML });
  writeFileSync(join(dir, "agents", "skills", "bad.json"), "{ not json");
  const instance = loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} });
  const service = createCtxService({ instance, logger: silentLogger(), env: {} });
  try {
    await assert.rejects(service.start(), /bad\.json: not valid JSON/);
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

void it("CTX-07 without an agents/ folder the built-in template is used with no tools and no skills", async () => {
  const ctx = await startCtx({ toml: PYTHON_TOML, agents: false });
  try {
    const system = String((await ctx.request({ type: "get" })).content);
    assert.match(system, /at most 5 model calls/);
    assert.match(system, /\(none\)/);
    assert.doesNotMatch(system, /%%[A-Z_]+%%/);
  } finally {
    await ctx.cleanup();
  }
});

void it("CTX-22 the ZINO.toml and agents/ shipped in the repository are valid", () => {
  const instance = loadInstanceConfig({ path: fileURLToPath(new URL("../../../ZINO.toml", import.meta.url)), env: {} });
  LlmConfigSchema.parse(instance.defaults.llm);
  const config = CtxkeyConfigSchema.parse(instance.defaults);
  assert.equal(config.llm.base_url, "http://127.0.0.1:11434/v1");
  assert.equal(config.llm.api_key, undefined, "no key in the shipped file");
  const agents = readAgentFiles(instance.agentsDir);
  assert.ok(agents);
  assert.deepEqual(agents.tools.map((t) => t.meta.executor).sort(), ["bash", "node", "python3"]);
  assert.ok(agents.skills.some((s) => s.name === "summarize" && s.examples.length > 0));
  for (const placeholder of ["PERSONALITY", "TOOL_LIST", "SKILL_LINES", "MAX_ITERATIONS", "SOFT_MEMORIES"]) {
    assert.ok(agents.systemTemplate?.includes(`%%${placeholder}%%`), placeholder);
  }
});
