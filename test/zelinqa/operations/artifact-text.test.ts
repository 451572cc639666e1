// Loading a stored artefact's text (operations/artifact-text.ts): a sealed artefact loads as the schema-checked one does;
// a text that does not match its SHA-256 is refused however valid it looks; without a seal, or with another schema's, the
// text is checked against the schema; the digest taken in chunks is the digest of the whole text.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CorruptArtifact, compileArtifact, loadArtifact } from "../../../src/zelinqa/engine/index.js";
import type { CompiledArtifact } from "../../../src/zelinqa/engine/index.js";
import { HASH_CHUNK_UNITS, loadStoredArtifact, sealOf } from "../../../src/zelinqa/operations/artifact-text.js";
import { referenceCorpusChanges } from "../../../harness/zelinqa-reference-corpus.js";
import { draftOf } from "../engine/engine-fixtures.js";

const text = JSON.stringify(compileArtifact(draftOf(referenceCorpusChanges())));

/** What loading built, functions aside. */
function shape(a: CompiledArtifact): string {
  return JSON.stringify({
    json: a.json,
    targetIds: a.targetIds,
    dimensions: a.dimensions,
    questions: a.questions.map((q) => [q.id, q.position, q.dimension.id, q.links]),
    dataTargets: a.dataTargets.map((t) => [t.id, t.extraction.kind, t.extraction.phrases.length, t.extraction.words?.stems.size]),
    byDimension: [...a.byDimension].map(([id, m]) => [id, m.questions.length, m.dataTargets.length, m.explorationQuestions.length]),
  });
}

async function refusal(load: Promise<unknown>): Promise<string> {
  const error = await load.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof CorruptArtifact, `not refused as corrupt: ${String(error)}`);
  return error.message;
}

void describe("stored artefact text", () => {
  void it("loads a sealed artefact, unchecked, as the schema-checked load builds it", async () => {
    const expected = shape(loadArtifact(JSON.parse(text)));
    assert.equal(shape(await loadStoredArtifact({ text, seal: sealOf(text) })), expected);
    assert.equal(shape(await loadStoredArtifact({ text, seal: null })), expected);
  });

  void it("refuses a text that does not match its SHA-256, however valid it is", async () => {
    const altered = text.replace('"text":"', '"text":"Altered ');
    assert.notEqual(altered, text);
    assert.match(await refusal(loadStoredArtifact({ text: altered, seal: sealOf(text) })), /does not match the SHA-256/);
  });

  void it("checks against the schema a text without a seal, or sealed for another schema", async () => {
    const notAnArtifact = JSON.stringify({ format: "zelinqa.artifact.v1", engine_version: "1.0.0", questions: [] });
    assert.match(await refusal(loadStoredArtifact({ text: notAnArtifact, seal: null })), /corrupt artefact/);
    const otherSchema = { ...sealOf(notAnArtifact), schema: "an older schema" };
    assert.match(await refusal(loadStoredArtifact({ text: notAnArtifact, seal: otherSchema })), /corrupt artefact/);
    assert.match(await refusal(loadStoredArtifact({ text: text.slice(0, 100), seal: null })), /JSON/);
    const badQuestion = JSON.parse(text) as { questions: Array<Record<string, unknown>> };
    badQuestion.questions[1] = { ...badQuestion.questions[1], targets: [] };
    assert.match(await refusal(loadStoredArtifact({ text: JSON.stringify(badQuestion), seal: null })), /questions\[1\]/);
  });

  void it("hashes a text in chunks as a whole, a character of two UTF-16 units across a chunk's end included", async () => {
    const artifact = JSON.parse(text) as { questions: Array<{ text: string }> };
    const marker = "\u0000MARK\u0000";
    (artifact.questions[0] as { text: string }).text = marker;
    const at = JSON.stringify(artifact).indexOf(JSON.stringify(marker).slice(1, -1));
    // Padding that puts the emoji's first unit last in the first chunk.
    (artifact.questions[0] as { text: string }).text = `${"x".repeat(HASH_CHUNK_UNITS - 1 - at)}😀 après`;
    const long = JSON.stringify(artifact);
    assert.equal(long.charCodeAt(HASH_CHUNK_UNITS - 1), "😀".charCodeAt(0));
    const loaded = await loadStoredArtifact({ text: long, seal: sealOf(long) });
    assert.ok(loaded.questions[0]?.text.endsWith("😀 après"));
  });
});
