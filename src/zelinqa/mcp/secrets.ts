// Secret scrubbing (zelinqa-mcp.md §8): every occurrence of a configured key, longest first, becomes [redacted].
const SECRET_VARIABLES = [
  "ZELINQA_API_KEY",
  "ZELINQA_LIVE_RUNTIME_KEY",
  "ZELINQA_LIVE_CONFIG_READ_KEY",
  "ZELINQA_LIVE_CONFIG_WRITE_KEY",
  "ZELINQA_LIVE_CONFIG_PUBLISH_KEY",
  "ZELINQA_LIVE_REVOKED_KEY",
] as const;

export const REDACTED = "[redacted]";

/** Read on every use: the environment is the single source and tests change it. */
function secrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const values = new Set<string>();
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim();
    if (value !== undefined && value.length >= 8) values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

export function scrubText(text: string): string {
  let out = text;
  for (const secret of secrets()) out = out.split(secret).join(REDACTED);
  return out;
}

/** Scrubs every string value (keys are left alone) of a JSON-like value. */
export function scrubDeep(value: unknown): unknown {
  if (typeof value === "string") return scrubText(value);
  if (Array.isArray(value)) return value.map(scrubDeep);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)]));
  }
  return value;
}
