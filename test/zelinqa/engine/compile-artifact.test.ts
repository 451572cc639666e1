// Compilation of docs/zelinqa-api.md §11.1: targets of a question (primary, secondary, exploration incl. the 128-character rule),
// choice values, phrase tables, and loading a stored artefact.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { compileArtifact, explorationTargetId, loadArtifact, sha256Hex } from "../../../src/zelinqa/engine/index.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";
import { artifactOf, choiceQuestion, dimension, draftOf, openQuestion, referenceArtifact, successInformation } from "./engine-fixtures.js";

void describe("question targets", () => {
  void it("links the reference questions to their primary data or to their own exploration target", () => {
    const a = referenceArtifact();
    const targets = Object.fromEntries(a.questions.map((q) => [q.id, q.targets.map((t) => `${t.link}:${t.id}`)]));
    assert.deepEqual(targets, {
      sdk_q_usage: ["exploration:exploration:sdk_q_usage"],
      sdk_q_style: ["primary:sdk_style"],
      sdk_q_budget: ["primary:sdk_budget"],
      sdk_q_delai: ["primary:sdk_delai"],
      sdk_q_animaux: ["primary:sdk_animaux"],
    });
    assert.deepEqual(
      a.dimensions.map((d) => d.id),
      ["sdk_so_besoin", "sdk_so_budget", "sdk_so_delai"],
    );
  });

  const base = [
    dimension("d", 0, "blocking"),
    choiceQuestion("q_main", "d", [
      ["a", "Alpha", "a"],
      ["b", "Beta", "b"],
    ]),
    successInformation("s", "q_main", { type: "string", enum: ["a", "b"] }),
  ];
  void it("secondary-links a choice question whose mapped values fit exactly one success information of its dimension", () => {
    const a = artifactOf([
      ...base.slice(0, 2),
      choiceQuestion("q_alt", "d", [
        ["x", "Plutôt A", "a"],
        ["y", "Plutôt B", "b"],
      ]),
      base[2]!,
    ]);
    assert.deepEqual(a.questionById.get("q_alt")?.targets, [{ id: "s", kind: "data", link: "secondary" }]);
  });
  void it("falls back to an exploration target when two success informations fit", () => {
    const a = artifactOf([
      ...base,
      choiceQuestion("q_main2", "d", [
        ["c", "Gamma", "a"],
        ["e", "Delta", "b"],
      ]),
      successInformation("s2", "q_main2", { type: "string" }),
      choiceQuestion("q_alt", "d", [
        ["x", "X", "a"],
        ["y", "Y", "b"],
      ]),
    ]);
    assert.deepEqual(
      a.questionById.get("q_alt")?.targets.map((t) => t.id),
      ["exploration:q_alt"],
    );
  });
  void it("never secondary-links an open question", () => {
    const a = artifactOf([...base, openQuestion("q_open", "d")]);
    assert.equal(a.questionById.get("q_open")?.principal.kind, "exploration");
  });

  const ids: Array<[number, boolean]> = [
    [116, false],
    [117, true],
    [128, true],
  ];
  for (const [length, shortened] of ids) {
    void it(`${shortened ? "shortens" : "keeps"} the exploration id of a ${length}-character question id`, () => {
      const qid = "q".repeat(length - 1) + "z";
      const id = explorationTargetId(qid);
      assert.ok(id.length <= 128);
      assert.equal(id === `exploration:${qid}`, !shortened);
      if (shortened) assert.equal(id, `exploration:${qid.slice(0, 91)}~${sha256Hex(qid).slice(0, 24)}`);
    });
  }
});

void describe("choice values and phrase tables", () => {
  void it("uses maps_to_value when it validates, else the label, else nothing", () => {
    const a = artifactOf([
      dimension("d", 0, "blocking"),
      choiceQuestion("q", "d", [
        ["c1", "rouge", undefined],
        ["c2", "Bleu", "bleu"],
        ["c3", "Vert", 42],
      ]),
      successInformation("s", "q", { type: "string", enum: ["rouge", "bleu"] }),
    ]);
    assert.deepEqual(a.questionById.get("q")?.choice_values, { s: { c1: "rouge", c2: "bleu" } });
    assert.deepEqual(
      a.dataTargetById.get("s")?.phrases.map((p) => [p.text, p.value]),
      [
        ["rouge", "rouge"],
        ["bleu", "bleu"],
        ["rouge", "rouge"],
        ["bleu", "bleu"],
      ],
    );
  });
  void it("reads enum underscores as spaces in the phrase table", () => {
    const delai = referenceArtifact().dataTargetById.get("sdk_delai");
    assert.ok(delai?.phrases.some((p) => p.text === "dans le mois" && p.value === "dans_le_mois"));
    assert.ok(delai?.phrases.some((p) => p.text === "d ici trois mois" && p.value === "trois_mois"));
  });
});

void describe("loading artefacts", () => {
  void it("round-trips through JSON to the same artefact", () => {
    const json = compileArtifact(draftOf(referenceCorpusChanges()));
    assert.deepEqual(loadArtifact(JSON.parse(JSON.stringify(json)) as unknown).json, json);
  });
  const corrupt: Array<[string, unknown]> = [
    ["an empty object", {}],
    ["a wrong format tag", { ...compileArtifact(draftOf(referenceCorpusChanges())), format: "v0" }],
    [
      "an unknown dimension",
      (() => {
        const json = compileArtifact(draftOf(referenceCorpusChanges()));
        return { ...json, dimensions: json.dimensions.slice(1) };
      })(),
    ],
  ];
  for (const [title, json] of corrupt) {
    void it(`throws on ${title}`, () => assert.throws(() => loadArtifact(json), /corrupt artefact/));
  }
});
