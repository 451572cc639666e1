// Boolean extraction of §10.5.3: choice labels first, then the true/false lexicons, longest phrase first.
import { FALSE_PHRASES, TRUE_PHRASES } from "./lexicons.js";
import { tokenise } from "./normalise.js";
import { findPhraseHits, scalarPhraseResult } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

interface LexiconHit {
  readonly value: boolean;
  readonly start: number;
  readonly end: number;
}

function lexiconHits(tokens: readonly string[]): LexiconHit[] {
  const all: LexiconHit[] = [];
  const scan = (list: readonly (readonly string[])[], value: boolean) => {
    for (const phrase of list) {
      for (let i = 0; i + phrase.length <= tokens.length; i++) {
        if (phrase.every((t, j) => tokens[i + j] === t)) all.push({ value, start: i, end: i + phrase.length });
      }
    }
  };
  scan(TRUE_PHRASES, true);
  scan(FALSE_PHRASES, false);
  // Longest first, so "absolument pas" wins over "absolument" and "pas du tout" is one false hit.
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: LexiconHit[] = [];
  for (const h of all) if (kept.every((k) => h.end <= k.start || h.start >= k.end)) kept.push(h);
  return kept;
}

/** Direct boolean extraction; `labels` are the choice-label phrases of the target. */
export function extractBoolean(text: string, labels: readonly Phrase[]): PhraseResult | null {
  const tokens = tokenise(text);
  const fromLabels = scalarPhraseResult(findPhraseHits(tokens, labels, true));
  if (fromLabels) return fromLabels;
  const hits = lexiconHits(tokens);
  const hasTrue = hits.some((h) => h.value);
  const hasFalse = hits.some((h) => !h.value);
  if (hasTrue === hasFalse) return null;
  return { value: hasTrue, certainty: "exact" };
}
