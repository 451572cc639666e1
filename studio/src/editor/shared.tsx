// Pieces every editor section uses: issue notes next to a field, id suggestions, list parsing.
import type { ConfigurationIssue } from "../types.js";

export function IssueNotes({ issues, testId }: { issues: ConfigurationIssue[]; testId?: string }) {
  if (issues.length === 0) return null;
  return (
    <ul class="issues" data-testid={testId}>
      {issues.map((issue, index) => (
        <li key={`${issue.code}-${index}`} class="issue" data-code={issue.code}>
          <code>{issue.code}</code> {issue.message}
        </li>
      ))}
    </ul>
  );
}

/** An identifier from a name: lower-case ASCII words joined by underscores, with a prefix, unique among `taken`. */
export function suggestId(prefix: string, name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    `${prefix}_${name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 48)}`.replace(/_+$/, "") || prefix;
  let id = base;
  for (let n = 2; used.has(id); n += 1) id = `${base}_${n}`;
  return id;
}

/** "a, b ,c" → ["a","b","c"]; empty → undefined. */
export function parseList(text: string, separator: RegExp = /,/): string[] | undefined {
  const items = text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? [...new Set(items)] : undefined;
}

export function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
