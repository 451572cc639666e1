// Concurrency over real HTTP (docs/zelinqa-api.md §2.3, §6, §7, R29): two app instances sharing one database (PostgreSQL; one
// instance on SQLite, which allows a single process), many clients racing on one session.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";

interface HttpResult {
  status: number;
  requestId: string | null;
  retryAfter: string | null;
  text: string;
  json: Record<string, unknown>;
}

async function http(
  base: string,
  method: string,
  path: string,
  options: { key: string; body?: unknown; idem?: string },
): Promise<HttpResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.key}` };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.idem) headers["idempotency-key"] = options.idem;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    requestId: response.headers.get("x-request-id"),
    retryAfter: response.headers.get("retry-after"),
    text,
    json: JSON.parse(text) as Record<string, unknown>,
  };
}

const versionOf = (r: HttpResult) => (r.json.versions as { state_version: number }).state_version;

for (const backend of BACKENDS) {
  void describe(`zelinqa concurrency on ${backend}`, { skip: skipReason(backend) }, () => {
    let a: TestApp;
    let b: TestApp | undefined;
    const bases: string[] = [];
    const keys: string[] = [];

    before(async () => {
      a = await startTestApp({ backend, options: { workerPollMs: 50 } });
      bases.push(await a.app.fastify.listen({ host: "127.0.0.1", port: 0 }));
      keys.push(a.keys.all);
      if (backend === "postgres") {
        b = await startTestApp({ backend, database: a.database, options: { workerPollMs: 50 } });
        bases.push(await b.app.fastify.listen({ host: "127.0.0.1", port: 0 }));
        keys.push(b.keys.all);
      }
      const changes = await http(bases[0]!, "POST", "/v1/configuration/changes", {
        key: keys[0]!,
        body: { changes: referenceCorpusChanges() },
        idem: newIdempotencyKey(),
      });
      assert.equal(changes.status, 200, changes.text);
      const publish = await http(bases[0]!, "POST", "/v1/configuration/publish", { key: keys[0]!, body: {}, idem: newIdempotencyKey() });
      assert.equal(publish.status, 202, publish.text);
      for (let i = 0; i < 100; i += 1) {
        const job = await http(bases[bases.length - 1]!, "GET", `/v1/configuration/compilations/${publish.json.compilation_id as string}`, {
          key: keys[keys.length - 1]!,
        });
        if (job.json.status === "succeeded") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    after(async () => {
      if (b) {
        await b.app.close();
        await b.store.close();
      }
      await a?.close();
    });

    const pick = (i: number) => ({ base: bases[i % bases.length]!, key: keys[i % keys.length]! });

    async function newSession(): Promise<string> {
      const created = await http(bases[0]!, "POST", "/v1/sessions", { key: keys[0]!, body: { max_turns: 100 }, idem: newIdempotencyKey() });
      assert.equal(created.status, 201, created.text);
      return created.json.session_id as string;
    }

    void it("R29: the same /next with the same key on every instance produces exactly one turn", async () => {
      const sessionId = await newSession();
      const idem = newIdempotencyKey();
      const attempt = (i: number) =>
        http(pick(i).base, "POST", `/v1/sessions/${sessionId}/next`, { key: pick(i).key, body: { state_version: 0 }, idem });
      const results = await Promise.all(Array.from({ length: 16 }, (_v, i) => attempt(i)));
      for (const r of results) {
        assert.ok(r.status === 200 || r.status === 503, `${r.status} ${r.text}`);
        if (r.status === 503) {
          assert.equal(r.json.code, "idempotency_contention");
          assert.equal(r.retryAfter, "1");
          assert.deepEqual(r.json.details, { idempotency_key: idem, retry_after_seconds: 1 });
        }
      }
      const settled = await Promise.all(
        results.map(async (r, i) => {
          let current = r;
          while (current.status === 503) current = await attempt(i);
          return current;
        }),
      );
      const bodies = new Set(settled.map((r) => r.text));
      assert.equal(bodies.size, 1);
      assert.equal(new Set(settled.map((r) => r.requestId)).size, 1);
      const state = await http(bases[0]!, "GET", `/v1/sessions/${sessionId}`, { key: keys[0]! });
      assert.equal(versionOf(state), 1);
      assert.equal((await a.store.listSessionEvents(sessionId)).length, 2);
    });

    void it("different keys racing on one state_version: exactly one wins, the others get state_version_conflict", async () => {
      const sessionId = await newSession();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_v, i) =>
          http(pick(i).base, "POST", `/v1/sessions/${sessionId}/next`, {
            key: pick(i).key,
            body: { state_version: 0 },
            idem: newIdempotencyKey(),
          }),
        ),
      );
      const winners = results.filter((r) => r.status === 200);
      assert.equal(winners.length, 1);
      for (const r of results.filter((x) => x.status !== 200)) {
        assert.equal(r.status, 409, r.text);
        assert.equal(r.json.code, "state_version_conflict");
        assert.deepEqual(r.json.details, { supplied_state_version: 0, current_state_version: 1 });
      }
    });

    void it("clients looping read-then-next never lose an update and turn_count matches the acknowledged turns", async () => {
      const sessionId = await newSession();
      const first = await http(bases[0]!, "POST", `/v1/sessions/${sessionId}/next`, {
        key: keys[0]!,
        body: { state_version: 0 },
        idem: newIdempotencyKey(),
      });
      assert.equal(first.status, 200);
      let acknowledged = 0;
      const client = async (i: number) => {
        const { base, key } = pick(i);
        for (let turn = 0; turn < 6; turn += 1) {
          for (;;) {
            const state = await http(base, "GET", `/v1/sessions/${sessionId}`, { key });
            const idem = newIdempotencyKey();
            const body = { state_version: versionOf(state), previous_turn: { user_text: "je ne sais pas" } };
            let r = await http(base, "POST", `/v1/sessions/${sessionId}/next`, { key, body, idem });
            if (r.status === 200) {
              // A retry of an acknowledged request must replay, never add a turn.
              const again = await http(base, "POST", `/v1/sessions/${sessionId}/next`, { key, body, idem });
              assert.equal(again.text, r.text);
              acknowledged += 1;
              break;
            }
            while (r.status === 503) r = await http(base, "POST", `/v1/sessions/${sessionId}/next`, { key, body, idem });
            if (r.status === 200) {
              acknowledged += 1;
              break;
            }
            assert.equal(r.status, 409, r.text);
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_v, i) => client(i)));
      assert.equal(acknowledged, 48);
      const state = await http(bases[0]!, "GET", `/v1/sessions/${sessionId}`, { key: keys[0]! });
      assert.equal(state.json.turn_count, 48);
      assert.equal(versionOf(state), 49);
      const journal = await a.store.listSessionEvents(sessionId);
      assert.deepEqual(
        journal.map((e) => e.stateVersion),
        Array.from({ length: 50 }, (_v, i) => i),
      );
    });

    void it("concurrent change batches on the draft are all applied, in some order, with distinct revisions", async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_v, i) =>
          http(pick(i).base, "POST", "/v1/configuration/changes", {
            key: pick(i).key,
            body: {
              changes: [
                {
                  entity: "dimension",
                  operation: "create",
                  dimension: { id: `race_${i}`, name: `Race ${i}`, order_position: 10 + i, completion_role: "optional" },
                },
              ],
            },
            idem: newIdempotencyKey(),
          }),
        ),
      );
      for (const r of results)
        assert.equal(
          r.status,
          200,
          `${r.text} ${[...a.logLines, ...(b?.logLines ?? [])].filter((l) => l.includes("unexpected")).join("\n")}`,
        );
      const revisions = results.map((r) => r.json.draft_revision as number).sort((x, y) => x - y);
      assert.equal(new Set(revisions).size, 8);
      const draft = await http(bases[0]!, "GET", "/v1/configuration?state=draft", { key: keys[0]! });
      const ids = (draft.json.dimensions as Array<{ id: string }>).map((d) => d.id);
      for (let i = 0; i < 8; i += 1) assert.ok(ids.includes(`race_${i}`));
      assert.equal(draft.json.draft_revision, revisions[7]);
    });
  });
}
