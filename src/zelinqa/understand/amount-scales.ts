// [ext] Two more kinds of ordered scale for ordered-scale.ts, read from labels and replies alike: an amount ("None at
// all" / "A little" / "Quite a lot" / "Very experienced", "Aucune" / "Un peu" / "Beaucoup") and a tier of price or
// quality ("Entrée de gamme" / "Milieu de gamme" / "Haut de gamme" / "Luxe", "Basic" / "Standard" / "Premium").

const seqs = (list: readonly string[]) => list.map((p) => p.split(" "));
const startsAt = (tokens: readonly string[], seq: readonly string[], i: number) => seq.every((w, j) => tokens[i + j] === w);

/** Levels of an amount, longest phrases first where one holds another ("quite a lot" before "a lot"). */
const AMOUNTS: readonly [readonly string[][], number][] = [
  [seqs(["none at all", "not at all", "pas du tout", "aucune", "aucun", "none", "nothing", "rien", "zero", "nada"]), 0],
  [seqs(["never", "jamais", "first time", "premiere fois", "never before", "jamais avant", "no experience"]), 0],
  [seqs(["not much", "not a lot", "not many", "pas beaucoup", "pas trop", "pas grand chose", "very little", "tres peu"]), 1],
  [seqs(["a little", "a bit", "un peu", "un petit peu", "slightly", "little", "peu", "basic", "basics", "bases", "notions"]), 1],
  [seqs(["quite a lot", "quite a bit", "a fair amount", "a fair bit", "pas mal", "assez", "moderately", "moderate"]), 2.5],
  [seqs(["some", "quelques", "a few", "un certain", "moyen", "moyennement"]), 2],
  [seqs(["a lot", "lots", "loads", "plenty", "beaucoup", "much", "many", "tons"]), 3],
  [seqs(["enormement", "very", "tres", "extremely", "extremement", "highly", "hugely", "expert", "experte", "vast", "huge"]), 4],
];
/** A level of 2 or more said after a negation ("not a lot", "pas énormément") is little. */
const NOT = new Set(["not", "pas", "no", "n", "t"]);

/** The amount a text states, 0 (none) … 4 (very), or null; the first said in the text. */
export function amountOf(tokens: readonly string[]): number | null {
  for (let i = 0; i < tokens.length; i++) {
    for (const [list, level] of AMOUNTS) {
      if (!list.some((seq) => startsAt(tokens, seq, i))) continue;
      if (level >= 2 && NOT.has(tokens[i - 1] ?? "")) return 1;
      return level;
    }
  }
  return null;
}

/** Tiers of price or quality: entry, middle, high, luxury. */
const TIERS: readonly [readonly string[][], number][] = [
  [
    seqs([
      ...["entree", "entry", "bas de gamme", "low end", "lower end", "basic", "basique", "economy", "economique"],
      ...["cheap", "cheapest", "pas cher", "pas chere", "premier prix", "premiers prix", "moins cher", "moins chere"],
      ...["le moins cher", "bon marche", "low cost", "lowcost", "affordable", "abordable", "petit prix", "petits prix"],
    ]),
    0,
  ],
  [
    seqs([
      ...["milieu", "middle", "mid", "mid range", "moyen", "moyenne", "moyen de gamme", "standard", "intermediaire"],
      ...["intermediate", "average", "correct", "correcte", "classique", "regular"],
    ]),
    1,
  ],
  [seqs(["haut", "high end", "higher end", "premium", "superieur", "superieure", "upscale", "top end", "qualite"]), 2],
  [
    seqs([
      ...["luxe", "luxury", "luxueux", "luxueuse", "sur mesure", "bespoke", "made to measure", "custom made", "prestige"],
      ...["top du top", "haut de gamme plus", "the very best", "no budget"],
    ]),
    3,
  ],
];

/**
 * The tier a text states, 0 (entry) … 3 (luxury), or null; the highest tier said at one place ("haut de gamme plus"),
 * and null when two places say different tiers ("entre milieu et haut de gamme").
 */
export function tierOf(tokens: readonly string[]): number | null {
  const said = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    let found: number | null = null;
    let length = 0;
    for (const [list, level] of TIERS)
      for (const seq of list)
        if (startsAt(tokens, seq, i)) {
          found = Math.max(found ?? level, level);
          length = Math.max(length, seq.length);
        }
    if (found === null) continue;
    said.add(found);
    i += length - 1;
  }
  return said.size === 1 ? ([...said][0] as number) : null;
}
