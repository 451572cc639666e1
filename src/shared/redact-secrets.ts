// Replacing known secrets in what leaves a process (frames, results, log lines): each occurrence becomes
// `[redacted]`, the longest secret first so that one holding another is replaced whole.

export const REDACTED = "[redacted]";

/** Replaces each secret in `text` with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** The distinct secrets of at least `minChars` characters, longest first (shorter ones are too common to replace). */
export function secretList(values: Iterable<string>, minChars: number): string[] {
  return [...new Set(values)].filter((value) => value.length >= minChars).sort((a, b) => b.length - a.length);
}
