// Extraction time of one answer (issue 10 item 5: p50 < 1 ms) over the understanding corpus: what the engine
// runs for a reply — direct extraction for the question's target, indirect for every other target — printed
// as p50/p99 in ms and as a ratio to the same run's baseline, the docs/zelinqa-api.md §10.5.1 normalisation of the same answers; the
// baselines and subjects alternate in BENCH_ROUNDS rounds, each figure the median [min–max] over the rounds.
// Run: node --import tsx bench/zelinqa-understanding.ts   (BENCH_SECONDS sets the length of each measurement)
import { createSession, nextQuestions } from "../src/zelinqa/engine/index.js";
import type { SessionState } from "../src/zelinqa/engine/index.js";
import { extractDirect, extractIndirect, indirectText, tokenise } from "../src/zelinqa/understand/index.js";
import { CORPUS } from "../harness/understanding-corpus/answers.js";
import { corpusArtifacts } from "../harness/understanding-corpus/corpus-runner.js";
import { ROUNDS, formatRatio, formatSpread, interleavedRounds, loadAverageLine, percentile, spread } from "./latency-stats.js";

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
  const end = performance.now() + (seconds * 1000) / ROUNDS;
  for (let i = 0; performance.now() < end; i++) {
    const t0 = performance.now();
    run(i % work.length);
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

const extractAll = (i: number) => {
  const w = work[i] as (typeof work)[number];
  extractDirect(w.text, w.direct.extraction, TODAY);
  const input = indirectText(w.text, TODAY, true);
  for (const t of w.others) extractIndirect(input, t.extraction);
};
// The engine's /next on the furniture domain: with a natural answer to read, against the same call without one.
const furniture = artifacts.furniture;
const deps = { now: () => new Date("2026-12-01T10:00:00Z"), newId: (prefix: string) => `${prefix}_1` };
const fresh = (await createSession(furniture, {}, deps)) as { ok: true; value: { state: SessionState } };
const answers = CORPUS.filter((e) => e.domain === "furniture");
async function measureAsync(run: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + (seconds * 1000) / ROUNDS;
  for (let i = 0; performance.now() < end; i++) {
    const t0 = performance.now();
    await run(i);
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}
// The longest replies the API takes (`user_text` ≤ 8,000 characters), to the choice questions whose extraction reads
// every word fuzzily: one that normalisation multiplies (U+FDFA is 18 characters and 4 words, 24,001 words in all) and
// 1,333 distinct five-letter words. Both are read up to MAX_UNDERSTOOD_WORDS words; before that bound (and the linear
// "except" pass), the first took 4 s.
const fiveLetters = (i: number) => Array.from({ length: 5 }, (_, k) => String.fromCharCode(97 + (Math.floor(i / 26 ** k) % 26))).join("");
const LONGEST = ["\uFDFA".repeat(8000), Array.from({ length: 1333 }, (_, i) => fiveLetters(i * 7919)).join(" ")];
const CHOICE_QUESTIONS = ["fur_q_piece", "fur_q_rooms", "fur_q_style"];
const out = (line: string) => process.stdout.write(`${line}\n`);
out(`zelinqa-understanding: ${ROUNDS} interleaved rounds, median [min–max] of each round's percentile; ${loadAverageLine()}`);
// Baselines and subjects alternate in rounds (latency-stats.ts).
const rounds = await interleavedRounds({
  baseline: () => Promise.resolve(measure((i) => void tokenise((work[i] as (typeof work)[number]).text))),
  extraction: () => Promise.resolve(measure(extractAll)),
  nextBare: () => measureAsync(async () => void (await nextQuestions(furniture, fresh.value.state, { state_version: 0 }, deps))),
  nextAnswer: () =>
    measureAsync(async (i) => {
      const e = answers[i % answers.length] as (typeof answers)[number];
      await nextQuestions(
        furniture,
        fresh.value.state,
        { state_version: 0, previous_turn: { question_id: e.question, user_text: e.text } },
        deps,
      );
    }),
  nextLongest: () =>
    measureAsync(async (i) => {
      const previous_turn = { question_id: CHOICE_QUESTIONS[i % 3]!, user_text: LONGEST[i % 2]! };
      await nextQuestions(furniture, fresh.value.state, { state_version: 0, previous_turn }, deps);
    }),
});
const at = (name: string, p: number) => spread(rounds[name]!.map((samples) => percentile(samples, p)));
const line = (label: string, name: string, baseline?: string) =>
  out(
    `${label.padEnd(32)} p50 ${formatSpread(at(name, 50), "ms", 4)}  p99 ${formatSpread(at(name, 99), "ms", 4)}  ` +
      (baseline ? `ratio ${formatRatio(at(name, 50), at(baseline, 50))}` : "(baseline)"),
  );
out(`answers: ${work.length} (corpus), samples: ${rounds.extraction!.reduce((n, r) => n + r.length, 0)}`);
line("baseline normalisation N(s)", "baseline");
line("extraction of one answer", "extraction", "baseline");
line("engine /next without an answer", "nextBare");
line("engine /next with a natural one", "nextAnswer", "nextBare");
line("engine /next with the longest", "nextLongest", "nextBare");
const p50 = at("extraction", 50).median;
out(`target p50 < 1 ms: ${p50 < 1 ? "ok" : "MISSED"}`);
process.exit(p50 < 1 ? 0 : 1);
