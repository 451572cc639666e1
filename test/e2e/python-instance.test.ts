// A Python ZINO instance folder, unchanged (docs/zino-protocol.md §4, issue 12): the four services start from its ZINO.toml and
// agents/, and a turn with a tool call works end to end (fake OpenAI-compatible provider, real sandbox).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { startFakeProvider, type FakeProvider, type RecordedRequest } from "../../harness/fake-provider.js";
import { writePythonInstance, type PythonInstance } from "../support/python-instance.js";
import { needs } from "../support/system-requirements.js";
import { runZinoCli, startZinoServices, stopZinoServices, type ZinoProcess } from "../../harness/zino-processes.js";

type Body = { model?: string; temperature?: number; top_p?: number; messages?: { role: string; content: unknown }[] };
const bodyOf = (request: RecordedRequest | undefined) => (request?.body ?? {}) as Body;

void describe("a Python ZINO instance folder", { skip: needs("bubblewrap") }, () => {
  let provider: FakeProvider;
  let py: PythonInstance;
  let services: ZinoProcess[] = [];

  before(async () => {
    provider = await startFakeProvider();
    py = writePythonInstance({ providerUrl: provider.url });
    services = await startZinoServices(py, ["ctx", "rtr", "exc", "daemon"]);
  });
  after(async () => {
    await stopZinoServices(services);
    await provider.close();
    py.cleanup();
  });

  void it("[PY-COMPAT-E2E] starts the four services from it, with the database in its data_dir and nothing reported as ignored", () => {
    assert.ok(existsSync(py.databasePath), "ctx opened data_dir/zino.sqlite");
    for (const service of services)
      assert.doesNotMatch(service.stderr(), /not honoured|cannot start/, `${service.name}: ${service.stderr()}`);
  });

  void it("[PY-COMPAT-E2E] serves a turn with a tool call: Python model, key, sampling, filled template, tool run in the sandbox", async () => {
    provider.enqueue(
      { toolCalls: [{ name: "execute_bash", arguments: { code: "echo from-python-instance" } }] },
      { text: "done with the tool" },
    );
    const ask = await runZinoCli(["ask", "--ctx", "py", "run the tool"], { instance: py });
    assert.equal(ask.code, 0, ask.stderr);
    assert.equal(ask.stdout, "done with the tool\n");
    const [first, second] = provider.chatRequests().slice(-2);
    assert.equal(bodyOf(first).model, "python-model");
    assert.equal(first?.apiKey, "sk-python-key");
    assert.equal(bodyOf(first).temperature, 0.3);
    assert.equal(bodyOf(first).top_p, 0.9);
    const system = String(bodyOf(first).messages?.[0]?.content);
    assert.match(system, /^You are Zed, terse and exact\./, "%%PERSONALITY%% filled from [ctx] personality");
    assert.match(system, /execute_bash/, "%%TOOL_LIST%% lists the Python tool files");
    assert.match(system, /- bash: /, "%%SKILL_LINES%% lists the Python skill");
    assert.match(system, /at most 4 execution calls/, "%%MAX_ITERATIONS%% from [agent] max_iterations");
    assert.match(system, /The user likes short answers\./, "%%SOFT_MEMORIES%% from [ctx] soft_memory");
    assert.doesNotMatch(system, /%%[A-Z_]+%%/);
    const tool = bodyOf(second).messages?.find((m) => m.role === "tool");
    assert.match(String(tool?.content), /from-python-instance/);
  });
});

void describe("an instance with no model configured", () => {
  let py: PythonInstance;
  let services: ZinoProcess[] = [];

  before(async () => {
    py = writePythonInstance({ providerUrl: "unused", noModel: true });
    services = await startZinoServices(py, ["ctx", "rtr", "daemon"]);
  });
  after(async () => {
    await stopZinoServices(services);
    py.cleanup();
  });

  void it("[PY-COMPAT-E2E] answers a turn with 'no model configured' and the setting to fix, not 'zino-rtr is not running'", async () => {
    const ask = await runZinoCli(["ask", "hello"], { instance: py });
    assert.equal(ask.code, 1);
    assert.match(
      ask.stderr,
      /No model configured for ctxkey "default": set \[llm\] base_url and model in \S+ZINO\.toml \(README: Pointing ZINO at a model\)/,
    );
    assert.doesNotMatch(ask.stderr, /not running/);
  });
});

void describe("the start-up log of a Python instance", () => {
  void it("[PY-COMPAT-E2E] says which Python keys our own tables override and names every key not honoured", async () => {
    // extraToml follows the [skills] table: its first key lands there.
    const py = writePythonInstance({ providerUrl: "http://127.0.0.1:9/v1", extraToml: 'examples_dir = "x"\n[llm]\nmodel = "ours"\n' });
    const [ctx] = await startZinoServices(py, ["ctx"]);
    try {
      const log = ctx!.stderr();
      assert.match(log, /Python setting \[service\] model \(ZINO\.toml \[llm\] model is used\)/);
      assert.match(log, /Python settings not honoured: \[skills\] examples_dir/);
    } finally {
      await stopZinoServices([ctx!]);
      py.cleanup();
    }
  });
});
