// Several API processes on one PostgreSQL (issue 14): two real `zelinqa serve` processes share the per-key rate
// limit (a sliding window counted in the database), see a key revoked through the database within 1 s, let
// exactly one of concurrent /next calls on one session win each state_version, and pin a new session to the version
// another process has just published although they remember the one before.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import pg from "pg";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { corpusDocument } from "../../support/zelinqa-config-file.js";
import { createTestDatabase, postgresSkipReason } from "../../support/zelinqa-databases.js";
import type { TestDatabase } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey } from "../../support/zelinqa-app.js";
import { startServe } from "../../support/zelinqa-processes.js";
import type { ServeProcess } from "../../support/zelinqa-processes.js";

const LIMIT = 100;

async function call(base: string, path: string, key: string, options: { body?: unknown; idem?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.idem) headers["idempotency-key"] = options.idem;
  const response = await fetch(`${base}${path}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    retryAfter: response.headers.get("retry-after"),
    json: JSON.parse(text) as Record<string, unknown>,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

void describe("zelinqa: two API processes on one PostgreSQL", { skip: postgresSkipReason() }, () => {
  let dir: string;
  let database: TestDatabase;
  let flags: string[];
  const servers: ServeProcess[] = [];

  async function cli(args: string[]): Promise<string> {
    let stdout = "";
    let stderr = "";
    const io = { env: {}, stdout: (s: string) => (stdout += s), stderr: (s: string) => (stderr += s) };
    assert.equal(await runCli([...args, ...flags], io), 0, `${args.join(" ")}: ${stderr}`);
    return stdout;
  }
  const newKey = async () => JSON.parse(await cli(["keys", "create", "--scopes", "runtime"])) as { api_key: string; key_id: string };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-multi-"));
    database = await createTestDatabase("postgres");
    flags = ["--database-url", database.databaseUrl ?? ""];
    const file = join(dir, "corpus.json");
    writeFileSync(file, JSON.stringify(corpusDocument()));
    await cli(["config", "import", file, "--publish"]);
    const env = { ZELINQA_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    servers.push(...(await Promise.all([startServe(flags, env), startServe(flags, env)])));
  });
  after(async () => {
    for (const server of servers) await server.stop().catch(() => undefined);
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  void it("shares the per-key rate limit: requests spread over both processes hit it together", async () => {
    const { api_key: key } = await newKey();
    // Start inside a minute with room left, so the previous minute holds none of this key's requests.
    if (Date.now() % 60_000 > 45_000) await sleep(60_000 - (Date.now() % 60_000) + 100);
    const statuses = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_v, i) => call(servers[i % 2]!.baseUrl, "/v1/sessions/ses_none", key)),
    );
    assert.equal(statuses.filter((r) => r.status === 404).length, LIMIT);
    const limited = statuses.filter((r) => r.status === 429);
    assert.equal(limited.length, LIMIT);
    assert.ok(limited.every((r) => Number(r.retryAfter) >= 1 && r.text === '{"message":"Too Many Requests"}'));
    // Both processes refuse the key now, whichever served the allowed requests.
    for (const server of servers) assert.equal((await call(server.baseUrl, "/v1/sessions/ses_none", key)).status, 429);
  });

  void it("a key revoked through the database is refused by every process within 1 s", async () => {
    const { api_key: key, key_id: keyId } = await newKey();
    for (const server of servers) assert.equal((await call(server.baseUrl, "/v1/sessions/ses_none", key)).status, 404);
    await cli(["keys", "revoke", keyId]);
    const revokedAt = performance.now();
    // Every request that starts 1 s after the revocation is refused, however long requests take on a loaded machine.
    await sleep(Math.max(0, 1000 - (performance.now() - revokedAt)));
    const statuses = await Promise.all(servers.map(async (server) => (await call(server.baseUrl, "/v1/sessions/ses_none", key)).status));
    assert.deepEqual(statuses, [403, 403]);
  });

  void it("pins a new session to the version another process has just published, not to the one this process remembers", async () => {
    const { api_key: key } = await newKey();
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const create = async () => {
        const created = await call(servers[0]!.baseUrl, "/v1/sessions", key, { body: {}, idem: newIdempotencyKey() });
        assert.equal(created.status, 201, created.text);
        const pinned = await client.query<{ pinned: string; published: string }>(
          `SELECT s.config_version_id AS pinned, d.published_version_id AS published FROM sessions s JOIN domains d ON d.id = s.domain_id
           WHERE s.id = $1`,
          [created.json.session_id],
        );
        return pinned.rows[0]!;
      };
      // The first creation reads the domain's published version; the second pins the version remembered from it.
      const first = await create();
      assert.equal(first.pinned, first.published);
      assert.deepEqual(await create(), first);
      // Another process (the CLI) publishes a changed configuration.
      const doc = corpusDocument();
      (doc.objective as Record<string, unknown>).name = "Recette, seconde version";
      const file = join(dir, "corpus-v2.json");
      writeFileSync(file, JSON.stringify(doc));
      await cli(["config", "import", file, "--publish"]);
      const after = await create();
      assert.notEqual(after.published, first.published, "the CLI published a new version");
      assert.equal(after.pinned, after.published);
      // The process now remembers the new version: the next session pins it too.
      assert.deepEqual(await create(), after);
    } finally {
      await client.end();
    }
  });

  void it("concurrent /next on one session from both processes: exactly one wins each state_version", async () => {
    const { api_key: key } = await newKey();
    const created = await call(servers[0]!.baseUrl, "/v1/sessions", key, { body: { max_turns: 100 }, idem: newIdempotencyKey() });
    assert.equal(created.status, 201, created.text);
    const sessionId = created.json.session_id as string;
    for (const version of [0, 1]) {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_v, i) =>
          call(servers[i % 2]!.baseUrl, `/v1/sessions/${sessionId}/next`, key, {
            body: version === 0 ? { state_version: 0 } : { state_version: version, previous_turn: { user_text: "je ne sais pas" } },
            idem: newIdempotencyKey(),
          }),
        ),
      );
      assert.equal(results.filter((r) => r.status === 200).length, 1, results.map((r) => r.status).join());
      for (const r of results.filter((x) => x.status !== 200)) {
        assert.equal(r.status, 409, r.text);
        assert.deepEqual(r.json.details, { supplied_state_version: version, current_state_version: version + 1 });
      }
    }
    // The same request with one Idempotency-Key on both processes: one turn, one stored answer replayed.
    const idem = newIdempotencyKey();
    const body = { state_version: 2, previous_turn: { user_text: "je ne sais pas" } };
    const attempt = (i: number) => call(servers[i % 2]!.baseUrl, `/v1/sessions/${sessionId}/next`, key, { body, idem });
    const first = await Promise.all(Array.from({ length: 8 }, (_v, i) => attempt(i)));
    const settled = await Promise.all(
      first.map(async (r, i) => {
        let current = r;
        while (current.status === 503) current = await attempt(i);
        return current;
      }),
    );
    assert.equal(new Set(settled.map((r) => r.text)).size, 1, settled.map((r) => `${r.status} ${r.text.slice(0, 200)}`).join("\n"));
    assert.equal(settled[0]!.status, 200, settled[0]!.text);
    const state = await call(servers[1]!.baseUrl, `/v1/sessions/${sessionId}`, key);
    assert.equal((state.json.versions as { state_version: number }).state_version, 3);
  });
});
