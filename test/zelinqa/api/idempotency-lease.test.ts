// A dead process's idempotency lease (docs/zelinqa-api.md §6.5, issue 11): two `zelinqa serve` processes share one PostgreSQL; one
// is killed with SIGKILL while it holds the reservation of a /next (stuck in a model call); the client's retry
// on the other process succeeds within seconds instead of answering 503 idempotency_contention for 60 s.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { corpusDocument } from "../../support/zelinqa-config-file.js";
import { createTestDatabase, postgresSkipReason } from "../../support/zelinqa-databases.js";
import type { TestDatabase } from "../../support/zelinqa-databases.js";
import { startServe } from "../../support/zelinqa-processes.js";
import type { ServeProcess } from "../../support/zelinqa-processes.js";

async function post(base: string, path: string, key: string, body: unknown, idem: string) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": idem },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

void describe("zelinqa idempotency lease of a killed process on postgres", { skip: postgresSkipReason() }, () => {
  let dir: string;
  let database: TestDatabase;
  let key = "";
  let model: Server;
  let modelCalls = 0;
  let firstCall: () => void = () => undefined;
  const firstCallSeen = new Promise<void>((resolve) => (firstCall = resolve));
  const servers: ServeProcess[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-lease-"));
    database = await createTestDatabase("postgres");
    const flags = ["--database-url", database.databaseUrl ?? ""];
    const file = join(dir, "corpus.json");
    writeFileSync(file, JSON.stringify(corpusDocument()));
    let stdout = "";
    const io = { env: {}, stdout: (s: string) => (stdout += s), stderr: () => undefined };
    assert.equal(await runCli(["config", "import", file, "--publish", ...flags], io), 0);
    stdout = "";
    assert.equal(await runCli(["keys", "create", "--scopes", "runtime", ...flags], io), 0);
    key = (JSON.parse(stdout) as { api_key: string }).api_key;
    // The model endpoint: the first call never answers (the request is mid-flight when its process dies),
    // later calls fail at once (the turn is still answered, degraded).
    model = createServer((request, response) => {
      modelCalls += 1;
      request.resume();
      if (modelCalls === 1) {
        firstCall();
        return;
      }
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
    const env = {
      ZELINQA_MODEL_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
      ZELINQA_MODEL_NAME: "fake",
      ZELINQA_MODEL_TIMEOUT_MS: "120000",
    };
    servers.push(await startServe(flags, env), await startServe(flags, env));
  });
  after(async () => {
    for (const server of servers) await server.kill9().catch(() => undefined);
    model?.closeAllConnections();
    model?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  void it("a retry on the surviving process succeeds within seconds after the holder is killed with SIGKILL", async () => {
    const [a, b] = servers as [ServeProcess, ServeProcess];
    const created = await post(b.baseUrl, "/v1/sessions", key, {}, "lease-create-0001");
    assert.equal(created.status, 201, created.text);
    const sessionId = (JSON.parse(created.text) as { session_id: string }).session_id;
    // A free-text budget answer leaves the number to the model (R28): process A is stuck in that call.
    const body = {
      state_version: 0,
      previous_turn: { question_id: "sdk_q_budget", user_text: "quelque chose de raisonnable, sans folie" },
    };
    const path = `/v1/sessions/${sessionId}/next`;
    const stuck = post(a.baseUrl, path, key, body, "lease-next-0001").catch(() => null);
    // Should the reply ever be read without the model (a new understanding rule), A answers at once: say so, rather
    // than wait for a call that never comes.
    const first = await Promise.race([
      firstCallSeen.then(() => "the model was called"),
      stuck.then((answer) => `A answered without calling the model: ${answer?.status} ${answer?.text.slice(0, 300)}`),
    ]);
    assert.equal(first, "the model was called");
    await a.kill9();
    await stuck;
    const started = Date.now();
    let last = { status: 0, text: "" };
    while (Date.now() - started < 20_000) {
      last = await post(b.baseUrl, path, key, body, "lease-next-0001");
      if (last.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const recoveryMs = Date.now() - started;
    assert.equal(last.status, 200, last.text);
    assert.ok(recoveryMs < 5000, `recovered after ${recoveryMs} ms`);
    process.stderr.write(`# lease recovery after kill -9: ${recoveryMs} ms\n`);
    // The retry executed once: the replay is identical and the turn is counted once.
    const replay = await post(b.baseUrl, path, key, body, "lease-next-0001");
    assert.equal(replay.text, last.text);
    assert.equal((JSON.parse(last.text) as { turn_count: number }).turn_count, 1);
  });
});
