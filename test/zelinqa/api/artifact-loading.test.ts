// Loading a stored artefact does not hold the server (operations/artifact-text.ts): while the first sessions after a
// publication load a large configuration's artefact, /v1/health and the sessions of an already loaded configuration are
// answered, and those first sessions share one load. An artefact whose stored text is damaged or altered is refused
// with 410 compiled_artifact_unavailable, never served; one stored before seals existed is checked against the schema.
// Reading a large artefact's row does not hold the server either (SQLite reads it on a side connection), nor does writing
// it (in parts).
import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";
import { largeDraft } from "../../support/zelinqa-large-configuration.js";
import { answeredDuring, serveListening } from "../../support/zelinqa-listening.js";
import type { Json, Served } from "../../support/zelinqa-listening.js";
import type { TestApp } from "../../support/zelinqa-app.js";

/** About 2 s of loading on the request thread before (a largest configuration took 6 to 21 s). */
const LARGE = { questions: 1_000, choices: 30 };

async function publish(s: Served): Promise<void> {
  const r = await s.call("POST", "/v1/configuration/publish", "publish", {});
  assert.equal(r.status, 202, JSON.stringify(r.json));
  for (;;) {
    const job = await s.call("GET", `/v1/configuration/compilations/${r.json.compilation_id as string}`, "read");
    if (job.json.status === "succeeded") return;
    assert.notEqual(job.json.status, "failed", JSON.stringify(job.json));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Publishes the reference corpus as the domain's version cfg_00001. */
async function publishReference(s: Served): Promise<void> {
  const changes = await s.call("POST", "/v1/configuration/changes", "write", { changes: referenceCorpusChanges() });
  assert.equal(changes.status, 200, JSON.stringify(changes.json));
  await publish(s);
}

/** The stored artefact row of a version, read and rewritten in the server's own SQLite file. */
function storedRow(t: TestApp, versionId: string) {
  const db = new Database(t.database.sqlitePath);
  const where = "WHERE domain_id = ? AND id = ?";
  const row = db.prepare(`SELECT artifact, artifact_sha256 FROM configuration_versions ${where}`).get(t.domainId, versionId) as {
    artifact: string;
    artifact_sha256: string | null;
  };
  return {
    row,
    write(artifact: string, sealed: boolean) {
      const seal = sealed ? "" : ", artifact_sha256 = NULL, artifact_schema = NULL";
      db.prepare(`UPDATE configuration_versions SET artifact = ?${seal} ${where}`).run(artifact, t.domainId, versionId);
    },

    close: () => db.close(),
  };
}

void describe("zelinqa artefact loading", () => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.t.close();
    served = undefined;
  });

  void it("answers health and another version's sessions while first sessions share one load of a large artefact", async (ctx) => {
    served = await serveListening();
    const s = served;
    await publishReference(s);
    // Sessions pinned to cfg_00001 (their artefact loaded), which keep their version after the next publication.
    const pinned: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await s.call("POST", "/v1/sessions", "runtime", {});
      assert.equal(created.status, 201, JSON.stringify(created.json));
      pinned.push(created.json.session_id as string);
    }
    const stateVersions = pinned.map(() => 0);
    const draft = await s.t.store.getDraft(s.t.domainId);
    const large = { ...largeDraft(LARGE), draft_revision: (draft?.revision ?? 0) + 1 };
    const now = new Date().toISOString();
    const saved = await s.t.store.saveDraft({
      domainId: s.t.domainId,
      expectedRevision: draft?.revision ?? 0,
      revision: large.draft_revision,
      content: large,
      now,
    });
    assert.ok(saved);
    await publish(s);
    // Its artefact (13 MB) was written in parts, each a short statement, not as one row.
    const db = new Database(s.t.database.sqlitePath, { readonly: true });
    try {
      const version = db.prepare(`SELECT artifact, artifact_parts FROM configuration_versions WHERE id = 'cfg_00002'`).get() as Json;
      const parts = db.prepare(`SELECT count(*) AS n, max(length(text)) AS longest FROM artifact_parts`).get() as Json;
      assert.equal(version.artifact, "");
      assert.ok(Number(version.artifact_parts) >= 3, JSON.stringify(version.artifact_parts));
      assert.equal(parts.n, version.artifact_parts);
      assert.ok(Number(parts.longest) <= 2 << 20);
    } finally {
      db.close();
    }
    let turn = 0;
    const nextOfPinned = async () => {
      const i = turn++ % pinned.length;
      const body =
        stateVersions[i] === 0 ? { state_version: 0 } : { state_version: stateVersions[i], previous_turn: { user_text: "je ne sais pas" } };
      const r = await s.call("POST", `/v1/sessions/${pinned[i]}/next`, "runtime", body);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      stateVersions[i] = (r.json.versions as { state_version: number }).state_version;
    };
    const health = async () => {
      const r = await fetch(`${s.base}/v1/health`);
      await r.text();
      assert.equal(r.status, 200);
    };
    let sessions: { status: number; json: Json }[] = [];
    let next = { answers: 0, longestMs: 0, workMs: 0 };
    const load = await answeredDuring(health, async () => {
      next = await answeredDuring(nextOfPinned, async () => {
        sessions = await Promise.all([0, 1, 2, 3].map(() => s.call("POST", "/v1/sessions", "runtime", {})));
      });
    });
    ctx.diagnostic(
      `first sessions: ${load.workMs.toFixed(0)} ms; health ${load.answers} answers (longest wait ${load.longestMs.toFixed(0)} ms); ` +
        `/next of cfg_00001 ${next.answers} answers (longest wait ${next.longestMs.toFixed(0)} ms)`,
    );
    for (const r of sessions) assert.equal(r.status, 201, JSON.stringify(r.json));
    // On the request thread, the load held every request for its whole duration.
    assert.ok(load.longestMs < load.workMs / 4, `a health answer waited ${load.longestMs.toFixed(0)} ms of ${load.workMs.toFixed(0)} ms`);
    assert.ok(load.answers >= 10, `${load.answers} health answers in ${load.workMs.toFixed(0)} ms`);
    assert.ok(next.longestMs < next.workMs / 4, `a /next waited ${next.longestMs.toFixed(0)} ms of ${next.workMs.toFixed(0)} ms`);
    assert.ok(next.answers >= 5, `${next.answers} /next answers in ${next.workMs.toFixed(0)} ms`);
    // One load for the four sessions.
    const loads = s.t.logLines.filter((line) => line.includes('"artefact loaded"') && line.includes('"cfg_00002"'));
    assert.equal(loads.length, 1, loads.join("\n"));
  });

  void it("answers health while the row of a 100 MB artefact is read", async (ctx) => {
    served = await serveListening();
    const s = served;
    await publishReference(s);
    // The reference artefact with a member the load ignores, of strings parsed one step each: a row twice as large as a
    // largest configuration's, without the seconds of compiling and building one. Unsealed, it is loaded without a
    // digest, so that reading the row is most of the work.
    const stored = storedRow(s.t, "cfg_00001");
    try {
      const padding = JSON.stringify(Array.from({ length: 6_000 }, (_, i) => `${i} ${"x".repeat(16_000)}`));
      stored.write(`${stored.row.artifact.slice(0, -1)},"padding":${padding}}`, false);
    } finally {
      stored.close();
    }
    const health = async () => {
      const r = await fetch(`${s.base}/v1/health`);
      await r.text();
      assert.equal(r.status, 200);
    };
    let created = { status: 0, json: {} as Json };
    const load = await answeredDuring(health, async () => {
      created = await s.call("POST", "/v1/sessions", "runtime", {});
    });
    ctx.diagnostic(
      `first session: ${load.workMs.toFixed(0)} ms; health ${load.answers} answers (longest wait ${load.longestMs.toFixed(0)} ms)`,
    );
    assert.equal(created.status, 201, JSON.stringify(created.json));
    // Read on the request thread, the row held it for most of the session's creation in one piece.
    assert.ok(load.longestMs < load.workMs / 2, `a health answer waited ${load.longestMs.toFixed(0)} ms of ${load.workMs.toFixed(0)} ms`);
  });

  void it("refuses an artefact whose stored text was damaged or altered with 410, and serves it again once restored", async () => {
    served = await serveListening();
    const s = served;
    await publishReference(s);
    const stored = storedRow(s.t, "cfg_00001");
    try {
      const original = stored.row.artifact;
      assert.match(stored.row.artifact_sha256 ?? "", /^[0-9a-f]{64}$/);
      const createSession = () => s.call("POST", "/v1/sessions", "runtime", {});
      const refused = async (why: string) => {
        const r = await createSession();
        assert.equal(r.status, 410, `${why}: ${JSON.stringify(r.json)}`);
        assert.equal(r.json.code, "compiled_artifact_unavailable", why);
      };
      // Still valid JSON that fits the schema, but not what the compiler wrote.
      const altered = original.replace(/"text":"/, '"text":"Altered ');
      assert.notEqual(altered, original);
      stored.write(altered, true);
      await refused("altered text");
      assert.ok(s.t.logLines.some((line) => line.includes("stored artefact refused") && line.includes("does not match")));
      stored.write(original.slice(0, original.length / 2), true);
      await refused("truncated text");
      // A version stored before seals: checked against the schema, refused when it does not fit, loaded when it does.
      stored.write(JSON.stringify({ format: "zelinqa.artifact.v1", engine_version: "1.0.0" }), false);
      await refused("unsealed, not an artefact");
      stored.write(original.slice(0, original.length / 2), false);
      await refused("unsealed, not JSON");
      stored.write(original, false);
      const created = await createSession();
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const next = await s.call("POST", `/v1/sessions/${created.json.session_id as string}/next`, "runtime", { state_version: 0 });
      assert.equal(next.status, 200, JSON.stringify(next.json));
      assert.equal((await fetch(`${s.base}/v1/health`)).status, 200);
    } finally {
      stored.close();
    }
  });
});
