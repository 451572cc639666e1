// A Python ZINO instance's ZINO.toml and agents/ read unchanged (docs/zino-protocol.md §4, issue 12): every Python table and key is
// mapped onto ours, ours win where both set a value, and what is not honoured is listed by name.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { CtxkeyConfigSchema, loadInstanceConfig } from "../../../src/zino/config/index.js";
import { readAgentFiles } from "../../../src/zino/ctx/index.js";
import { writePythonInstance, type PythonInstance } from "../../support/python-instance.js";

const made: PythonInstance[] = [];
const instance = (options: { extraToml?: string } = {}) => {
  const created = writePythonInstance({ providerUrl: "http://127.0.0.1:9/v1", ...options });
  made.push(created);
  return created;
};

void describe("a Python ZINO.toml", () => {
  after(() => {
    for (const created of made) created.cleanup();
  });

  void it("[PY-COMPAT-1] maps [api], [service], [agent], [exc] timeout and [ctx] history_limit onto [llm], [agent], [exec], [history]", () => {
    const py = instance();
    const config = loadInstanceConfig({ path: py.configPath, env: {} });
    const parsed = CtxkeyConfigSchema.parse(config.defaults);
    assert.equal(parsed.llm.base_url, "http://127.0.0.1:9/v1");
    assert.equal(parsed.llm.api_key, "sk-python-key");
    assert.equal(parsed.llm.model, "python-model");
    assert.equal(parsed.llm.temperature, 0.3);
    assert.equal(parsed.llm.top_p, 0.9);
    assert.equal(parsed.agent.max_iterations, 4);
    assert.equal(parsed.exec.timeout_ms, 20_000);
    assert.equal(parsed.history.max_messages, 12);
    assert.deepEqual(parsed.context, {
      recall_memories: false,
      recall_top_k: 2,
      max_hard_memories: 10_000,
      max_values: 1000,
      max_values_chars: 16 * 1024 * 1024,
      skill_examples: false,
    });
    assert.equal(
      config.defaults.agent && (config.defaults.agent as Record<string, unknown>).temperature,
      undefined,
      "temperature moved out of [agent]",
    );
  });

  void it("[PY-COMPAT-2] takes the sockets, the database (data_dir), the agent files and the log level from the Python tables", () => {
    const py = instance();
    const config = loadInstanceConfig({ path: py.configPath, env: {} });
    assert.deepEqual(config.sockets, py.sockets);
    assert.equal(config.databasePath, join(py.dir, "data", "mem", "zino.sqlite"));
    assert.deepEqual(config.agentPaths, {
      system: join(py.dir, "agents", "SYSTEM.md"),
      personality: join(py.dir, "agents", "PERSONALITY.md"),
      tools: join(py.dir, "agents", "tools"),
      skills: join(py.dir, "agents", "skills"),
    });
    assert.equal(config.initialSoftMemory, "The user likes short answers.");
    assert.equal(config.logLevel, "warn");
    assert.deepEqual(config.compat, { overridden: [], unhonoured: [] }, "every key of the original ZINO.toml is honoured");
  });

  void it("[PY-COMPAT-3] lets our own tables win and says which Python keys they override", () => {
    const py = instance({
      extraToml: '[llm]\nmodel = "ours"\n[sockets]\nctx = "mine.sock"\n[paths]\ndatabase = "own.sqlite"\n[history]\nmax_messages = 7',
    });
    const config = loadInstanceConfig({ path: py.configPath, env: {} });
    const parsed = CtxkeyConfigSchema.parse(config.defaults);
    assert.equal(parsed.llm.model, "ours");
    assert.equal(parsed.llm.base_url, "http://127.0.0.1:9/v1", "the Python value fills what ours leave out");
    assert.equal(parsed.history.max_messages, 7);
    assert.equal(config.sockets.ctx, join(py.dir, ".zino", "run", "mine.sock"));
    assert.equal(config.databasePath, join(py.dir, "own.sqlite"));
    const overridden = config.compat?.overridden.join("\n") ?? "";
    for (const key of ["[service] model", "[ctx] socket", "[ctx] data_dir", "[ctx] history_limit"])
      assert.ok(overridden.includes(key), `${key} in\n${overridden}`);
  });

  void it("[PY-COMPAT-4] names every Python key it does not honour", () => {
    const py = instance({ extraToml: "" });
    writeFileSync(
      py.configPath,
      '[rtr]\nstreaming = false\n[ctx]\ninject_tool_examples = true\nvector_store = "faiss"\n[logging]\nlevel = "LOUD"\n',
    );
    const config = loadInstanceConfig({ path: py.configPath, env: {} });
    assert.deepEqual(config.compat?.unhonoured, [
      "[rtr] streaming = false (zino-rtr always streams from the provider)",
      "[ctx] inject_tool_examples = true (tool files carry no examples here)",
      '[logging] level = "LOUD" (not a known level)',
      "[ctx] vector_store",
    ]);
  });

  void it("[PY-COMPAT-5] turns inject_history = false into no history in the prompt", () => {
    const py = instance();
    writeFileSync(py.configPath, "[ctx]\ninject_history = false\nhistory_limit = 30\n");
    const config = loadInstanceConfig({ path: py.configPath, env: {} });
    assert.deepEqual(config.defaults.history, { max_messages: 0 });
  });

  void it("[PY-COMPAT-6] reads tool and skill files without a name (the file name is the name) and Python skill prompts and examples", () => {
    const py = instance();
    const files = readAgentFiles(loadInstanceConfig({ path: py.configPath, env: {} }).agentPaths!);
    assert.ok(files);
    assert.deepEqual(
      files.tools.map((tool) => [tool.name, tool.meta.executor]),
      [
        ["bash", "bash"],
        ["python", "python3"],
      ],
    );
    assert.equal(files.skills[0]?.name, "bash");
    assert.equal(files.skills[0]?.system_prompt, "You are a bash sub-agent.");
    assert.deepEqual(files.skills[0]?.examples, [
      { user: "List hidden files", assistant: '<tool_call>{"name": "execute_bash", "arguments": {"code": "ls -a ~/"}}</tool_call>' },
    ]);
    assert.match(files.systemTemplate ?? "", /%%PERSONALITY%%/);
    assert.equal(files.personality, "You are Zed, terse and exact.\n");
  });
});
