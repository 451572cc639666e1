// [ext] Try-it sessions on the draft (issue 15) on the real app over HTTP, on SQLite and PostgreSQL: a session on
// the unpublished draft pinned to `draft:<revision>`, its scopes, a draft with blocking issues, the v1 behaviour
// unchanged without the field, draft sessions left out of analytics unless asked for, and the draft's issues.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";
import { DrivenSession, furnitureChanges } from "../../support/studio-sessions.js";

for (const backend of BACKENDS) {
  void describe(`[ext] try-it sessions on the draft on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    let revision: number;
    let warnings: unknown;
    const create = (body: unknown, key = "all") => t.request("POST", "/v1/sessions", { key, body, idempotencyKey: newIdempotencyKey() });

    before(async () => {
      t = await startTestApp({ backend, options: { worker: false } });
      const applied = await t.request("POST", "/v1/configuration/changes", {
        key: "manage",
        idempotencyKey: newIdempotencyKey(),
        body: { changes: furnitureChanges() },
      });
      assert.equal(applied.status, 200, applied.text);
      warnings = applied.json.warnings;
      const draft = await t.request("GET", "/v1/configuration?state=draft", { key: "manage" });
      revision = draft.json.draft_revision as number;
    });
    after(async () => t.close());

    void it("lists the draft's publication-blocking issues as the last change's warnings", async () => {
      const r = await t.request("GET", "/v1/configuration/issues", { key: "manage" });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.json, { request_id: r.json.request_id, draft_revision: revision, issues: warnings });
      const readOnly = await t.request("GET", "/v1/configuration/issues", { key: "read" });
      assert.equal(readOnly.status, 403, readOnly.text);
      assert.deepEqual((readOnly.json.details as { required_scopes: string[] }).required_scopes, [
        "configuration:read",
        "configuration:write",
      ]);
      const bad = await t.request("GET", "/v1/configuration/issues?state=draft", { key: "manage" });
      assert.equal(bad.status, 400, bad.text);
      const domain = await t.request("POST", "/v1/domains", { key: "admin", body: { name: "Neuf" } });
      const key = await t.request("POST", `/v1/domains/${domain.json.domain_id as string}/session-keys`, { key: "admin", body: {} });
      const empty = await t.request("GET", "/v1/configuration/issues", { key: key.json.api_key as string });
      assert.equal(empty.json.draft_revision, 0);
      assert.ok((empty.json.issues as unknown[]).length > 0, empty.text);
    });

    void it("keeps v1 unchanged without the field: no published configuration is a 404", async () => {
      const r = await create({});
      assert.equal(r.status, 404, r.text);
      assert.equal(r.json.code, "unknown_configuration");
    });

    void it("runs a session on the unpublished draft, pinned to draft:<revision>", async () => {
      const session = await DrivenSession.create(t, { configuration: "draft", max_turns: 3 }, "all");
      const asked = await session.ask();
      assert.equal(asked.action, "ask");
      await session.answer("first-choice");
      const list = await t.request("GET", "/v1/sessions", { key: "read" });
      const summary = (list.json.sessions as Array<{ session_id: string; configuration_version: string }>)[0]!;
      assert.deepEqual([summary.session_id, summary.configuration_version], [session.id, `draft:${revision}`]);
      const transcript = await t.request("GET", `/v1/sessions/${session.id}/transcript`, { key: "read" });
      assert.equal(transcript.status, 200, transcript.text);
      assert.equal(transcript.json.configuration_version, `draft:${revision}`);
      const again = await DrivenSession.create(t, { configuration: "draft" }, "all");
      assert.notEqual(again.id, session.id);
      const published = await t.request("GET", "/v1/configuration", { key: "read" });
      assert.equal(published.status, 404, "trying the draft publishes nothing");
    });

    void it("leaves draft sessions out of analytics unless their version is asked for", async () => {
      const all = await t.request("GET", "/v1/analytics/objective-rate", { key: "read" });
      assert.deepEqual(all.json.rows, []);
      const draft = await t.request("GET", `/v1/analytics/objective-rate?configuration_version=draft:${revision}`, { key: "read" });
      assert.deepEqual(draft.json.rows, [{ configuration_version: `draft:${revision}`, sessions: 2, reached: 0, rate: 0 }]);
      const dropoff = await t.request("GET", `/v1/analytics/question-dropoff?configuration_version=draft:${revision}`, { key: "read" });
      const first = (dropoff.json.rows as Array<{ label: string }>)[0];
      assert.equal(first?.label, "Quel meuble cherchez-vous ?", "labels come from the draft's version");
    });

    void it("needs what a draft read needs: runtime, configuration:read and configuration:write", async () => {
      for (const key of ["runtime", "manage"]) {
        const r = await create({ configuration: "draft" }, key);
        assert.equal(r.status, 403, r.text);
        if (key === "runtime") {
          assert.equal(r.json.code, "insufficient_scope");
          assert.deepEqual((r.json.details as { required_scopes: string[] }).required_scopes, [
            "configuration:read",
            "configuration:write",
            "runtime",
          ]);
        }
      }
    });

    void it("refuses an unknown configuration value and a draft with blocking issues", async () => {
      const bad = await create({ configuration: "latest" });
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.json.code, "invalid_request");
      const domain = await t.request("POST", "/v1/domains", { key: "admin", body: { name: "Vide" } });
      const key = await t.request("POST", `/v1/domains/${domain.json.domain_id as string}/session-keys`, { key: "admin", body: {} });
      const changed = await t.request("POST", "/v1/configuration/changes", {
        key: key.json.api_key as string,
        idempotencyKey: newIdempotencyKey(),
        body: { changes: [{ entity: "objective", operation: "update", objective: { name: "Rien" } }] },
      });
      assert.equal(changed.status, 200, changed.text);
      const blocked = await create({ configuration: "draft" }, key.json.api_key as string);
      assert.equal(blocked.status, 422, blocked.text);
      assert.equal(blocked.json.code, "configuration_validation_failed");
      assert.ok(((blocked.json.details as { issues: unknown[] }).issues ?? []).length > 0);
      const none = await t.request("POST", "/v1/domains", { key: "admin", body: { name: "Sans brouillon" } });
      const noneKey = await t.request("POST", `/v1/domains/${none.json.domain_id as string}/session-keys`, { key: "admin", body: {} });
      const missing = await create({ configuration: "draft" }, noneKey.json.api_key as string);
      assert.equal(missing.status, 404, missing.text);
      assert.equal(missing.json.code, "unknown_configuration");
    });
  });
}
