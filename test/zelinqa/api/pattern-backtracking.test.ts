// A success-information schema whose `pattern` backtracks catastrophically under JavaScript's RegExp used to be accepted;
// the first value checked against it (a client update of 40 characters, a choice label at publication) then held the
// `zelinqa serve` process for hours and every other request waited. Patterns now run on a linear-time engine: such a
// schema is accepted and an adversarial value is refused at once; a pattern that engine cannot run (a back-reference,
// a look-around) is `invalid_schema` with a message saying what to change. A real process, on SQLite.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { corpusDocument } from "../../support/zelinqa-config-file.js";
import { startServe } from "../../support/zelinqa-processes.js";
import type { ServeProcess } from "../../support/zelinqa-processes.js";

const SCOPES = "runtime,configuration:read,configuration:write,configuration:publish";

void describe("schema patterns against a zelinqa serve process", () => {
  let dir: string;
  let key = "";
  let server: ServeProcess | undefined;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-patterns-"));
    const flags = ["--sqlite-path", join(dir, "z.sqlite")];
    const file = join(dir, "corpus.json");
    writeFileSync(file, JSON.stringify(corpusDocument()));
    let stdout = "";
    const io = { env: {}, stdout: (s: string) => (stdout += s), stderr: () => undefined };
    assert.equal(await runCli(["config", "import", file, "--publish", ...flags], io), 0);
    stdout = "";
    assert.equal(await runCli(["keys", "create", "--scopes", SCOPES, ...flags], io), 0);
    key = (JSON.parse(stdout) as { api_key: string }).api_key;
    server = await startServe(flags);
  });
  after(async () => {
    await server?.kill9().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown>; ms: number }> {
    const started = Date.now();
    const response = await fetch(`${server!.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown>, ms: Date.now() - started };
  }

  const infoWith = (id: string, schema: Record<string, unknown>) => ({
    changes: [
      {
        entity: "question",
        operation: "create",
        question: { id: `${id}_q`, text: "Votre code ?", type: "open", dimension_id: "sdk_so_besoin" },
      },
      {
        entity: "success_information",
        operation: "create",
        success_information: { id, label: "Code", primary_question_id: `${id}_q`, schema },
      },
    ],
  });

  async function publish(): Promise<void> {
    const published = await post("/v1/configuration/publish", {});
    assert.equal(published.status, 202, JSON.stringify(published.json));
    let status = "";
    for (let i = 0; i < 100 && status !== "succeeded" && status !== "failed"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const poll = await fetch(`${server!.baseUrl}/v1/configuration/compilations/${String(published.json.compilation_id)}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      status = String(((await poll.json()) as { status: string }).status);
    }
    assert.equal(status, "succeeded");
  }

  const unrunnable: Array<[string, Record<string, unknown>]> = [
    ["a back-reference", { type: "string", pattern: "^(a+)\\1$" }],
    ["a look-ahead in array items", { type: "array", items: { type: "string", pattern: "^(?=\\d)\\w+$" } }],
  ];
  for (const [title, schema] of unrunnable) {
    void it(`refuses ${title} with 422 invalid_schema naming the pattern and what to change`, async () => {
      const r = await post("/v1/configuration/changes", infoWith(`bt_${title.replace(/\W+/g, "_")}`, schema));
      assert.equal(r.status, 422, JSON.stringify(r.json));
      assert.equal(r.json.code, "configuration_validation_failed");
      const issues = (r.json.details as { issues: Array<{ code: string; message: string; change_index?: number }> }).issues;
      assert.equal(issues.length, 1, JSON.stringify(issues));
      assert.equal(issues[0]!.code, "invalid_schema");
      assert.equal(issues[0]!.change_index, 1);
      assert.match(issues[0]!.message, /The pattern ".+" cannot be used: .+ write it without look-arounds/);
    });
  }

  void it("accepts patterns that would backtrack, refuses adversarial values at once, and stays responsive", async () => {
    const schemas: Array<[string, Record<string, unknown>, string]> = [
      ["bt_nested", { type: "string", pattern: "^(a+)+$" }, `${"a".repeat(40)}!`],
      ["bt_three", { type: "string", pattern: "^\\d*\\d*\\d*x$" }, "1".repeat(8000)],
      ["bt_items", { type: "array", items: { type: "string", pattern: "^(\\w+\\s?)+$" } }, `${"ab ".repeat(2000)}!`],
    ];
    for (const [id, schema] of schemas) {
      const r = await post("/v1/configuration/changes", infoWith(id, schema));
      assert.equal(r.status, 200, JSON.stringify(r.json));
    }
    await publish();
    const session = await post("/v1/sessions", {});
    assert.equal(session.status, 201);
    const sessionId = String(session.json.session_id);
    for (const [id, schema, text] of schemas) {
      const value = schema.type === "array" ? [text] : text;
      const slowHealth = fetch(`${server!.baseUrl}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      const bad = await post(`/v1/sessions/${sessionId}/events`, { state_version: 0, client_updates: { data: [{ id, value }] } });
      assert.equal(bad.status, 422, JSON.stringify(bad.json));
      assert.equal(bad.json.code, "invalid_choice");
      assert.ok(bad.ms < 2_000, `${id}: ${bad.ms} ms`);
      assert.equal((await slowHealth).status, 200);
    }
    const good = await post(`/v1/sessions/${sessionId}/events`, {
      state_version: 0,
      client_updates: { data: [{ id: "bt_nested", value: "aaaa" }] },
    });
    assert.equal(good.status, 200, JSON.stringify(good.json));
    assert.equal((good.json.targets as Record<string, { value?: unknown }>).bt_nested?.value, "aaaa");
  });

  void it("accepts a safe pattern and checks values against it quickly", async () => {
    const changes = await post("/v1/configuration/changes", infoWith("bt_ref", { type: "string", pattern: "^[a-z]+(-[a-z]+)*$" }));
    assert.equal(changes.status, 200, JSON.stringify(changes.json));
    assert.deepEqual(changes.json.warnings, []);
    await publish();
    const session = await post("/v1/sessions", {});
    assert.equal(session.status, 201);
    const sessionId = String(session.json.session_id);
    const bad = await post(`/v1/sessions/${sessionId}/events`, {
      state_version: 0,
      client_updates: { data: [{ id: "bt_ref", value: `${"a-".repeat(3000)}!` }] },
    });
    assert.equal(bad.status, 422, JSON.stringify(bad.json));
    assert.equal(bad.json.code, "invalid_choice");
    assert.ok(bad.ms < 2_000, `${bad.ms} ms`);
    const good = await post(`/v1/sessions/${sessionId}/events`, {
      state_version: 0,
      client_updates: { data: [{ id: "bt_ref", value: "bois-massif" }] },
    });
    assert.equal(good.status, 200, JSON.stringify(good.json));
    assert.equal((good.json.targets as Record<string, { value?: unknown }>).bt_ref?.value, "bois-massif");
  });
});
