// A deep copy of a JSON tree (plain objects, arrays, strings, numbers, booleans, null), as structuredClone makes it but
// without its serialise/deserialise round trip: a session state is copied on every /next, where that round trip costs
// several times the walk. Own enumerable keys keep their order; a key holding undefined stays, as with structuredClone.

/** A deep copy of `value`, a tree of JSON values (no cycles, no class instances). */
export function cloneJson<T>(value: T): T {
  return cloneValue(value) as T;
}

function cloneValue(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) out[i] = cloneValue(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = cloneValue((value as Record<string, unknown>)[key]);
    // JSON.parse makes "__proto__" an own key; an assignment would set the prototype instead.
    if (key === "__proto__") Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out;
}
