// About how many characters a value read from the ctx database holds (its strings and keys, a few per other value):
// the weight ctx's caches count, so that they are bounded by what they hold and not only by their number of entries
// (a ctxkey's configuration may be as large as a frame).

/** Characters of a JSON-like value: strings and keys by their length, every other value 8; walked without recursion. */
export function valueChars(value: unknown): number {
  let chars = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") chars += item.length;
    else if (Array.isArray(item)) {
      chars += 8;
      for (const element of item) stack.push(element);
    } else if (typeof item === "object" && item !== null) {
      chars += 8;
      for (const [key, element] of Object.entries(item)) {
        chars += key.length;
        stack.push(element);
      }
    } else chars += 8;
  }
  return chars;
}
