// Secret scrubbing (docs/zelinqa-mcp.md §8): every occurrence of a configured key, longest first, becomes [redacted].
// The secrets come from the environment parsed once at startup (environment.ts).
const SECRET_VARIABLES = [
  "ZELINQA_API_KEY",
  "ZELINQA_LIVE_RUNTIME_KEY",
  "ZELINQA_LIVE_CONFIG_READ_KEY",
  "ZELINQA_LIVE_CONFIG_WRITE_KEY",
  "ZELINQA_LIVE_CONFIG_PUBLISH_KEY",
  "ZELINQA_LIVE_REVOKED_KEY",
] as const;

export const REDACTED = "[redacted]";

/** The values of the key variables, trimmed, when at least 8 characters long; longest first. */
export function secretsOf(env: Readonly<Record<string, string | undefined>>): string[] {
  const values = new Set<string>();
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim();
    if (value !== undefined && value.length >= 8) values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

export interface Scrubber {
  text(value: string): string;
  /** Scrubs every string value (keys are left alone) of a JSON-like value. */
  deep(value: unknown): unknown;
}

export function createScrubber(secrets: readonly string[]): Scrubber {
  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  const text = (value: string) => ordered.reduce((out, secret) => out.split(secret).join(REDACTED), value);
  const deep = (value: unknown): unknown => {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return value.map(deep);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]));
    }
    return value;
  };
  return { text, deep };
}
