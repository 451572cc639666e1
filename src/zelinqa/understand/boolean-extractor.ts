// Boolean extraction [docs/zelinqa-api.md §10.5.3 + ext]: choice labels first, then the yes/no lexicons (longest phrase
// first) with negation over the whole clause ("of course not" is false), then — when no yes/no is said — the
// fact itself matched against the target's own words ("we have a cat", "no pets", "je fume", "non-fumeur").
import { clauseTokens, isNegationAt } from "./clauses.js";
import type { ClauseTokens } from "./clauses.js";
import { FALSE_PHRASES, HEDGE_PHRASES, LOOSE_PHRASES, TRUE_PHRASES, hasAnyPhrase } from "./lexicons.js";
import { findPhraseHits, scalarPhraseResult } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { tokenHasStem } from "./target-words.js";
import type { TargetWords } from "./target-words.js";

const DETERMINERS = new Set(["no", "aucun", "aucune", "none"]);

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

const POST_NEGATIONS = new Set(["pas", "plus", "jamais", "point"]);
const QUALIFYING_LINKS = new Set([
  "mais",
  "but",
  "sauf",
  "except",
  "if",
  "si",
  "unless",
  "only",
  "seulement",
  "depends",
  "depend",
  "selon",
]);

/**
 * Whether a negation before token i in its clause negates a yes said there: "sans"/"without" only negate the
 * noun after them ("si c'est sans frais, oui" is a yes).
 */
function clauseNegatesAt(c: ClauseTokens, i: number): boolean {
  for (let j = i - 1; j >= 0 && c.clause[j] === c.clause[i]; j--) {
    const t = c.tokens[j] as string;
    if (t !== "sans" && t !== "without" && isNegationAt(c.tokens, j)) return true;
  }
  return false;
}

const isLoose = (tokens: readonly string[], h: LexiconHit) => {
  const said = tokens.slice(h.start, h.end);
  return LOOSE_PHRASES.some((p) => p.length === said.length && p.every((w, i) => said[i] === w));
};

interface Said {
  readonly value: boolean;
  /** Said with a hedge or a loose phrase: tentative. */
  readonly loose: boolean;
}

/** Yes/no from the lexicons, a "yes" followed by a negation in its clause counting as "no". */
function lexiconValue(text: string): Said | null {
  const c = clauseTokens(text);
  const hits = lexiconHits(c.tokens);
  const values = new Set<boolean>();
  let loose = hasAnyPhrase(c.tokens, HEDGE_PHRASES);
  for (const h of hits) {
    // "yes if no fees", "we have no pets": a "no" before a noun, inside the reply, is a determiner, not an answer.
    if (
      !h.value &&
      h.end - h.start === 1 &&
      h.start > 0 &&
      DETERMINERS.has(c.tokens[h.start] as string) &&
      c.clause[h.start + 1] === c.clause[h.start]
    )
      continue;
    let v = h.value;
    // "of course not", "sure… not": a yes negated right after it, or inside a negated clause.
    if (v) {
      const next = c.tokens[h.end] === "que" ? h.end + 1 : h.end;
      if (next < c.tokens.length && c.clause[next] === c.clause[h.start] && isNegationAt(c.tokens, next)) v = false;
      if (c.negated[h.start] && clauseNegatesAt(c, h.start)) v = false;
    }
    // "yes but not my fault", "oui si c'est gratuit": a qualified yes/no is held loosely.
    loose ||=
      isLoose(c.tokens, h) ||
      c.tokens.slice(h.end).some((t) => QUALIFYING_LINKS.has(t)) ||
      c.tokens.slice(0, h.start).some((t) => t === "si" || t === "if");
    values.add(v);
  }
  return values.size === 1 ? { value: [...values][0] === true, loose } : null;
}

/** "j'ai arrêté de fumer", "I quit smoking", "ex-fumeur": the habit that follows has stopped. */
const STOPPED = new Set(["arrete", "arretee", "quit", "stopped", "ex", "former", "ancien", "ancienne", "used"]);

/** The fact stated with the target's own words: positive unless negated in its clause. */
function factValue(text: string, words: TargetWords, groupsOnly = false, clauses?: ClauseTokens): boolean | null {
  const c = clauses ?? clauseTokens(text);
  const stems = groupsOnly ? words.groupFactStems : words.factStems;
  let positive = false;
  let negative = false;
  c.tokens.forEach((t, i) => {
    if (t.length < 3 || !tokenHasStem(t, stems)) return;
    const stopped = c.tokens
      .slice(Math.max(0, i - 3), i)
      .some((w, j, arr) => STOPPED.has(w) && c.clause[i - arr.length + j] === c.clause[i]);
    // Spoken French drops the "ne": "je fume pas", "je fume plus", "j'en ai jamais eu" ("pas mal" is "a lot").
    const next = c.tokens[i + 1];
    const after = next !== undefined && c.clause[i + 1] === c.clause[i] && POST_NEGATIONS.has(next) && c.tokens[i + 2] !== "mal";
    if (c.negated[i] || stopped || after || (i > 0 && c.tokens[i - 1] === "non")) negative = true;
    else positive = true;
  });
  // "pas de chat mais un chien": something is there.
  if (positive) return true;
  return negative ? false : null;
}

/** Direct boolean extraction; `labels` are the choice-label and synonym phrases of the target. */
export function extractBoolean(text: string, labels: readonly Phrase[], words?: TargetWords): PhraseResult | null {
  const c = clauseTokens(text);
  const fromLabels = scalarPhraseResult(
    findPhraseHits(
      c.tokens,
      labels.filter((p) => p.tokens.length > 1 || !isYesNoWord(p)),
      true,
      c.negated,
    ),
  );
  if (fromLabels) return fromLabels;
  const said = lexiconValue(text);
  // "un coach, ça coûte combien ?": a question back names the subject, it states no fact.
  const fact = words === undefined || text.trim().endsWith("?") ? null : factValue(text, words);
  // "no, just a cat": the yes/no and the stated fact disagree, so nothing is sure.
  if (said !== null && fact !== null && said.value !== fact) return null;
  if (said !== null) return { value: said.value, certainty: said.loose ? "fuzzy" : "exact" };
  return fact === null ? null : { value: fact, certainty: "fuzzy" };
}

/**
 * Boolean facts only (no yes/no): what indirect extraction may take from a reply to another question, with
 * `groupsOnly` restricting it to the concept-group words (pets, smoking…), never a label's generic words.
 */
export function extractBooleanFact(text: string, words: TargetWords, groupsOnly = false, clauses?: ClauseTokens): boolean | null {
  return factValue(text, words, groupsOnly, clauses);
}

// "Oui"/"Non" labels are read by the lexicons, which know about negation scope.
const isYesNoWord = (p: Phrase) =>
  p.tokens.length === 1 &&
  (TRUE_PHRASES.some((t) => t.length === 1 && t[0] === p.tokens[0]) || FALSE_PHRASES.some((t) => t.length === 1 && t[0] === p.tokens[0]));
