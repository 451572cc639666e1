// [ext] Success-information schemas may carry `pattern` (docs/zelinqa-api.md §12.4 invalid_schema). JavaScript regular
// expressions backtrack: `^(a+)+$` against 40 characters, or `^\d*\d*\d*x$` against an 8000-character answer, holds the
// event loop for minutes, and every request of the process waits. This module refuses, before anything is compiled or
// run, the patterns whose matching time can grow faster than the square of the text's length:
//   * a repetition inside a repetition that can split one text in many ways (`(a+)+`, `(\d\d?)*`, `(.*a){3}`);
//   * a repetition of alternatives that can begin with the same character (`(a|ab)*`), or of something that can be empty;
//   * three or more long repetitions in a row that can take the same characters (`\d*\d*\d*`), the search for an
//     unanchored pattern counting as one (`\d*\d*x` without `^`);
//   * back-references, which no bound on backtracking holds.
// The analysis is conservative: a pattern it cannot read is refused, with a message saying how to write it.

type Range = readonly [number, number];
type CharSet = readonly Range[];

type Node =
  | { kind: "char"; set: CharSet }
  | { kind: "assert" }
  | { kind: "look"; body: Node }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; alts: Node[] }
  | { kind: "repeat"; body: Node; min: number; max: number };

/** Longest pattern read; longer ones are refused. */
export const MAX_PATTERN_LENGTH = 1000;
/** A repetition allowing more than this many extra iterations counts as long (its backtracking grows with the text). */
const LONG_REPEAT_SPAN = 32;
const MAX_CODE_POINT = 0x10ffff;
const ALL: CharSet = [[0, MAX_CODE_POINT]];
const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: CharSet = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

class Unsafe extends Error {}

