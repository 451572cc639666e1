// The whole instance through the `zino` CLI (docs/zino-protocol.md §7): real processes, real sockets, a real SQLite file and the
// fake provider. One instance is shared by the tests in order: up → status → ask → ... → down → up → down.
import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { requestAll } from "../../src/wire/index.js";
import { startFakeProvider, type FakeProvider, type RecordedRequest } from "../../harness/fake-provider.js";
import { needs } from "../support/system-requirements.js";
import { isAlive } from "../../harness/process-tree.js";
import { runZinoCli, writeTempInstance, type TempInstance } from "../../harness/zino-processes.js";

const REQUIRED = ["ctx", "rtr", "daemon"] as const;

function readPids(instance: TempInstance): number[] {
  return REQUIRED.map((name) => join(instance.runtimeDir, `${name}.pid`))
    .filter((path) => existsSync(path))
    .map((path) => Number.parseInt(readFileSync(path, "utf8"), 10));
}

function lastChat(provider: FakeProvider): RecordedRequest {
  const requests = provider.chatRequests();
  const last = requests[requests.length - 1];
  assert.ok(last, "the provider received no chat request");
  return last;
}

function messagesOf(request: RecordedRequest): { role: string; content: unknown }[] {
  const body = request.body as { messages?: { role: string; content: unknown }[] };
  return body.messages ?? [];
}

