// docs/zelinqa-api.md §14 interoperability: the project's TypeScript SDK, unchanged except for its base URL, drives a real
// listening server (SQLite and PostgreSQL): configuration, publication, a session, and the error classes.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Session } from "../../../src/zelinqa/sdk/index.js";
import {
  ZelinqaAuthenticationError,
  ZelinqaClient,
  ZelinqaConfigurationClient,
  ZelinqaIdempotencyKeyReusedError,
  ZelinqaInsufficientScopeError,
  ZelinqaStateVersionConflictError,
  ZelinqaUnknownSessionError,
} from "../../../src/zelinqa/sdk/index.js";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import type { TestApp } from "../../support/zelinqa-app.js";
import { REFERENCE_QUESTION_IDS, REQUIREMENT_19_USER_TEXT, referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";

for (const backend of BACKENDS) {
  void describe(`zelinqa SDK against a listening server on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    let baseUrl = "";
    const configuration = (key: string) => new ZelinqaConfigurationClient({ apiKey: key, baseUrl, maxRetries: 0 });
    const runtime = (key: string) => new ZelinqaClient({ apiKey: key, baseUrl, maxRetries: 2 });

    before(async () => {
      t = await startTestApp({ backend, options: { workerPollMs: 50 } });
      baseUrl = await t.app.fastify.listen({ host: "127.0.0.1", port: 0 });
    });
    after(async () => {
      await t?.close();
    });

    void it("installs, publishes and reads the configuration through the SDK", async () => {
      const manage = configuration(t.keys.manage);
      const applied = await manage.applyChanges({ changes: referenceCorpusChanges() });
      assert.equal(applied.applied, referenceCorpusChanges().length);
      const job = await configuration(t.keys.publish).publish({ expected_draft_revision: applied.draft_revision });
      const done = await configuration(t.keys.read).waitForCompilation(job.compilation_id, { pollIntervalMs: 50, timeoutMs: 20_000 });
      assert.equal(done.status, "succeeded");
      const published = await configuration(t.keys.read).getConfiguration();
      assert.equal(published.configuration_version, done.configuration_version);
      const ids: string[] = [];
      for await (const q of configuration(t.keys.read).iterateQuestions({ limit: 2 })) ids.push(q.id);
      assert.deepEqual(ids, [...REFERENCE_QUESTION_IDS]);
      const csv = await configuration(t.keys.read).exportQuestionsCsv();
      assert.ok(csv.startsWith("id,text,type,selection_mode,choices,source,dimension_id,active\n"));
      const audit = await configuration(t.keys.publish).listAudit({ limit: 5 });
      assert.equal(audit.events.length, 5);
      await assert.rejects(configuration(t.keys.read).getConfiguration({ state: "draft" }), ZelinqaInsufficientScopeError);
      await assert.rejects(configuration(t.keys.write).getConfiguration(), ZelinqaAuthenticationError);
    });

    void it("runs a session with Session.next and Session.answer, and maps errors to the SDK classes", async () => {
      const client = runtime(t.keys.runtime);
      const session: Session = await client.startSession({ client_reference: "sdk", max_turns: 8 });
      const first = await session.next();
      assert.equal(first.action, "ask");
      assert.deepEqual(
        first.candidates.map((c) => c.question_id),
        ["sdk_q_animaux", "sdk_q_style"],
      );
      const second = await session.answer({ assistantText: first.candidates[0]?.text ?? "", userText: REQUIREMENT_19_USER_TEXT });
      assert.equal(second.turn_count, 1);
      const third = await session.answer({ candidateRank: 1, choiceLabels: ["Contemporain"] });
      assert.equal(third.turn_count, 2);
      const state = await session.refresh();
      assert.equal(state.versions.state_version, 3);
      const feedback = await session.submitFeedback({ result: "success", label: "achat" });
      assert.match(feedback.feedback_id, /^fbk_/);
      await assert.rejects(client.next(session.id, { state_version: 0 }), ZelinqaStateVersionConflictError);
      await assert.rejects(
        client
          .next(session.id, { state_version: 3 }, { idempotencyKey: "sdk-reused-key" })
          .then(() => client.next(session.id, { state_version: 4 }, { idempotencyKey: "sdk-reused-key" })),
        ZelinqaIdempotencyKeyReusedError,
      );
      const unknown = await client.getSession("ses/../secret").catch((error: unknown) => error);
      assert.ok(unknown instanceof ZelinqaUnknownSessionError);
      assert.equal(unknown.details.session_id, "ses/../secret");
      assert.match(unknown.requestId ?? "", /^req_/);
      await assert.rejects(runtime("nbq_live_invalid").getSession(session.id), ZelinqaAuthenticationError);
      await assert.rejects(runtime(t.keys.revoked).createSession(), ZelinqaAuthenticationError);
    });
  });
}