function normalise(ranges: readonly Range[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of normalise([...set])) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const union = (...sets: CharSet[]): CharSet => normalise(sets.flat());

function overlaps(a: CharSet, b: CharSet): boolean {
  return a.some(([alo, ahi]) => b.some(([blo, bhi]) => alo <= bhi && blo <= ahi));
}

/** A recursive-descent reader of the `u`-mode syntax ajv compiles patterns with. */
class PatternReader {
  #pos = 0;
  constructor(readonly source: string) {}

  read(): Node {
    const node = this.#alternation(0);
    if (this.#pos < this.source.length) throw new Unsafe(`unexpected "${this.source[this.#pos]}" at ${this.#pos}`);
    return node;
  }

  #peek(offset = 0): string | undefined {
    return this.source[this.#pos + offset];
  }

  #alternation(depth: number): Node {
    if (depth > 32) throw new Unsafe("groups nest too deeply");
    const alts: Node[] = [this.#sequence(depth)];
    while (this.#peek() === "|") {
      this.#pos++;
      alts.push(this.#sequence(depth));
    }
    return alts.length === 1 ? alts[0]! : { kind: "alt", alts };
  }

  #sequence(depth: number): Node {
    const items: Node[] = [];
    while (this.#pos < this.source.length && this.#peek() !== "|" && this.#peek() !== ")") {
      const atom = this.#atom(depth);
      items.push(this.#quantified(atom));
    }
    return { kind: "seq", items };
  }

  #quantified(atom: Node): Node {
    let min: number;
    let max: number;
    const c = this.#peek();
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.#pos));
      if (!match) throw new Unsafe("a lone { must be escaped");
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
      this.#pos += match[0].length - 1;
    } else return atom;
    this.#pos++;
    if (this.#peek() === "?") this.#pos++;
    if (atom.kind === "assert" || atom.kind === "look") throw new Unsafe("an assertion cannot be repeated");
    return { kind: "repeat", body: atom, min, max };
  }

  #atom(depth: number): Node {
    const c = this.#peek()!;
    this.#pos++;
    if (c === "^" || c === "$") return { kind: "assert" };
    if (c === ".")
      return {
        kind: "char",
        set: complement([
          [0x0a, 0x0a],
          [0x0d, 0x0d],
          [0x2028, 0x2029],
        ]),
      };
    if (c === "[") return { kind: "char", set: this.#characterClass() };
    if (c === "\\") return this.#escape();
    if (c === "(") return this.#group(depth);
    if (c === "*" || c === "+" || c === "?" || c === "{" || c === "}" || c === "]") {
      throw new Unsafe(`"${c}" at ${this.#pos - 1} must be escaped`);
    }
    const code = this.source.codePointAt(this.#pos - 1)!;
    if (code > 0xffff) this.#pos++;
    return { kind: "char", set: [[code, code]] };
  }

  #group(depth: number): Node {
    let look = false;
    if (this.#peek() === "?") {
      const rest = this.source.slice(this.#pos + 1);
      if (rest.startsWith(":")) this.#pos += 2;
      else if (/^(=|!|<=|<!)/.test(rest)) {
        look = true;
        this.#pos += rest.startsWith("<") ? 3 : 2;
      } else if (rest.startsWith("<")) {
        const end = this.source.indexOf(">", this.#pos);
        if (end < 0) throw new Unsafe("an unfinished group name");
        this.#pos = end + 1;
      } else throw new Unsafe("an unknown group kind");
    }
    const body = this.#alternation(depth + 1);
    if (this.#peek() !== ")") throw new Unsafe("an unclosed group");
    this.#pos++;
    return look ? { kind: "look", body } : body;
  }

  #escape(): Node {
    const c = this.#peek();
    if (c === undefined) throw new Unsafe("a trailing backslash");
    if (c === "b" || c === "B") {
      this.#pos++;
      return { kind: "assert" };
    }
    if (/[1-9]/.test(c) || (c === "k" && this.#peek(1) === "<")) throw new Unsafe("a back-reference");
    return { kind: "char", set: this.#escapedSet(false) };
  }

  /** The characters an escape (after its backslash) matches; `inClass` reads \b as a backspace. */
  #escapedSet(inClass: boolean): CharSet {
    const c = this.#peek()!;
    this.#pos++;
    const classes: Record<string, CharSet> = {
      d: DIGIT,
      D: complement(DIGIT),
      w: WORD,
      W: complement(WORD),
      s: SPACE,
      S: complement(SPACE),
    };
    const cls = classes[c];
    if (cls) return cls;
    if (c === "p" || c === "P") {
      const end = this.source.indexOf("}", this.#pos);
      if (this.#peek() !== "{" || end < 0) throw new Unsafe("an unfinished \\p{…}");
      this.#pos = end + 1;
      return ALL;
    }
    const single = (code: number): CharSet => [[code, code]];
    const controls: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13, 0: 0 };
    if (inClass && c === "b") return single(8);
    if (c in controls) return single(controls[c]!);
    if (c === "c") {
      const letter = this.#peek();
      if (letter === undefined || !/[A-Za-z]/.test(letter)) throw new Unsafe("an unfinished \\c");
      this.#pos++;
      return single(letter.charCodeAt(0) % 32);
    }
    if (c === "x" || c === "u") {
      const rest = this.source.slice(this.#pos);
      const match = c === "x" ? /^[0-9a-fA-F]{2}/.exec(rest) : (/^\{([0-9a-fA-F]{1,6})\}/.exec(rest) ?? /^[0-9a-fA-F]{4}/.exec(rest));
      if (!match) throw new Unsafe(`an unfinished \\${c}`);
      this.#pos += match[0].length;
      return single(parseInt(match[1] ?? match[0], 16));
    }
    const code = this.source.codePointAt(this.#pos - 1)!;
    if (code > 0xffff) this.#pos++;
    return single(code);
  }

  #characterClass(): CharSet {
    let negated = false;
    if (this.#peek() === "^") {
      negated = true;
      this.#pos++;
    }
    const ranges: Range[] = [];
    while (this.#peek() !== "]") {
      if (this.#pos >= this.source.length) throw new Unsafe("an unclosed [");
      const low = this.#classAtom();
      if (this.#peek() === "-" && this.#peek(1) !== "]" && this.#peek(1) !== undefined) {
        this.#pos++;
        const high = this.#classAtom();
        const [lo, hi] = [low[0]?.[0] ?? 0, high.at(-1)?.[1] ?? MAX_CODE_POINT];
        ranges.push(low.length === 1 && high.length === 1 && lo <= hi ? [lo, hi] : [0, MAX_CODE_POINT]);
      } else ranges.push(...low);
    }
    this.#pos++;
    const set = normalise(ranges);
    return negated ? complement(set) : set;
  }

  #classAtom(): CharSet {
    const c = this.#peek()!;
    this.#pos++;
    if (c === "\\") {
      if (this.#peek() === undefined) throw new Unsafe("a trailing backslash");
      return this.#escapedSet(true);
    }
    const code = this.source.codePointAt(this.#pos - 1)!;
    if (code > 0xffff) this.#pos++;
    return [[code, code]];
  }
}

const varies = (n: Node & { kind: "repeat" }) => n.max > n.min;
const iterates = (n: Node & { kind: "repeat" }) => n.max >= 2;
const isLong = (n: Node): boolean => n.kind === "repeat" && n.max - n.min > LONG_REPEAT_SPAN;

function nullable(node: Node): boolean {
  switch (node.kind) {
    case "char":
      return false;
    case "assert":
    case "look":
      return true;
    case "seq":
      return node.items.every(nullable);
    case "alt":
      return node.alts.some(nullable);
    case "repeat":
      return node.min === 0 || nullable(node.body);
  }
}

/** Every character the node can take. */
function charsOf(node: Node): CharSet {
  switch (node.kind) {
    case "char":
      return node.set;
    case "assert":
    case "look":
      return [];
    case "seq":
      return union(...node.items.map(charsOf));
    case "alt":
      return union(...node.alts.map(charsOf));
    case "repeat":
      return charsOf(node.body);
  }
}

/** The characters the node can begin with. */
function firstOf(node: Node): CharSet {
  switch (node.kind) {
    case "char":
      return node.set;
    case "assert":
    case "look":
      return [];
    case "seq": {
      const sets: CharSet[] = [];
      for (const item of node.items) {
        sets.push(firstOf(item));
        if (!nullable(item)) break;
      }
      return union(...sets);
    }
    case "alt":
      return union(...node.alts.map(firstOf));
    case "repeat":
      return firstOf(node.body);
  }
}

function containsVaryingRepeat(node: Node): boolean {
  switch (node.kind) {
    case "char":
    case "assert":
      return false;
    case "look":
      return containsVaryingRepeat(node.body);
    case "seq":
      return node.items.some(containsVaryingRepeat);
    case "alt":
      return node.alts.some(containsVaryingRepeat);
    case "repeat":
      return varies(node) || containsVaryingRepeat(node.body);
  }
}

function containsLong(node: Node): boolean {
  switch (node.kind) {
    case "char":
    case "assert":
    case "look":
      return false;
    case "seq":
      return node.items.some(containsLong);
    case "alt":
      return node.alts.some(containsLong);
    case "repeat":
      return isLong(node) || containsLong(node.body);
  }
}

/** Sequences spliced into their parent (a plain group is no boundary for backtracking). */
function flatItems(node: Node): Node[] {
  return node.kind === "seq" ? node.items.flatMap(flatItems) : [node];
}

/** Refuses a repetition that can match one text in many ways (exponential backtracking). */
function checkRepetitions(node: Node): void {
  switch (node.kind) {
    case "char":
    case "assert":
      return;
    case "look":
      return checkRepetitions(node.body);
    case "seq":
      return node.items.forEach(checkRepetitions);
    case "alt":
      return node.alts.forEach(checkRepetitions);
    case "repeat": {
      if (iterates(node)) {
        if (nullable(node.body)) throw new Unsafe("a repetition of something that can be empty");
        checkIterationsApart(node.body);
        checkAlternativesDisjoint(node.body);
      }
      return checkRepetitions(node.body);
    }
  }
}

/**
 * Inside a repetition, a part whose length varies must end where the next character cannot belong to it: before
 * something it cannot take, or, at the end of the body, before the next iteration's first character. `(-[a-z]+)*`
 * passes (an iteration begins with "-"); `(a+)+`, `(\d\d?)+` and `(.*a){3}` can split one text in many ways.
 */
function checkIterationsApart(body: Node): void {
  const items = flatItems(body);
  const next = firstOf(body);
  items.forEach((item, index) => {
    if (!containsVaryingRepeat(item)) return;
    const follow: CharSet[] = [];
    let closed = false;
    for (const after of items.slice(index + 1)) {
      follow.push(firstOf(after));
      if (!nullable(after)) {
        closed = true;
        break;
      }
    }
    if (!closed) follow.push(next);
    if (overlaps(charsOf(item), union(...follow))) throw new Unsafe("a repetition inside a repetition that can take the same characters");
  });
}

/** Inside a repetition, alternatives must begin with different characters. */
function checkAlternativesDisjoint(node: Node): void {
  for (const item of flatItems(node)) {
    if (item.kind === "alt") {
      const firsts = item.alts.map(firstOf);
      for (let i = 0; i < firsts.length; i++) {
        for (let j = i + 1; j < firsts.length; j++) {
          if (overlaps(firsts[i]!, firsts[j]!)) throw new Unsafe("a repetition of alternatives that can begin alike");
        }
      }
      item.alts.forEach(checkAlternativesDisjoint);
    } else if (item.kind === "repeat" && item.max === 1) checkAlternativesDisjoint(item.body);
  }
}

/**
 * Refuses three long repetitions in a row that can trade characters (polynomial backtracking of degree 3 or more).
 * A search (a pattern not starting with ^) tries every start, like one more repetition taking any character.
 */
function checkChains(items: Node[], searched: boolean): void {
  const chain: CharSet[] = searched ? [ALL] : [];
  let between: Node[] = [];
  for (const item of items) {
    if (item.kind === "alt") item.alts.forEach((alt) => checkChains(flatItems(alt), false));
    else if (item.kind === "repeat") checkChains(flatItems(item.body), false);
    else if (item.kind === "look") checkChains(flatItems(item.body), false);
    if (!containsLong(item)) {
      between.push(item);
      continue;
    }
    const last = chain.at(-1);
    const bridged = last !== undefined && overlaps(last, firstOf(item)) && between.every((b) => nullable(b) || overlaps(last, charsOf(b)));
    if (!bridged) chain.length = 0;
    chain.push(charsOf(item));
    if (chain.length >= 3) throw new Unsafe("three repetitions in a row that can take the same characters");
    between = [];
  }
}

/**
 * Why `pattern` could make matching take far longer than the text's length warrants, or null when it is safe to run.
 * Patterns ajv would refuse anyway (syntax errors) may be reported here first.
 */
export function unsafePatternReason(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `it is longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    const tree = new PatternReader(pattern).read();
    checkRepetitions(tree);
    const items = flatItems(tree);
    const anchored = items[0]?.kind === "assert" && pattern.startsWith("^");
    if (tree.kind === "alt") tree.alts.forEach((alt) => checkChains(flatItems(alt), !pattern.startsWith("^")));
    else checkChains(items, !anchored);
    return null;
  } catch (error) {
    if (error instanceof Unsafe) return error.message;
    throw error;
  }
}

/** Every `pattern` string and `patternProperties` key in a schema, at any depth (iterative). */
function patternsOf(schema: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
      continue;
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === "pattern" && typeof child === "string") found.push(child);
      if (key === "patternProperties" && typeof child === "object" && child !== null) found.push(...Object.keys(child));
      stack.push(child);
    }
  }
  return found;
}

/** The problem with the first pattern of a schema that could backtrack catastrophically, or null. */
export function schemaPatternProblem(schema: unknown): string | null {
  for (const pattern of patternsOf(schema)) {
    const reason = unsafePatternReason(pattern);
    if (reason !== null) {
      const shown = pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
      return (
        `The pattern "${shown}" could take minutes to match a long answer (${reason}). ` +
        "Write it without repetitions inside repetitions, alternatives that begin alike or back-references, anchor it with ^, " +
        "and do not let three repetitions in a row take the same characters (^[a-z]+(-[a-z]+)*$ is fine; ^(a+)+$ is not)."
      );
    }
  }
  return null;
}
