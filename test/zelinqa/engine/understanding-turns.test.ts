// Issue 10 extensions seen through the engine: configured synonyms (validated, in the audit diff, compiled),
// the reference day of a previous turn, hesitant answers held as tentative, values stated in passing as P0.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConfigurationChange } from "../../../src/zelinqa/contracts/index.js";
import { applyChanges, createSession, nextQuestions } from "../../../src/zelinqa/engine/index.js";
import { collectUnattributed, emptyPlan, MAX_REQUEST_UNDERSTOOD_WORDS } from "../../../src/zelinqa/engine/evidence-plan.js";
import { extractDirect } from "../../../src/zelinqa/understand/extract-value.js";
import { MAX_UNDERSTOOD_WORDS, normalisedWordCount, understoodPart } from "../../../src/zelinqa/understand/normalise.js";
import { artifactOf, dimension, draftOf, openQuestion, successInformation, testDeps, valueOf } from "./engine-fixtures.js";

const changes: ConfigurationChange[] = [
  dimension("d", 0, "blocking"),
  {
    entity: "question",
    operation: "create",
    question: {
      id: "q_piece",
      text: "Quel meuble ?",
      type: "single_choice",
      dimension_id: "d",
      choices: [
        { id: "c_canape", label: "Un canapé", maps_to_value: "canape", synonyms: ["sofa", "couch"] },
        { id: "c_table", label: "Une table", maps_to_value: "table" },
      ],
    },
  },
  openQuestion("q_style", "d", "Quel style ?"),
  openQuestion("q_date", "d", "À partir de quand ?"),
  openQuestion("q_budget", "d", "Quel budget ?"),
  openQuestion("q_seats", "d", "Combien de places ?"),
  {
    entity: "success_information",
    operation: "create",
    success_information: {
      id: "piece",
      label: "Meuble",
      schema: { type: "string", enum: ["canape", "table"] },
      primary_question_id: "q_piece",
    },
  },
  {
    entity: "success_information",
    operation: "create",
    success_information: {
      id: "style",
      label: "Style",
      schema: { type: "string", enum: ["scandinave", "classique"] },
      primary_question_id: "q_style",
      synonyms: { scandinave: ["nordique"] },
    },
  },
  {
    entity: "success_information",
    operation: "create",
    success_information: {
      id: "date",
      label: "Date de livraison",
      schema: { type: "string", format: "date" },
      primary_question_id: "q_date",
    },
  },
  {
    entity: "success_information",
    operation: "create",
    success_information: { id: "budget", label: "Budget (euros)", schema: { type: "number", minimum: 0 }, primary_question_id: "q_budget" },
  },
  {
    entity: "success_information",
    operation: "create",
    success_information: {
      id: "seats",
      label: "Nombre de places",
      schema: { type: "integer", minimum: 1, maximum: 12 },
      primary_question_id: "q_seats",
    },
  },
];
const artifact = artifactOf(changes);

async function answer(previous_turn: NonNullable<Parameters<typeof nextQuestions>[2]["previous_turn"]>) {
  const deps = testDeps();
  const state = valueOf(await createSession(artifact, {}, deps)).state;
  return valueOf(await nextQuestions(artifact, state, { state_version: 0, previous_turn }, deps)).state;
}

void describe("configured synonyms", () => {
  void it("U24: choice and value synonyms are matched like labels", async () => {
    assert.deepEqual((await answer({ question_id: "q_piece", user_text: "a couch" })).targets.piece, {
      status: "confirmed",
      value: "canape",
      priority: 2,
    });
    assert.deepEqual((await answer({ question_id: "q_style", user_text: "plutôt nordique" })).targets.style, {
      status: "confirmed",
      value: "scandinave",
      priority: 2,
    });
  });

  void it("U24: a synonym keyed by a value the schema does not have is an invalid_schema issue", () => {
    const bad = applyChanges(
      draftOf(changes),
      [{ entity: "success_information", operation: "update", success_information: { id: "style", synonyms: { baroque: ["rococo"] } } }],
      { domainName: "test" },
    );
    assert.equal(bad.ok, false);
    assert.equal(bad.ok ? null : bad.issues[0]?.code, "invalid_schema");
  });

  void it("U24: the audit diff names changed synonyms as editorial text, and null removes them", () => {
    const result = applyChanges(
      draftOf(changes),
      [{ entity: "success_information", operation: "update", success_information: { id: "style", synonyms: null } }],
      { domainName: "test" },
    );
    assert.ok(result.ok);
    assert.deepEqual(result.applied[0]?.diff, { before: { synonyms: "[changed]" }, after: {} });
    assert.equal(result.draft.success_informations.find((s) => s.id === "style")?.synonyms, undefined);
  });
});

