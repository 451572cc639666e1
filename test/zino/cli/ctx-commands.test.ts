// `zino ctx` commands against a real zino-ctx (issues s15 #15, #19, #21): a value ctx refuses is worded for the
// command line (nothing stored, the command to run), exit 2; a model endpoint that is not http(s) is refused where
// it is set, in ZINO.toml as on the command line, naming the field; an empty history says so.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  runZinoCli,
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type ZinoProcess,
} from "../../../harness/zino-processes.js";
import { requestOne } from "../../../src/wire/index.js";
import { runInProcess } from "./cli-harness.js";

let instance: TempInstance;
let services: ZinoProcess[] = [];

before(async () => {
  instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
  services = await startZinoServices(instance, ["ctx"]);
});

after(async () => {
  await stopZinoServices(services);
  instance.cleanup();
});

const zino = (args: string[]) => runInProcess(args, { cwd: instance.dir, env: { ZINO_CONFIG: instance.configPath } });

void describe("zino ctx set refused by ctx", () => {
  void it("[Z7-CTX] a wrong type: says nothing was stored and which command to run, no wire wording, exit 2", async () => {
    const r = await zino(["ctx", "set", "t1", "llm.temperature=abc"]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /^zino: t1: not set, nothing stored: .*llm\.temperature: .*expected number.*; give a valid value, e\.g\. `zino ctx set t1 llm\.temperature=VALUE` \(`zino ctx show t1` shows the configuration now\)\n$/,
    );
    assert.doesNotMatch(r.stderr, /set_config|Fix ZINO\.toml|\[bad_request\]/);
    const show = await zino(["ctx", "show", "t1"]);
    assert.match(show.stdout, /"temperature": 0\.7/, "the default is still there");
  });

  void it("[Z7-CTX] an unknown field: the same wording", async () => {
    const r = await zino(["ctx", "set", "my key", "llm.temprature=0.2"]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /^zino: my key: not set, nothing stored: unknown configuration keys: llm\.temprature; .*`zino ctx set 'my key' llm\.temprature=VALUE`/,
    );
  });

  void it("[Z4-CONFIG] a model endpoint that is not http or https is refused, naming the field", async () => {
    for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/v1"]) {
      const r = await zino(["ctx", "set", "t2", `llm.base_url=${url}`]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /llm\.base_url: must be an http:\/\/ or https:\/\/ URL/);
    }
    const fallback = await zino(["ctx", "set", "t2", 'llm.fallbacks=[{"base_url":"file:///x","model":"m"}]']);
    assert.equal(fallback.code, 2, fallback.stderr);
    assert.match(fallback.stderr, /llm\.fallbacks\.0\.base_url: must be an http:\/\/ or https:\/\/ URL/);
    const ok = await zino(["ctx", "set", "t2", "llm.base_url=https://models.example/v1"]);
    assert.equal(ok.code, 0, ok.stderr);
  });
});

