// Clauses and negation scope [ext of docs/zelinqa-api.md §10.5.2]: a negation applies to what follows it in the same
// clause ("parking, but no need for a balcony" negates only the balcony; "of course not" is false). Clauses end
// at punctuation and at contrastive or additive links, so "pas un canapé, plutôt une table" keeps the table.
import { normalise } from "./normalise.js";

/** Single negation tokens, French and English, after N(s) (apostrophes are spaces: "don't" → "don t"). */
const NEGATIONS = new Set([
  "pas",
  "non",
  "sans",
  "jamais",
  "ni",
  "aucun",
  "aucune",
  "rien",
  "plus",
  "nul",
  "nulle",
  "not",
  "no",
  "without",
  "never",
  "nor",
  "neither",
  "none",
  "nothing",
  "nobody",
  "noone",
  "nope",
  "nah",
  "cannot",
  "dont",
  "doesnt",
  "didnt",
  "isnt",
  "wont",
]);
/** Contractions that negate when followed by "t" ("don t", "isn t"). */
const NT_STEMS = new Set([
  "don",
  "doesn",
  "didn",
  "isn",
  "aren",
  "wasn",
  "weren",
  "won",
  "can",
  "couldn",
  "haven",
  "hasn",
  "wouldn",
  "shouldn",
  "ain",
]);
/** Words that start a new clause (besides punctuation): contrast and addition. */
const CLAUSE_LINKS = new Set([
  "mais",
  "but",
  "plutot",
  "rather",
  "instead",
  "juste",
  "just",
  "only",
  "seulement",
  "et",
  "and",
  "sauf",
  "except",
  "apart",
  "hormis",
  "excepte",
  "however",
  "cependant",
  "par",
  "though",
]);
// "plus" negates in "ne … plus" only; alone it is usually "more" ("plus de 3"), so it needs a preceding "ne"/"n".
const NEEDS_NE = new Set(["plus", "rien"]);
const NE_PARTNERS = new Set(["pas", "plus", "jamais", "rien", "guere", "point", "aucun", "aucune"]);
/** [ext] A bare no closing a clause ("antiques yes, appliances no", "le robot non") refuses what the clause named. */
const TRAILING_NO = new Set(["no", "non", "not", "pas", "nope", "nah"]);
/**
 * What before a closing no makes it a reply of its own, not a refusal of a thing: "of course not", "why not",
 * "I guess not", "je pense que non", "pourquoi pas", "rather not".
 */
const TRAILING_NO_OPENERS = new Set([
  "course",
  "think",
  "guess",
  "hope",
  "maybe",
  "probably",
  "perhaps",
  "surely",
  "certainly",
  "definitely",
  "absolutely",
  "really",
  "sure",
  "rather",
  "pourquoi",
  "pense",
  "crois",
  "espere",
  "etre",
  "plutot",
  "vraiment",
  "surtout",
  "toujours",
  "encore",
  "only",
  "just",
  "juste",
  "seulement",
]);

export interface ClauseTokens {
  /** Normalised tokens of the whole text. */
  readonly tokens: readonly string[];
  /** Clause index of each token. */
  readonly clause: readonly number[];
  /** For each token: a negation occurs before it in its clause. */
  readonly negated: readonly boolean[];
}

/** Is token i a negation word (with its local context)? */
export function isNegationAt(tokens: readonly string[], i: number): boolean {
  const t = tokens[i] as string;
  if (t === "t" && i > 0 && NT_STEMS.has(tokens[i - 1] as string)) return true;
  // French "ne … pas/plus/jamais/rien": the negation starts at "ne", before the verb it wraps.
  if (t === "ne" || t === "n") {
    for (let j = i + 1; j <= i + 4 && j < tokens.length; j++) if (NE_PARTNERS.has(tokens[j] as string)) return true;
    return false;
  }
  if (!NEGATIONS.has(t)) return false;
  // "rien de trop moderne": "rien de" opens a negation without "ne".
  if (t === "rien" && (tokens[i + 1] === "de" || tokens[i + 1] === "d")) return true;
  if (NEEDS_NE.has(t)) return i > 0 && (tokens[i - 1] === "ne" || tokens[i - 1] === "n" || tokens[i - 2] === "ne" || tokens[i - 2] === "n");
  // "plus" after "non"? "non plus" is still a negation; "no" as in "no. 5" is rare enough to ignore.
  return true;
}

/** Splits the raw text into clauses (punctuation and linking words) and computes negation scope. */
export function clauseTokens(text: string): ClauseTokens {
  const tokens: string[] = [];
  const clause: number[] = [];
  let current = 0;
  for (const piece of text.split(/[,;.!?:()\n/+&]|\s-\s/)) {
    const n = normalise(piece);
    if (n === "") continue;
    for (const t of n.split(" ")) {
      if (CLAUSE_LINKS.has(t) && tokens.length > 0 && clause[clause.length - 1] === current) current += 1;
      tokens.push(t);
      clause.push(current);
    }
    current += 1;
  }
  const negated: boolean[] = new Array<boolean>(tokens.length).fill(false);
  let seen = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0 && clause[i] !== clause[i - 1]) seen = -1;
    negated[i] = seen >= 0;
    if (isNegationAt(tokens, i)) seen = i;
  }
  markClosingNo(tokens, clause, negated);
  return { tokens, clause, negated };
}

/**
 * [ext] "antiques yes, appliances no", "robot oui, volet non": a bare no that ends a clause of a reply of several
 * clauses, with no other negation in the clause, refuses the words before it (not "of course not", "je pense que non": TRAILING_NO_OPENERS).
 */
function markClosingNo(tokens: readonly string[], clause: readonly number[], negated: boolean[]): void {
  // Only in a reply of several clauses: "friday no actually saturday" is a correction (corrections.ts), and the part
  // before its correction word is read on its own.
  if (tokens.length === 0 || clause[tokens.length - 1] === clause[0]) return;
  for (let i = 1; i < tokens.length; i++) {
    if (!TRAILING_NO.has(tokens[i] as string) || clause[i + 1] === clause[i] || clause[i - 1] !== clause[i]) continue;
    const before = tokens[i - 1] as string;
    if (before.length < 4 || TRAILING_NO_OPENERS.has(before) || negated[i - 1] === true) continue;
    let start = i - 1;
    while (start > 0 && clause[start - 1] === clause[i]) start--;
    if (tokens.slice(start, i).some((_, k) => isNegationAt(tokens, start + k))) continue;
    for (let k = start; k < i; k++) negated[k] = true;
  }
}

/** [ext] The clauses after the first: where a value for another question is said after the answer ("fibre, and no TV"). */
export function clausesAfterFirst(c: ClauseTokens): ClauseTokens | null {
  const start = c.clause.findIndex((k) => k !== c.clause[0]);
  return start < 0 ? null : { tokens: c.tokens.slice(start), clause: c.clause.slice(start), negated: c.negated.slice(start) };
}