void describe("answers understood in a turn", () => {
  void it("U11: relative dates count from the previous turn's occurred_at, else the server's UTC day", async () => {
    assert.equal(
      (await answer({ question_id: "q_date", user_text: "demain", occurred_at: "2027-03-01T23:30:00Z" })).targets.date?.value,
      "2027-03-02",
    );
    assert.equal((await answer({ question_id: "q_date", user_text: "demain" })).targets.date?.value, "2026-09-02");
  });

  void it("U23: a don't-know that still states a value is an answer held as tentative", async () => {
    const state = await answer({ question_id: "q_budget", user_text: "je sais pas, peut-être 1000" });
    assert.equal(state.outcomes[0]?.outcome, "asked_answered");
    assert.deepEqual(state.targets.budget, { status: "tentative", value: 1000, priority: 1 });
  });

  void it("U23: a reply that is only its hesitation records no answer on every kind of target, and reads no value from what is left", async () => {
    for (const question_id of ["q_piece", "q_style", "q_date", "q_budget", "q_seats"])
      for (const user_text of ["je ne sais pas", "Je ne sais pas.", "aucune idée !", "no idea…", "dunno?!"]) {
        const state = await answer({ question_id, user_text });
        assert.equal(state.outcomes[0]?.outcome, "asked_no_answer", `${question_id}: ${user_text}`);
        assert.deepEqual(state.targets, {}, `${question_id}: ${user_text}`);
      }
    // What the hesitation leaves (evidence-plan.ts saysNothingMore): no extractor of a non-string target reads it.
    for (const target of artifact.dataTargets.filter((t) => t.extraction.kind !== "string"))
      for (const text of ["", "   ", "          .", " , ; : ", "!?…", "\t\n"])
        assert.equal(extractDirect(text, target.extraction, "2026-09-01"), null, `${target.id}: ${JSON.stringify(text)}`);
  });

  void it("U23: a plain don't-know records no answer and no value", async () => {
    const state = await answer({ question_id: "q_budget", user_text: "aucune idée" });
    assert.equal(state.outcomes[0]?.outcome, "asked_no_answer");
    assert.equal(state.targets.budget, undefined);
  });

  void it("U19: numbers stated in passing go to the target of their unit as P0, never to the asked one", async () => {
    const state = await answer({ question_id: "q_piece", user_text: "un canapé 4 places, budget 1500" });
    assert.equal(state.targets.piece?.status, "confirmed");
    assert.deepEqual(state.targets.seats, { status: "tentative", value: 4, priority: 0 });
    assert.deepEqual(state.targets.budget, { status: "tentative", value: 1500, priority: 0 });
  });

  void it("U19: a value in passing never overrides direct evidence", async () => {
    const deps = testDeps();
    let state = valueOf(await createSession(artifact, {}, deps)).state;
    state = valueOf(
      await nextQuestions(artifact, state, { state_version: 0, previous_turn: { question_id: "q_budget", user_text: "1200 €" } }, deps),
    ).state;
    state = valueOf(
      await nextQuestions(
        artifact,
        state,
        { state_version: 1, previous_turn: { question_id: "q_piece", user_text: "un canapé, budget 1500" } },
        deps,
      ),
    ).state;
    assert.deepEqual(state.targets.budget, { status: "confirmed", value: 1200, priority: 2 });
  });
});

