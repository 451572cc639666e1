// Draft checks and compilations run in compile threads (operations/compile-pool.ts), not on the request thread: a listening
// server answers /v1/health throughout the publication of a large configuration; the artefacts are the ones the
// in-thread compiler makes; a full queue is refused with 503 compiler_busy and Retry-After; a thread that dies fails its
// task only, with today's codes (500 in a request, internal_error for a job), and the server stays up.
import { after, afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { applyChanges } from "../../../src/zelinqa/engine/index.js";
import {
  applyChangeBatch,
  commit,
  compileStoredDraft,
  createArtifactCache,
  createCompilePool,
  createCompileWorker,
  createIdGenerator,
  requestPublication,
  storedConfigurationEntities,
} from "../../../src/zelinqa/operations/index.js";
import type { DraftCompiler } from "../../../src/zelinqa/operations/index.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";
import { largeDraft, storeDraft } from "../../support/zelinqa-large-configuration.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import { answeredDuring, serveListening } from "../../support/zelinqa-listening.js";
import type { Json, Served } from "../../support/zelinqa-listening.js";

/** About a second of checking and compiling on an idle core; the largest allowed takes four times as long. */
const LARGE = { questions: 1_000, choices: 30 };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The stored form of the draft `changes` make. */
function draftOf(changes: ConfigurationChange[]): unknown {
  const result = applyChanges(null, changes, { domainName: "Recette" });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return JSON.parse(JSON.stringify(result.draft)) as unknown;
}

async function untilCompiled(s: Served, compilationId: string): Promise<Json> {
  for (;;) {
    const r = await s.call("GET", `/v1/configuration/compilations/${compilationId}`, "read");
    if (r.json.status === "succeeded" || r.json.status === "failed") return r.json;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function applyReference(s: Served): Promise<void> {
  const changes: ConfigurationChange[] = referenceCorpusChanges();
  const r = await s.call("POST", "/v1/configuration/changes", "write", { changes });
  assert.equal(r.status, 200);
}

void describe("zelinqa compile threads", () => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.t.close();
    served = undefined;
  });

  /** /v1/health asked 10 ms apart until `work` ends: the longest wait is how long the server's thread was held. */
  const healthDuring = (s: Served, work: () => Promise<void>) =>
    answeredDuring(async () => {
      const r = await fetch(`${s.base}/v1/health`);
      await r.text();
      assert.equal(r.status, 200);
    }, work);

  void it("answers /v1/health throughout the publication of a large configuration", async (ctx) => {
    served = await serveListening();
    const s = served;
    await storeDraft(s.t.store, s.t.domainId, largeDraft(LARGE));
    const { answers, longestMs, workMs } = await healthDuring(s, async () => {
      const publish = await s.call("POST", "/v1/configuration/publish", "publish", {});
      assert.equal(publish.status, 202, JSON.stringify(publish.json));
      const job = await untilCompiled(s, publish.json.compilation_id as string);
      assert.equal(job.status, "succeeded", JSON.stringify(job.error));
    });
    ctx.diagnostic(`publication: ${workMs.toFixed(0)} ms; ${answers} health answers, the longest wait ${longestMs.toFixed(0)} ms`);
    // In the request thread, the check and then the compilation each held every request for their whole duration.
    assert.ok(longestMs < workMs / 4, `a health answer waited ${longestMs.toFixed(0)} ms of ${workMs.toFixed(0)} ms`);
    assert.ok(answers >= 10, `${answers} health answers in ${workMs.toFixed(0)} ms`);
  });

  void it("answers /v1/health throughout a change batch on a large draft, whose warnings and draft it computes in a thread", async (ctx) => {
    served = await serveListening();
    const s = served;
    await storeDraft(s.t.store, s.t.domainId, largeDraft(LARGE));
    const before = await s.t.store.getDraftText(s.t.domainId);
    // Deactivating the primary question of s5 makes two warnings.
    const changes: ConfigurationChange[] = [{ entity: "question", operation: "update", question: { id: "q5", active: false } }];
    let answer: Awaited<ReturnType<Served["call"]>> | undefined;
    const { answers, longestMs, workMs } = await healthDuring(s, async () => {
      answer = await s.call("POST", "/v1/configuration/changes", "write", { changes });
    });
    ctx.diagnostic(`change batch: ${workMs.toFixed(0)} ms; ${answers} health answers, the longest wait ${longestMs.toFixed(0)} ms`);
    assert.equal(answer?.status, 200, JSON.stringify(answer?.json));
    const warnings = (answer?.json.warnings as { code: string; entity_id: string }[]).map((w) => `${w.code} ${w.entity_id}`);
    assert.deepEqual(warnings, ["inactive_primary_question q5", "success_information_without_active_question s5"]);
    // The same draft and warnings as the batch applied on this thread.
    const inThread = applyChangeBatch({ draftText: before?.text ?? null, changes, context: { domainName: "Recette" } });
    assert.ok(inThread.ok);
    assert.equal((await s.t.store.getDraftText(s.t.domainId))?.text, inThread.draftText);
    assert.equal(answer?.json.draft_revision, inThread.revision);
    assert.ok(longestMs < workMs / 4, `a health answer waited ${longestMs.toFixed(0)} ms of ${workMs.toFixed(0)} ms`);
    assert.ok(answers >= 10, `${answers} health answers in ${workMs.toFixed(0)} ms`);
  });

  void it("answers /v1/health while it reads a large draft's issues, which it checks in a thread", async (ctx) => {
    served = await serveListening();
    const s = served;
    // The same draft with q5 deactivated: its issues are the two warnings of that change.
    const changes: ConfigurationChange[] = [{ entity: "question", operation: "update", question: { id: "q5", active: false } }];
    const changed = applyChangeBatch({ draftText: JSON.stringify(largeDraft(LARGE)), changes, context: { domainName: "Recette" } });
    assert.ok(changed.ok);
    await storeDraft(s.t.store, s.t.domainId, JSON.parse(changed.draftText) as Parameters<typeof storeDraft>[2]);
    const revision = (await s.t.store.getDraftText(s.t.domainId))?.revision;
    let answer: Awaited<ReturnType<Served["call"]>> | undefined;
    const { answers, longestMs, workMs } = await healthDuring(s, async () => {
      answer = await s.call("GET", "/v1/configuration/issues", "manage");
    });
    ctx.diagnostic(`issues: ${workMs.toFixed(0)} ms; ${answers} health answers, the longest wait ${longestMs.toFixed(0)} ms`);
    assert.equal(answer?.status, 200, JSON.stringify(answer?.json));
    const issues = (answer?.json.issues as { code: string; entity_id: string }[]).map((w) => `${w.code} ${w.entity_id}`);
    assert.deepEqual(issues, ["inactive_primary_question q5", "success_information_without_active_question s5"]);
    assert.equal(answer?.json.draft_revision, revision);
    assert.ok(longestMs < workMs / 2, `a health answer waited ${longestMs.toFixed(0)} ms of ${workMs.toFixed(0)} ms`);
  });

  void it("answers /v1/health while it reads a large draft, which it reads in a thread", async (ctx) => {
    served = await serveListening();
    const s = served;
    await storeDraft(s.t.store, s.t.domainId, largeDraft(LARGE));
    const stored = await s.t.store.getDraftText(s.t.domainId);
    // A thread started and warm, as on a server that has checked drafts before.
    assert.equal((await s.call("GET", "/v1/configuration/issues", "manage")).status, 200);
    let answer: Awaited<ReturnType<Served["call"]>> | undefined;
    const { answers, longestMs, workMs } = await healthDuring(s, async () => {
      answer = await s.call("GET", "/v1/configuration?state=draft", "manage");
    });
    ctx.diagnostic(`draft read: ${workMs.toFixed(0)} ms; ${answers} health answers, the longest wait ${longestMs.toFixed(0)} ms`);
    assert.equal(answer?.status, 200, JSON.stringify(answer?.json).slice(0, 500));
    const { request_id: requestId, ...rest } = answer?.json ?? {};
    assert.match(String(requestId), /^req_/);
    // The same response as the draft read on this thread, members in the same order.
    const expected = {
      state: "draft",
      configuration_version: null,
      draft_revision: stored?.revision,
      published_at: null,
      domain: { name: "Recette" },
      ...storedConfigurationEntities(JSON.parse(stored?.text ?? "null")),
    };
    assert.equal(JSON.stringify(rest), JSON.stringify(expected));
    // On the request thread, parsing, checking and serialising the draft held every request for the whole read.
    assert.ok(longestMs < workMs / 2, `a health answer waited ${longestMs.toFixed(0)} ms of ${workMs.toFixed(0)} ms`);
  });

  void it("answers /v1/health while a large draft's publication is requested, and reads its status without its snapshot", async (ctx) => {
    served = await serveListening();
    const s = served;
    await storeDraft(s.t.store, s.t.domainId, largeDraft(LARGE));
    // A thread started and warm, as on a server that has checked drafts before.
    assert.equal((await s.call("GET", "/v1/configuration/issues", "manage")).status, 200);
    let publish: Awaited<ReturnType<Served["call"]>> | undefined;
    const { answers, longestMs, workMs } = await healthDuring(s, async () => {
      publish = await s.call("POST", "/v1/configuration/publish", "publish", {});
    });
    ctx.diagnostic(`publication request: ${workMs.toFixed(0)} ms; ${answers} health answers, the longest wait ${longestMs.toFixed(0)} ms`);
    assert.equal(publish?.status, 202, JSON.stringify(publish?.json));
    // On the request thread, the draft was parsed twice and serialised once (a third of a second each on this draft).
    assert.ok(longestMs < workMs / 4, `a health answer waited ${longestMs.toFixed(0)} ms of ${workMs.toFixed(0)} ms`);
    // A status read does not read the snapshot (it parsed it: a fifth of a second per read of this draft's job).
    const id = publish?.json.compilation_id as string;
    let slowestMs = 0;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const status = await s.call("GET", `/v1/configuration/compilations/${id}`, "read");
      slowestMs = Math.max(slowestMs, performance.now() - started);
      assert.equal(status.status, 200);
    }
    ctx.diagnostic(`slowest of 5 status reads: ${slowestMs.toFixed(0)} ms`);
    assert.ok(slowestMs < 60, `a status read took ${slowestMs.toFixed(0)} ms`);
    const job = await untilCompiled(s, id);
    assert.equal(job.status, "succeeded", JSON.stringify(job.error));
  });

  void it("refuses a check beyond the queue with 503 compiler_busy and Retry-After, and serves the next one", async () => {
    served = await serveListening({ compilePool: { threads: 1, maxQueued: 1 } });
    const s = served;
    await storeDraft(s.t.store, s.t.domainId, largeDraft(LARGE));
    // Four publications at once: one check runs, one waits, the others find the queue full.
    const answers = await Promise.all([0, 1, 2, 3].map(() => s.call("POST", "/v1/configuration/publish", "publish", {})));
    const busy = answers.filter((r) => r.status === 503);
    assert.ok(busy.length >= 1, JSON.stringify(answers.map((r) => r.status)));
    for (const r of busy) {
      assert.equal(r.json.code, "compiler_busy");
      const seconds = (r.json.details as { retry_after_seconds: number }).retry_after_seconds;
      assert.ok(Number.isInteger(seconds) && seconds >= 1 && seconds <= 30, String(seconds));
      assert.equal(r.headers.get("retry-after"), String(seconds));
    }
    const accepted = answers.find((r) => r.status === 202);
    assert.ok(accepted, JSON.stringify(answers.map((r) => [r.status, r.json.code])));
    assert.equal((await untilCompiled(s, accepted.json.compilation_id as string)).status, "succeeded");
    assert.equal((await fetch(`${s.base}/v1/health`)).status, 200);
  });

  void it("fails only the task of a thread that dies: 500 for the request, and the server serves the next ones", async () => {
    // A heap far too small for the large draft: its thread runs out of memory and is stopped.
    served = await serveListening({ compilePool: { resourceLimits: { maxOldGenerationSizeMb: 48 } } });
    const s = served;
    await storeDraft(s.t.store, s.t.domainId, largeDraft(LARGE));
    const crashed = await s.call("POST", "/v1/configuration/publish", "publish", {});
    assert.equal(crashed.status, 500);
    assert.equal((await fetch(`${s.base}/v1/health`)).status, 200);
    assert.ok(s.t.logLines.some((line) => line.includes("compile thread failed")));
    // A small draft then compiles in a new thread.
    await s.t.store.saveDraft({
      domainId: s.t.domainId,
      expectedRevision: 1,
      revision: 2,
      content: largeDraft({ questions: 3, choices: 2 }),
      now: new Date().toISOString(),
    });
    const publish = await s.call("POST", "/v1/configuration/publish", "publish", {});
    assert.equal(publish.status, 202, JSON.stringify(publish.json));
    assert.equal((await untilCompiled(s, publish.json.compilation_id as string)).status, "succeeded");
  });

  void it("compiles a draft revision once for the try-it sessions asking for it at once, in the compile threads", async () => {
    // No request may wait for a thread: a second compilation of the revision would be refused.
    served = await serveListening({ compilePool: { threads: 1, maxQueued: 0 } });
    const s = served;
    await applyReference(s);
    const sessions = await Promise.all([0, 1, 2, 3].map(() => s.call("POST", "/v1/sessions", "all", { configuration: "draft" })));
    for (const r of sessions) assert.equal(r.status, 201, JSON.stringify(r.json));
    const version = await s.t.store.getConfigVersion(s.t.domainId, "draft:1");
    const stored = await s.t.store.getDraft(s.t.domainId);
    assert.deepEqual(version?.artifact, JSON.parse(compileStoredDraft(stored?.content, "compile").artifactJson ?? "null"));
    const next = await s.call("POST", `/v1/sessions/${sessions[0]?.json.session_id as string}/next`, "runtime", { state_version: 0 });
    assert.equal(next.status, 200, JSON.stringify(next.json));
  });
});

