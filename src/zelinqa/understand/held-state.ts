// [ext] What a multiple-choice reply names without holding it now: a certificate "expired last year", a check "being
// processed", asthma "as a kid but not anymore", "j'attends mon permis". The option is treated as refused: it is never
// selected, and the rest of the list still is ("driving licence yes, first aid expired" holds the licence only).
import type { ClauseTokens } from "./clauses.js";

const seqs = (list: readonly string[]) => list.map((p) => p.split(" "));

/** After the option in its clause: lapsed, pending, or past. */
const NOT_HELD_AFTER = seqs([
  ...["expired", "has expired", "lapsed", "out of date", "outdated", "no longer valid", "not valid", "not current"],
  ...["being processed", "pending", "in progress", "on its way", "not through yet", "not back yet", "applied for"],
  ...["as a kid", "as a child", "when i was young", "when i was little", "when i was a kid", "in the past"],
  ...["expire", "expiree", "expires", "perime", "perimee", "perimes", "perimees", "plus valable", "plus valide"],
  ...["pas a jour", "plus a jour", "en cours", "en attente", "en preparation", "pas encore", "not yet", "pas recu"],
  ...["plus maintenant", "not anymore", "no longer", "anymore", "n est plus valable", "n est plus valide"],
  ...["quand j etais petit", "quand j etais petite", "quand il etait petit", "quand elle etait petite"],
  ...["etant petit", "etant petite", "autrefois", "dans le passe", "il y a longtemps"],
]);
/** Before the option in its clause: "used to have asthma", "waiting for my DBS", "j'attends le permis". */
const NOT_HELD_BEFORE = seqs([
  ...["used to", "applied for", "applying for", "waiting for", "waiting on", "still waiting", "working towards", "working on"],
  ...["en attente de", "en attente d", "en attente du", "en attente des", "j attends", "on attend", "en train de passer"],
]);
/** A clause saying only that the one before is over: "but not anymore", "mais plus maintenant", "no longer". */
const OVER_CLAUSE = new Set([
  "not",
  "no",
  "anymore",
  "longer",
  "any",
  "more",
  "now",
  "plus",
  "maintenant",
  "du",
  "tout",
  "mais",
  "but",
  "pas",
  "ca",
  "c",
  "est",
  "fini",
  "over",
]);
const OVER_MARK = new Set(["anymore", "longer", "maintenant", "fini", "over"]);

/** The first words of every mark, to pass over a reply holding none at once. */
const FIRST_WORDS = new Set([...NOT_HELD_AFTER, ...NOT_HELD_BEFORE].map((s) => s[0] as string).concat([...OVER_MARK]));

function startsAt(tokens: readonly string[], seq: readonly string[], i: number): boolean {
  return seq.every((w, j) => tokens[i + j] === w);
}

/** Whether the clause (its token indexes) says only that what came before is over. */
function overClause(c: ClauseTokens, idx: readonly number[]): boolean {
  const words = idx.map((i) => c.tokens[i] as string);
  return words.some((w) => OVER_MARK.has(w)) && words.every((w) => OVER_CLAUSE.has(w));
}

/**
 * The reply with the options it does not hold marked as negated (what findPhraseHits and refusedValues read): the
 * words of a clause before a lapsed/pending/past mark, after a "used to"/"waiting for" mark, and of a clause followed
 * by one saying it is over. Returns the same object when nothing is marked.
 */
export function withNotHeldNegated(c: ClauseTokens): ClauseTokens {
  if (!c.tokens.some((t) => FIRST_WORDS.has(t))) return c;
  const byClause = new Map<number, number[]>();
  c.clause.forEach((k, i) => {
    const idx = byClause.get(k);
    if (idx === undefined) byClause.set(k, [i]);
    else idx.push(i);
  });
  const negated = c.negated.slice();
  const mark = (from: number, to: number) => negated.fill(true, from, to);
  const clauses = [...byClause.values()];
  clauses.forEach((idx, n) => {
    const first = idx[0] as number;
    const last = (idx[idx.length - 1] as number) + 1;
    for (const i of idx) {
      const after = NOT_HELD_AFTER.find((s) => startsAt(c.tokens, s, i));
      if (after !== undefined && i > first) mark(first, i);
      const before = NOT_HELD_BEFORE.find((s) => startsAt(c.tokens, s, i));
      if (before !== undefined) mark(i + before.length, last);
    }
    const next = clauses[n + 1];
    if (next !== undefined && overClause(c, next)) mark(first, last);
  });
  return negated.every((v, i) => v === c.negated[i]) ? c : { ...c, negated };
}