void describe("how much of a text the extractors read", () => {
  void it("a reply past MAX_UNDERSTOOD_WORDS is read up to it: a value in its first words counts, one only after does not", async () => {
    const filler = "bla ".repeat(MAX_UNDERSTOOD_WORDS + 200);
    assert.equal((await answer({ question_id: "q_piece", user_text: `un canapé ${filler}` })).targets.piece?.value, "canape");
    assert.equal((await answer({ question_id: "q_piece", user_text: `${filler} un canapé` })).targets.piece, undefined);
    // A free-text target keeps the whole reply.
    const withNote = artifactOf([...changes, openQuestion("q_note", "d"), successInformation("note", "q_note", { type: "string" })]);
    const deps = testDeps();
    const fresh = valueOf(await createSession(withNote, {}, deps)).state;
    const long = `${filler}fin`;
    const previous_turn = { question_id: "q_note", user_text: long };
    const noted = valueOf(await nextQuestions(withNote, fresh, { state_version: 0, previous_turn }, deps)).state;
    assert.equal(noted.targets.note?.value, long);
  });

  void it("normalisation cannot multiply the words read: a ligature of 4 words, 8,000 times, is read up to the limit", () => {
    const text = "\uFDFA".repeat(8000);
    assert.ok(normalisedWordCount(text) > 20_000, "the whole text normalises to tens of thousands of words");
    const part = understoodPart(text);
    assert.ok(normalisedWordCount(part.text) <= MAX_UNDERSTOOD_WORDS);
    assert.ok(normalisedWordCount(part.text) > MAX_UNDERSTOOD_WORDS - 10, "and is read nearly up to it");
    assert.equal(part.words, normalisedWordCount(part.text), "the words it says it holds");
    assert.deepEqual(understoodPart("un canapé"), { text: "un canapé", words: 2 });
    // Never half a surrogate pair: U+1D400 (mathematical bold A) normalises to one word "a".
    const astral = "\u{1D400} ".repeat(3000);
    const cut = understoodPart(astral);
    const last = cut.text.charCodeAt(cut.text.length - 1);
    assert.ok(!(last >= 0xd800 && last <= 0xdbff), "no lone high surrogate at the end");
    assert.ok(normalisedWordCount(cut.text) <= MAX_UNDERSTOOD_WORDS);
    assert.equal(cut.words, normalisedWordCount(cut.text));
  });

  void it("understoodPart keeps the longest start within the limit, whatever the text's length", () => {
    const cases = [
      "mot ".repeat(900), // over the first probe, under the limit: whole
      "a ".repeat(1500), // cut past the first probe
      "\uFDFA".repeat(8000), // cut inside it
      `${"x".repeat(5000)} ${"ab ".repeat(1200)}`, // one long word, then the words
      "!".repeat(7000) + " mot".repeat(300), // characters that make no word
    ];
    for (const text of cases) {
      const part = understoodPart(text);
      assert.ok(text.startsWith(part.text));
      assert.equal(part.words, normalisedWordCount(part.text));
      assert.ok(part.words <= MAX_UNDERSTOOD_WORDS);
      if (part.text.length < text.length) {
        // Longest: one character more is over the limit.
        assert.ok(normalisedWordCount(text.slice(0, part.text.length + 1)) > MAX_UNDERSTOOD_WORDS, text.slice(0, 20));
      } else assert.ok(normalisedWordCount(text) <= MAX_UNDERSTOOD_WORDS);
    }
  });

  void it("the refusal and don't-know lexicons read the same start of a reply as the extractors", async () => {
    const filler = "bla ".repeat(MAX_UNDERSTOOD_WORDS + 200);
    const outcome = async (user_text: string) => (await answer({ question_id: "q_piece", user_text })).outcomes[0]?.outcome;
    assert.equal(await outcome(`Je préfère ne pas répondre ${filler}`), "refused");
    assert.equal(await outcome(`je ne sais pas ${filler}`), "asked_no_answer");
    assert.equal(await outcome(`${filler} Je préfère ne pas répondre`), "asked_answered");
  });

  void it("the texts of one request share MAX_REQUEST_UNDERSTOOD_WORDS: past it, only the model-based extractor sees them", () => {
    const deps = testDeps();
    return createSession(artifact, {}, deps).then((created) => {
      const state = valueOf(created).state;
      const plan = emptyPlan();
      // Each message names the furniture, then holds 1,000 words: four of them use the request's whole budget.
      const message = `un canapé ${"bla ".repeat(MAX_UNDERSTOOD_WORDS)}`;
      const messages = MAX_REQUEST_UNDERSTOOD_WORDS / MAX_UNDERSTOOD_WORDS + 2;
      for (let i = 0; i < messages; i++) collectUnattributed(artifact, state, plan, message, "2026-09-01");
      assert.equal(plan.items.filter((item) => item.targetId === "piece").length, MAX_REQUEST_UNDERSTOOD_WORDS / MAX_UNDERSTOOD_WORDS);
      assert.equal(plan.budget.words, 0);
      assert.equal(plan.modelTexts.length, messages, "every message still goes to the model-based extractor");
    });
  });
});
