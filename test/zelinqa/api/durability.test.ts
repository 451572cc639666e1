// Durability (docs/zelinqa-api.md §2.3): a `zelinqa serve` process is killed with SIGKILL during a burst of /next calls; after a
// restart on the same database every acknowledged turn is there (its replay is identical), the journal is
// contiguous and the session is still usable. On SQLite and on PostgreSQL.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { corpusDocument } from "../../support/zelinqa-config-file.js";
import { BACKENDS, createTestDatabase, skipReason } from "../../support/zelinqa-databases.js";
import type { TestDatabase } from "../../support/zelinqa-databases.js";
import { startServe } from "../../support/zelinqa-processes.js";
import type { ServeProcess } from "../../support/zelinqa-processes.js";

interface Acknowledged {
  idem: string;
  body: unknown;
  text: string;
  stateVersion: number;
}

async function post(base: string, path: string, key: string, body: unknown, idem: string) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": idem },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function get(base: string, path: string, key: string) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const versionOf = (json: Record<string, unknown>) => (json.versions as { state_version: number }).state_version;

for (const backend of BACKENDS) {
  void describe(`zelinqa durability on ${backend}`, { skip: skipReason(backend) }, () => {
    let dir: string;
    let database: TestDatabase;
    let flags: string[];
    let key = "";
    let server: ServeProcess | undefined;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), "zelinqa-durability-"));
      database = await createTestDatabase(backend);
      flags = database.databaseUrl ? ["--database-url", database.databaseUrl] : ["--sqlite-path", database.sqlitePath ?? ""];
      const file = join(dir, "corpus.json");
      writeFileSync(file, JSON.stringify(corpusDocument()));
      let stdout = "";
      const io = { env: {}, stdout: (s: string) => (stdout += s), stderr: () => undefined };
      assert.equal(await runCli(["config", "import", file, "--publish", ...flags], io), 0);
      stdout = "";
      assert.equal(await runCli(["keys", "create", "--scopes", "runtime", ...flags], io), 0);
      key = (JSON.parse(stdout) as { api_key: string }).api_key;
    });
    after(async () => {
      await server?.kill9().catch(() => undefined);
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    void it("keeps every acknowledged turn across a kill -9 during a burst of /next", async () => {
      server = await startServe(flags);
      const base = server.baseUrl;
      const created = await post(base, "/v1/sessions", key, { max_turns: 100 }, `create-${Date.now()}`);
      assert.equal(created.status, 201, created.text);
      const sessionId = (JSON.parse(created.text) as { session_id: string }).session_id;
      const acknowledged: Acknowledged[] = [];
      let stopped = false;
      let attempt = 0;
      const client = async (c: number) => {
        while (!stopped) {
          try {
            const state = await get(base, `/v1/sessions/${sessionId}`, key);
            const version = versionOf(state.json);
            const body = version === 0 ? { state_version: 0 } : { state_version: version, previous_turn: { user_text: "je ne sais pas" } };
            attempt += 1;
            const idem = `burst-${c}-${attempt}-${Date.now()}`;
            const r = await post(base, `/v1/sessions/${sessionId}/next`, key, body, idem);
            if (r.status === 200) acknowledged.push({ idem, body, text: r.text, stateVersion: version + 1 });
          } catch {
            return;
          }
        }
      };
      const clients = Array.from({ length: 4 }, (_v, c) => client(c));
      const deadline = Date.now() + 60_000;
      while (acknowledged.length < 20 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(acknowledged.length >= 20, `only ${acknowledged.length} turns acknowledged before the kill`);
      await server.kill9();
      stopped = true;
      await Promise.all(clients);
      server = await startServe(flags);
      const restarted = server.baseUrl;
      const state = await get(restarted, `/v1/sessions/${sessionId}`, key);
      assert.equal(state.status, 200);
      const stored = versionOf(state.json);
      const maxAcknowledged = Math.max(...acknowledged.map((a) => a.stateVersion));
      assert.ok(stored >= maxAcknowledged, `stored ${stored} < acknowledged ${maxAcknowledged}`);
      assert.equal(state.json.turn_count, stored - 1);
      for (const ack of acknowledged) {
        const replay = await post(restarted, `/v1/sessions/${sessionId}/next`, key, ack.body, ack.idem);
        assert.equal(replay.status, 200);
        assert.equal(replay.text, ack.text);
      }
      const next = await post(
        restarted,
        `/v1/sessions/${sessionId}/next`,
        key,
        { state_version: stored, previous_turn: { user_text: "je ne sais pas" } },
        `after-${Date.now()}`,
      );
      assert.equal(next.status, 200, next.text);
      assert.equal(versionOf(JSON.parse(next.text) as Record<string, unknown>), stored + 1);
      const store = database.open();
      try {
        const journal = await store.listSessionEvents(sessionId);
        assert.deepEqual(
          journal.map((e) => e.stateVersion),
          Array.from({ length: stored + 2 }, (_v, i) => i),
        );
      } finally {
        await store.close();
      }
      assert.equal(await server.stop(), 0);
      server = undefined;
    });

    void it(
      "R29 with two zelinqa serve processes: the same /next on both gives exactly one turn",
      { skip: backend === "sqlite" ? "one process per SQLite file (docs/zelinqa-api.md §2.3)" : undefined },
      async () => {
        const first = await startServe(flags);
        const second = await startServe(flags).catch(async (error: unknown) => {
          await first.kill9();
          throw error;
        });
        try {
          const created = await post(first.baseUrl, "/v1/sessions", key, {}, `r29-create-${Date.now()}`);
          const sessionId = (JSON.parse(created.text) as { session_id: string }).session_id;
          const idem = `r29-next-${Date.now()}`;
          const send = (base: string) => post(base, `/v1/sessions/${sessionId}/next`, key, { state_version: 0 }, idem);
          let results = await Promise.all([first, second, first, second].map((s) => send(s.baseUrl)));
          for (const r of results) assert.ok(r.status === 200 || r.status === 503, r.text);
          results = await Promise.all(results.map(async (r, i) => (r.status === 503 ? send([first, second][i % 2]!.baseUrl) : r)));
          const ok = results.filter((r) => r.status === 200);
          assert.ok(ok.length >= 2);
          assert.equal(new Set(ok.map((r) => r.text)).size, 1);
          const state = await get(second.baseUrl, `/v1/sessions/${sessionId}`, key);
          assert.equal(versionOf(state.json), 1);
        } finally {
          assert.equal(await first.stop(), 0);
          assert.equal(await second.stop(), 0);
        }
      },
    );
  });
}
