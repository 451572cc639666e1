// Extraction time of one answer (issue 10 item 5: p50 < 1 ms) over the understanding corpus: what the engine
// runs for a reply — direct extraction for the question's target, indirect for every other target — printed
// as p50/p99 in ms and as a ratio to the same run's baseline, the docs/zelinqa-api.md §10.5.1 normalisation of the same answers.
// Run: node --import tsx bench/zelinqa-understanding.ts   (BENCH_SECONDS sets the length of each measurement)
import { createSession, nextQuestions } from "../src/zelinqa/engine/index.js";
import type { SessionState } from "../src/zelinqa/engine/index.js";
import { extractDirect, extractIndirect, indirectText, tokenise } from "../src/zelinqa/understand/index.js";
import { CORPUS } from "../test/zelinqa/understand/corpus/answers.js";
import { corpusArtifacts } from "../test/zelinqa/understand/corpus/corpus-runner.js";
import { percentile } from "./latency-stats.js";

const seconds = Number(process.env.BENCH_SECONDS ?? "2");
const artifacts = corpusArtifacts();
const TODAY = "2026-12-01";

const work = CORPUS.map((entry) => {
  const artifact = artifacts[entry.domain];
  const question = artifact.questionById.get(entry.question);
  const direct = artifact.dataTargetById.get(question?.targets[0]?.id ?? "");
  if (!direct) throw new Error(`no target for ${entry.question}`);
  const others = artifact.dataTargets.filter((t) => t !== direct);
  return { text: entry.text, direct, others };
});

function measure(run: (i: number) => void): number[] {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const t0 = performance.now();
    run(i % work.length);
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

const baseline = measure((i) => void tokenise((work[i] as (typeof work)[number]).text));
const extraction = measure((i) => {
  const w = work[i] as (typeof work)[number];
  extractDirect(w.text, w.direct.extraction, TODAY);
  const input = indirectText(w.text, TODAY, true);
  for (const t of w.others) extractIndirect(input, t.extraction);
});

// The engine's /next on the furniture domain: with a natural answer to read, against the same call without one.
const furniture = artifacts.furniture;
const deps = { now: () => new Date("2026-12-01T10:00:00Z"), newId: (prefix: string) => `${prefix}_1` };
const fresh = (await createSession(furniture, {}, deps)) as { ok: true; value: { state: SessionState } };
const answers = CORPUS.filter((e) => e.domain === "furniture");
const nextBare = await measureAsync(async () => void (await nextQuestions(furniture, fresh.value.state, { state_version: 0 }, deps)));
const nextAnswer = await measureAsync(async (i) => {
  const e = answers[i % answers.length] as (typeof answers)[number];
  await nextQuestions(
    furniture,
    fresh.value.state,
    { state_version: 0, previous_turn: { question_id: e.question, user_text: e.text } },
    deps,
  );
});

async function measureAsync(run: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const t0 = performance.now();
    await run(i);
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

const p50 = percentile(extraction, 50);
const base50 = percentile(baseline, 50);
const out = (line: string) => process.stdout.write(`${line}\n`);
out(`answers: ${work.length} (corpus), samples: ${extraction.length}`);
out(`baseline normalisation N(s)      p50 ${base50.toFixed(4)} ms  p99 ${percentile(baseline, 99).toFixed(4)} ms  ratio 1.00`);
out(
  `extraction of one answer         p50 ${p50.toFixed(4)} ms  p99 ${percentile(extraction, 99).toFixed(4)} ms  ratio ${(p50 / base50).toFixed(2)}`,
);
const bare50 = percentile(nextBare, 50);
const answer50 = percentile(nextAnswer, 50);
out(`engine /next without an answer   p50 ${bare50.toFixed(4)} ms  p99 ${percentile(nextBare, 99).toFixed(4)} ms  ratio 1.00`);
out(
  `engine /next with a natural one  p50 ${answer50.toFixed(4)} ms  p99 ${percentile(nextAnswer, 99).toFixed(4)} ms  ratio ${(answer50 / bare50).toFixed(2)}`,
);
out(`target p50 < 1 ms: ${p50 < 1 ? "ok" : "MISSED"}`);
process.exit(p50 < 1 ? 0 : 1);