void describe("zino ctx unset", () => {
  void it("[Z7-CTX] a value set for default wins over ZINO.toml, says so and how to undo it; unset brings ZINO.toml's back", async () => {
    const set = await zino(["ctx", "set", "default", "llm.base_url=http://127.0.0.1:8/v1"]);
    assert.equal(set.code, 0, set.stderr);
    assert.match(set.stderr, /wins over ZINO\.toml for every ctxkey until `zino ctx unset default llm\.base_url`/);
    assert.match((await zino(["ctx", "show", "later"])).stdout, /"base_url": "http:\/\/127\.0\.0\.1:8\/v1"/, "every ctxkey inherits it");

    const unset = await zino(["ctx", "unset", "default", "llm.base_url", "llm.model"]);
    assert.equal(unset.code, 0, unset.stderr);
    assert.match(unset.stderr, /^zino: default: unset llm\.base_url; ZINO\.toml's values apply again\n/);
    assert.match(unset.stderr, /llm\.model not set with `zino ctx set`, nothing to unset/);
    for (const key of ["default", "later"]) {
      assert.match((await zino(["ctx", "show", key])).stdout, /"base_url": "http:\/\/127\.0\.0\.1:9\/v1"/, `${key}: ZINO.toml's again`);
    }
  });

  void it("[Z7-CTX] on another ctxkey: only that ctxkey's field goes, a table left empty too, other fields stay", async () => {
    assert.equal((await zino(["ctx", "set", "t3", "llm.temperature=0.2", "history.max_messages=5"])).code, 0);
    const r = await zino(["ctx", "unset", "t3", "llm.temperature"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /t3: unset llm\.temperature; the ctxkey default's values apply again/);
    const show = (await zino(["ctx", "show", "t3"])).stdout;
    assert.match(show, /"temperature": 0\.7/);
    assert.match(show, /"max_messages": 5/);
  });

  void it("[Z7-CTX] a field that is not a dotted name is a usage error, nothing changed", async () => {
    assert.equal((await zino(["ctx", "set", "t4", "llm.temperature=0.3"])).code, 0);
    const r = await zino(["ctx", "unset", "t4", "llm..temperature"]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^zino: t4: nothing unset: llm\.\.temperature is not a dotted field name such as llm\.base_url/);
    const wire = await requestOne(instance.sockets.ctx, { type: "set_config", ctxkey: "t4", config: {}, unset: ["llm..temperature"] });
    assert.equal(wire.type, "error");
    assert.equal(wire.code, "bad_request", "ctx refuses it on the wire too");
    assert.match((await zino(["ctx", "show", "t4"])).stdout, /"temperature": 0\.3/);
  });
});

void describe("zino ctx history", () => {
  void it("[Z7-CTX] of a ctxkey with nothing stored: says so on stderr, nothing on stdout, exit 0", async () => {
    const r = await zino(["ctx", "history", "never-used"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, "zino: never-used: no stored messages\n");
    const json = await zino(["ctx", "history", "never-used", "--json"]);
    assert.equal(json.stdout, "[]\n", "--json stays parseable");
  });

  void it("[Z7-CTX Z7-CHAT-ESCAPES] on a terminal, escape sequences a tool's output stored are shown, not obeyed; piped, kept", async () => {
    const page = "title\u001b]52;c;cm0gLXJmIH4=\u0007 \u001b[2J\u009b1m ok\rfake";
    const stored = await requestOne(instance.sockets.ctx, {
      type: "append_history",
      ctxkey: "t-esc",
      message: null,
      messages: [
        { role: "user", content: "read the page" },
        { role: "tool", tool_call_id: "c1", content: page },
      ],
    });
    assert.notEqual(stored.type, "error", JSON.stringify(stored));
    const shown = await runInProcess(["ctx", "history", "t-esc"], {
      cwd: instance.dir,
      env: { ZINO_CONFIG: instance.configPath },
      stdoutIsTTY: true,
    });
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /^tool c1: title␛\]52;c;cm0gLXJmIH4=␇ ␛\[2J\uFFFD1m okfake$/m);
    for (const control of ["\u001b", "\u0007", "\r", "\u009b"]) assert.ok(!shown.stdout.includes(control), JSON.stringify(control));
    const piped = await zino(["ctx", "history", "t-esc"]);
    assert.ok(piped.stdout.includes(page), "piped output keeps the stored text as it is");
  });
});

void describe("ZINO.toml with a model endpoint that is not http or https", () => {
  void it("[Z4-CONFIG] zino up refuses it before starting anything: exit 2 naming llm.base_url", async () => {
    const other = writeTempInstance({ providerUrl: "file:///etc/passwd" });
    try {
      const r = await runZinoCli(["up", "--detach"], { instance: other, timeoutMs: 60_000 });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /^zino: .*ZINO\.toml: llm\.base_url: must be an http:\/\/ or https:\/\/ URL/m);
      assert.doesNotMatch(r.stderr, /ready on/);
    } finally {
      await runZinoCli(["down"], { instance: other, timeoutMs: 30_000 }); // should the refusal regress
      other.cleanup();
    }
  });
});