void describe("zelinqa compile pool", () => {
  const pools: DraftCompiler[] = [];
  const pool = (options: Parameters<typeof createCompilePool>[0]) => {
    const created = createCompilePool(options);
    pools.push(created);
    return created;
  };
  after(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  void it("makes the same issues and artefacts as the in-thread compiler", async () => {
    const compiler = pool({ logger: silent, threads: 2 });
    const reference = draftOf(referenceCorpusChanges());
    const withIssues = structuredClone(reference) as { questions: Array<{ active: boolean }> };
    for (const q of withIssues.questions) q.active = false;
    const contents: unknown[] = [
      reference,
      withIssues,
      largeDraft({ questions: 200, choices: 12 }),
      largeDraft({ questions: 3, choices: 2 }),
    ];
    for (const content of contents) {
      for (const task of ["check", "compile"] as const) {
        const threaded = await compiler.run(content, { task });
        const inThread = compileStoredDraft(content, task);
        assert.deepEqual(threaded.issues, inThread.issues);
        assert.equal(threaded.artifactJson, inThread.artifactJson);
      }
    }
    assert.ok((await compiler.run(withIssues, { task: "compile" })).issues.length > 0);
  });

  void it("stops a task at its time limit with CompileTimedOut, queued or running", async () => {
    const compiler = pool({ logger: silent, threads: 1, timeoutMs: 300 });
    const large = largeDraft(LARGE);
    const [running, queued] = await Promise.allSettled([compiler.run(large, { task: "compile" }), compiler.run(large, { task: "check" })]);
    for (const outcome of [running, queued]) {
      assert.equal(outcome.status, "rejected");
      const reason: unknown = outcome.status === "rejected" ? outcome.reason : null;
      assert.ok(reason instanceof Error && reason.name === "CompileTimedOut", String(reason));
    }
  });

  void it("fails a compilation job past the time limit with timeout, as a lapsed lease does", async () => {
    const t = await startTestApp({ backend: "sqlite", options: { worker: false } });
    try {
      await storeDraft(t.store, t.domainId, largeDraft(LARGE));
      const ids = createIdGenerator();
      const deps = { store: t.store, clock: { now: () => new Date() }, ids, artifacts: createArtifactCache({ store: t.store }) };
      const actor = { domainId: t.domainId, keyId: "cli", scopes: [], requestId: ids.newId("req") };
      const job = await commit(t.store, await requestPublication(deps, { actor, now: new Date() }));
      const compiler = pool({ logger: silent, threads: 1, timeoutMs: 300 });
      const worker = createCompileWorker({ store: t.store, ids, now: () => new Date(), logger: silent, compiler });
      await worker.drain();
      await worker.close();
      const ended = await t.store.getCompilationJob(t.domainId, job.id);
      assert.equal(ended?.status, "failed");
      assert.equal((ended?.error as { code: string }).code, "timeout");
    } finally {
      await t.close();
    }
  });

  void it("reports a draft it cannot read as a failure of that task only", async () => {
    const compiler = pool({ logger: silent, threads: 1 });
    await assert.rejects(compiler.run({ not: "a draft" }, { task: "check" }), /compilation failed/);
    assert.equal((await compiler.run(largeDraft({ questions: 3, choices: 2 }), { task: "check" })).issues.length, 0);
  });
});