void describe("zino CLI against real services", () => {
  let provider: FakeProvider;
  let instance: TempInstance;
  const zino = (args: string[], input?: string) => runZinoCli(args, { instance, input });

  before(async () => {
    provider = await startFakeProvider();
    instance = writeTempInstance({ providerUrl: provider.url });
  });
  after(async () => {
    await zino(["down"]);
    await provider.close();
    instance.cleanup();
  });

  void it("[Z7-UP-DETACH Z7-STATUS] starts every service with up --detach and reports them healthy in status", async () => {
    const up = await zino(["up", "--detach"]);
    assert.equal(up.code, 0, up.stderr);
    assert.equal(up.stdout, "");
    assert.equal(readPids(instance).length, 3);
    for (const name of REQUIRED) assert.ok(existsSync(join(instance.runtimeDir, "logs", `${name}.log`)));
    const status = await zino(["status", "--json"]);
    assert.equal(status.code, 0, status.stdout + status.stderr);
    const report = JSON.parse(status.stdout) as {
      ok: boolean;
      services: { service: string; state: string; ping_ms: number | null; capabilities: unknown }[];
    };
    assert.equal(report.ok, true);
    for (const name of REQUIRED) {
      const entry = report.services.find((s) => s.service === name);
      assert.equal(entry?.state, "up", name);
      assert.equal(typeof entry?.ping_ms, "number");
      assert.ok(entry?.capabilities, `${name} capabilities`);
    }
    const text = await zino(["status"]);
    assert.equal(text.code, 0);
    const pid = readPids(instance)[2];
    assert.match(text.stdout, new RegExp(`^daemon\\s+up\\s+${pid}\\s+\\d+s\\s+[\\d.]+ ms\\s+\\S+daemon\\.sock$`, "m"), text.stdout);
    assert.match(text.stdout, /^zelinqa api\s+not running/m);
    assert.match(
      text.stdout,
      new RegExp(`^model\\s+fake-model at ${provider.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S*: reachable$`, "m"),
      text.stdout,
    );
    assert.match(text.stdout, /^sandbox\s+(bubblewrap \/|bubblewrap not found)/m);
    assert.match(text.stdout, new RegExp(`^database\\s+${instance.dir}/`, "m"));
    assert.ok(text.stdout.split("\n").length < 20, text.stdout);
  });

  void it("[Z7-PERMS] keeps the runtime directory 0700 and every socket 0600", () => {
    assert.equal(statSync(instance.runtimeDir).mode & 0o777, 0o700);
    for (const name of REQUIRED) {
      const stats = statSync(instance.sockets[name]);
      assert.ok(stats.isSocket(), name);
      assert.equal(stats.mode & 0o777, 0o600, name);
    }
  });

  void it("[Z7-UP-ONCE] does not start a second copy of services that already answer", async () => {
    const pids = readPids(instance);
    const again = await zino(["up", "--detach"]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /already answers/);
    assert.deepEqual(readPids(instance), pids);
  });

  void it("[Z7-ASK] answers ask with the provider's streamed text and exit status 0", async () => {
    const ask = await zino(["ask", "--ctx", "e2e", "hello", "world"]);
    assert.equal(ask.code, 0, ask.stderr);
    assert.equal(ask.stdout, "echo: hello world\n");
    assert.equal(lastChat(provider).apiKey, "sk-test-secret");
  });

  void it("[Z7-ASK] runs a native tool call through exc and prints only the answer on stdout", { skip: needs("bubblewrap") }, async () => {
    provider.enqueue({ toolCalls: [{ name: "execute_bash", arguments: { code: "echo tool-output" } }] }, { text: "the tool ran" });
    const ask = await zino(["ask", "--ctx", "tools", "run something"]);
    assert.equal(ask.code, 0, ask.stderr);
    assert.equal(ask.stdout, "the tool ran\n");
    const toolMessages = messagesOf(lastChat(provider)).filter((m) => m.role === "tool");
    assert.equal(toolMessages.length, 1);
    assert.match(String(toolMessages[0]?.content), /tool-output/);
  });

  void it("[Z8-PY-CLIENT] sends only chunk and done frames to a Python-style client using channel_id", async () => {
    const frames = await requestAll(instance.sockets.daemon, { message: "from python", channel_id: "py" });
    const types = new Set(frames.map((f) => f.type));
    assert.deepEqual(
      [...types].filter((t) => t !== "chunk" && t !== "done"),
      [],
    );
    assert.equal(frames[frames.length - 1]?.type, "done");
    assert.equal(frames[frames.length - 1]?.full_text, "echo: from python");
  });

  void it("[Z7-ASK-EXIT] exits 1 with the error on stderr when the provider fails every attempt", async () => {
    provider.script(() => ({ status: 500 }));
    try {
      const before = provider.chatRequests().length;
      const ask = await zino(["ask", "--ctx", "e2e-fail", "anyone?"]);
      assert.equal(ask.code, 1);
      assert.match(ask.stderr, /provider_error|500/);
      assert.ok(provider.chatRequests().length - before >= 2, "rtr retried");
    } finally {
      provider.script((request) => ({ text: `echo: ${userText(request)}` }));
    }
  });

  void it("[Z7-CTX Z5-OVERRIDE] routes a ctxkey to the model set with ctx set, and shows it with secrets masked", async () => {
    const set = await zino(["ctx", "set", "cheap", "llm.model=gpt-4o-mini", "llm.temperature=0.2"]);
    assert.equal(set.code, 0, set.stderr);
    const ask = await zino(["ask", "--ctx", "cheap", "which model?"]);
    assert.equal(ask.code, 0, ask.stderr);
    assert.equal(lastChat(provider).model, "gpt-4o-mini");
    const show = await zino(["ctx", "show", "cheap"]);
    assert.equal(show.code, 0, show.stderr);
    const config = JSON.parse(show.stdout) as { llm: { model: string; temperature: number; api_key?: string } };
    assert.equal(config.llm.model, "gpt-4o-mini");
    assert.equal(config.llm.temperature, 0.2);
    assert.doesNotMatch(show.stdout, /sk-test-secret/);
    await zino(["ask", "--ctx", "other", "and here?"]);
    assert.equal(lastChat(provider).model, "fake-model");
  });

  void it("[Z4-HISTORY-RESTART] keeps history across a restart of every service", async () => {
    assert.equal((await zino(["ask", "--ctx", "memory", "my colour is blue"])).code, 0);
    const down = await zino(["down"]);
    assert.equal(down.code, 0, down.stderr);
    assert.equal((await zino(["status"])).code, 1);
    const up = await zino(["up", "--detach"]);
    assert.equal(up.code, 0, up.stderr);
    assert.equal((await zino(["ask", "--ctx", "memory", "what is my colour?"])).code, 0);
    const contents = messagesOf(lastChat(provider)).map((m) => `${m.role}:${String(m.content)}`);
    assert.ok(contents.includes("user:my colour is blue"), contents.join("\n"));
    assert.ok(contents.includes("assistant:echo: my colour is blue"), contents.join("\n"));
    const history = await zino(["ctx", "history", "memory", "--json"]);
    assert.equal(history.code, 0, history.stderr);
    const stored = JSON.parse(history.stdout) as { role: string }[];
    assert.equal(stored.length, 4);
  });

  void it("[Z7-DOWN] stops everything with down and removes the sockets and pid files", async () => {
    const pids = readPids(instance);
    assert.equal(pids.length, 3);
    const down = await zino(["down"]);
    assert.equal(down.code, 0, down.stderr);
    for (const pid of pids) assert.equal(isAlive(pid), false, `pid ${pid}`);
    for (const name of REQUIRED) {
      assert.equal(existsSync(instance.sockets[name]), false, `${name} socket`);
      assert.equal(existsSync(join(instance.runtimeDir, `${name}.pid`)), false, `${name} pid file`);
    }
    const status = await zino(["status"]);
    assert.equal(status.code, 1);
    const ask = await zino(["ask", "anyone?"]);
    assert.equal(ask.code, 1);
  });
});

function userText(request: RecordedRequest): string {
  const messages = messagesOf(request);
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === "user") return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  }
  return "";
}
