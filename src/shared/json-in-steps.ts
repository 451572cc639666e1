// JSON.parse of a large document in steps: the containers of its first levels are walked here and each smaller value
// in them is handed to JSON.parse, with a yield after each one, so that a caller can give the thread back between
// steps (time-slices.ts). One JSON.parse of a 44 MB artefact held the thread for a second. No Node import.

/** How many container levels are walked here: below them, a value is parsed whole by JSON.parse. */
const WALKED_LEVELS = 2;

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function syntaxError(text: string, at: number, expected: string): SyntaxError {
  const found = at < text.length ? JSON.stringify(text[at]) : "the end";
  return new SyntaxError(`JSON: expected ${expected} at position ${at}, found ${found}`);
}

function skipWhitespace(text: string, at: number): number {
  let i = at;
  while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++;
  return i;
}

/** The position just after the string that opens at `at`. */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) throw syntaxError(text, text.length, "the end of a string");
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The position just after the value (of any kind) that starts at `at`; JSON.parse checks what is in between. */
function valueEnd(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first !== 0x7b && first !== 0x5b) {
    let i = at;
    while (i < text.length && !WHITESPACE.has(text.charCodeAt(i)) && !",]}:".includes(text.charAt(i))) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i) - 1;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) return i + 1;
  }
  throw syntaxError(text, text.length, "the end of a container");
}

/** A property set as JSON.parse sets it: `__proto__` becomes an own property, not the prototype. */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function* valueAt(text: string, at: number, level: number): Generator<void, [unknown, number]> {
  const first = text.charCodeAt(at);
  if (level >= WALKED_LEVELS || (first !== 0x7b && first !== 0x5b)) {
    const end = valueEnd(text, at);
    const value: unknown = JSON.parse(text.slice(at, end));
    yield;
    return [value, end];
  }
  return first === 0x5b ? yield* arrayAt(text, at, level) : yield* objectAt(text, at, level);
}

function* arrayAt(text: string, at: number, level: number): Generator<void, [unknown, number]> {
  const items: unknown[] = [];
  let i = skipWhitespace(text, at + 1);
  if (text.charCodeAt(i) === 0x5d) return [items, i + 1];
  for (;;) {
    const [item, end] = yield* valueAt(text, i, level + 1);
    items.push(item);
    i = skipWhitespace(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x5d) return [items, i + 1];
    if (c !== 0x2c) throw syntaxError(text, i, "',' or ']'");
    i = skipWhitespace(text, i + 1);
  }
}

function* objectAt(text: string, at: number, level: number): Generator<void, [unknown, number]> {
  const members: Record<string, unknown> = {};
  let i = skipWhitespace(text, at + 1);
  if (text.charCodeAt(i) === 0x7d) return [members, i + 1];
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) throw syntaxError(text, i, "a property name");
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) throw syntaxError(text, i, "':'");
    const [value, end] = yield* valueAt(text, skipWhitespace(text, i + 1), level + 1);
    setMember(members, key, value);
    i = skipWhitespace(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x7d) return [members, i + 1];
    if (c !== 0x2c) throw syntaxError(text, i, "',' or '}'");
    i = skipWhitespace(text, i + 1);
  }
}

/**
 * Parses `text` as JSON.parse does (same value, a SyntaxError for what it refuses), yielding after each value below
 * the walked levels: for an artefact, after each question and each success information.
 */
export function* parseJsonInSteps(text: string): Generator<void, unknown> {
  const start = skipWhitespace(text, 0);
  if (start >= text.length) throw syntaxError(text, start, "a value");
  const [value, end] = yield* valueAt(text, start, 0);
  const rest = skipWhitespace(text, end);
  if (rest < text.length) throw syntaxError(text, rest, "the end");
  return value;
}
