// Secrets are never printed by the CLI: ctx already masks keys unless asked, and this second pass masks any
// field whose name looks like a credential, in case a configuration stores one elsewhere.
const SECRET_NAME = /(^|_)(api_?key|key|token|secret|password|passwd|authorization)$/i;

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = SECRET_NAME.test(key) && typeof field === "string" && field.length > 0 ? "[set]" : maskSecrets(field);
  }
  return out;
}
