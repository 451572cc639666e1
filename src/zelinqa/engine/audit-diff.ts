// Sanitised structural diffs for the audit log (docs/zelinqa-api.md §12.6): only changed keys, editorial fields as "[changed]".

export const CHANGED_MARKER = "[changed]";
// [ext] synonyms are editorial text too: the diff names the key and marks it changed.
const EDITORIAL_FIELDS = new Set(["name", "description", "text", "label", "choices", "schema", "synonyms"]);

export interface AuditDiffValue {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const sanitise = (key: string, value: unknown): unknown => (EDITORIAL_FIELDS.has(key) ? CHANGED_MARKER : value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `before` null on create, `after` null on delete; otherwise only the keys whose value changed. */
export function auditDiff(before: object | null, after: object | null): AuditDiffValue {
  const b = before as Record<string, unknown> | null;
  const a = after as Record<string, unknown> | null;
  const keys = new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})]);
  const outBefore: Record<string, unknown> = {};
  const outAfter: Record<string, unknown> = {};
  for (const key of keys) {
    const vb = b?.[key];
    const va = a?.[key];
    if (b !== null && a !== null && same(vb, va)) continue;
    if (b !== null && vb !== undefined) outBefore[key] = sanitise(key, vb);
    if (a !== null && va !== undefined) outAfter[key] = sanitise(key, va);
  }
  return { before: b === null ? null : outBefore, after: a === null ? null : outAfter };
}
