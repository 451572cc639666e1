// Finding a target's phrases in a reply without typos (phrase-match.ts findPhraseHits) costs in proportion to the reply
// and the phrases that can start at each of its words, not to their product: every reply is read for every target of
// the configuration, and 2,000 choice lists read one 8,000-character reply for a minute, the API answering nothing.
// Phrases sharing their first word are still each tried where that word stands.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { findPhraseHits, phraseTokens } from "../../../src/zelinqa/understand/phrase-match.js";
import type { Phrase } from "../../../src/zelinqa/understand/phrase-match.js";
import { cpuMs } from "../../support/cpu-time.js";

function phraseList(values: number): Phrase[] {
  const phrases: Phrase[] = [];
  for (let v = 0; v < values; v++) {
    const texts = [`choix${v} de la liste`, `option${v} numero`, `nom${v} bis`, ...(v < 10 ? [`deux fois${v}`] : [])];
    for (const text of texts) phrases.push({ tokens: text.split(" "), value: `v${v}`, order: v });
  }
  return phrases;
}

/** The best of three reads after a first one (which may index the list), in ms of CPU time. */
function readMs(tokens: readonly string[], phrases: readonly Phrase[]): number {
  findPhraseHits(tokens, phrases, false);
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    best = Math.min(
      best,
      cpuMs(() => findPhraseHits(tokens, phrases, false)),
    );
  }
  return best;
}

void describe("phrase hits without typos", () => {
  const tokens = phraseTokens("je prends le choix12 de la liste et 2 fois7 pas l option40 numero mais nom99 bis ".repeat(90));

  void it("finds the same hits, digits for a number word, negated ones left out", () => {
    const hits = findPhraseHits(tokens, phraseList(200), false);
    assert.deepEqual([...new Set(hits.map((h) => h.value))].sort(), ["v12", "v7", "v99"]);
    assert.ok(hits.every((h) => h.certainty === "exact"));
    assert.equal(hits.length, 270);
  });

  void it("reads a reply against 30,000 phrases about as fast as against 3,000", (t) => {
    const few = readMs(tokens, phraseList(1_000));
    const many = readMs(tokens, phraseList(10_000));
    t.diagnostic(`${tokens.length} words: 3,000 phrases ${few.toFixed(1)} ms, 30,000 phrases ${many.toFixed(1)} ms`);
    // Every phrase tried at every word made it 10 times as long (108 ms and 959 ms); the margin absorbs a collection.
    assert.ok(many < few * 4 + 50, `3,000 phrases: ${few.toFixed(1)} ms, 30,000: ${many.toFixed(1)} ms`);
  });
});
