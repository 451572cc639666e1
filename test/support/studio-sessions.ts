// Test helpers of the studio's conversation and analytics tests: publish the furniture sample on a test app,
// drive sessions over HTTP, and run raw SQL on the test database (to make a session look older than the studio).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { ConfigurationChangesRequestSchema } from "../../src/zelinqa/contracts/index.js";
import { endedCompilation, newIdempotencyKey } from "./zelinqa-app.js";
import type { TestApp } from "./zelinqa-app.js";
import type { TestDatabase } from "./zelinqa-databases.js";

type Json = Record<string, unknown>;
interface Candidate {
  question_id: string;
  choices: Array<{ choice_id: string }>;
}

export function furnitureChanges() {
  const file = new URL("../../examples/zelinqa/furniture.json", import.meta.url);
  return ConfigurationChangesRequestSchema.parse(JSON.parse(readFileSync(file, "utf8")) as unknown).changes;
}

export async function publishFurniture(t: TestApp): Promise<void> {
  const applied = await t.request("POST", "/v1/configuration/changes", {
    key: "manage",
    idempotencyKey: newIdempotencyKey(),
    body: { changes: furnitureChanges() },
  });
  assert.equal(applied.status, 200, applied.text);
  const job = await t.request("POST", "/v1/configuration/publish", { key: "publish", idempotencyKey: newIdempotencyKey(), body: {} });
  assert.equal(job.status, 202, job.text);
  const r = await endedCompilation(t, job.json.compilation_id as string);
  assert.equal(r.json.status, "succeeded", r.text);
}

/** A session driven over HTTP: `ask()` opens a decision, `answer()` answers its top candidate. */
export class DrivenSession {
  version = 0;
  pending: Candidate | null = null;
  last: Json = {};
  constructor(
    private readonly t: TestApp,
    readonly id: string,
    private readonly key: string,
  ) {}

  static async create(t: TestApp, body: Json = {}, key = "runtime"): Promise<DrivenSession> {
    const created = await t.request("POST", "/v1/sessions", { key, body, idempotencyKey: newIdempotencyKey() });
    assert.equal(created.status, 201, created.text);
    return new DrivenSession(t, created.json.session_id as string, key);
  }

  private async next(body: Json): Promise<Json> {
    const r = await this.t.request("POST", `/v1/sessions/${this.id}/next`, {
      key: this.key,
      body: { state_version: this.version, ...body },
      idempotencyKey: newIdempotencyKey(),
    });
    assert.equal(r.status, 200, r.text);
    this.version += 1;
    this.last = r.json;
    const candidates = r.json.candidates as Candidate[];
    this.pending = candidates[0] ?? null;
    return r.json;
  }

  ask(): Promise<Json> {
    return this.next({});
  }

  /** Answers the pending question: its first choice, or `text` for an open question; or refuses it. */
  answer(how: "first-choice" | "refuse", text = "2"): Promise<Json> {
    const q = this.pending;
    assert.ok(q, "no pending question");
    const previous: Json = { question_id: q.question_id };
    if (how === "refuse") previous.outcome = "refused";
    else if (q.choices.length > 0) previous.structured_answer = { choice_ids: [q.choices[0]!.choice_id] };
    else previous.user_text = text;
    return this.next({ previous_turn: previous });
  }
}

/** Runs statements on the test database directly (both backends). */
export async function rawSql(database: TestDatabase, statements: string[]): Promise<void> {
  if (database.backend === "sqlite") {
    const db = new Database(database.sqlitePath);
    try {
      for (const s of statements) db.prepare(s).run();
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}
