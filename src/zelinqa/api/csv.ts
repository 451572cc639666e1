// CSV text of the API's exports (RFC 4180 quoting, `\n` line endings): the question list of docs/zelinqa-api.md §12.2 and the
// [ext] analytics tables. Every text cell of every export goes through safeCsvText, neutralised against formula injection.

/** RFC 4180: quoted when asked or when the value holds a quote, comma or line break; quotes doubled. */
function csvField(value: string, alwaysQuote: boolean): string {
  const needs = alwaysQuote || /[",\r\n]/.test(value);
  return needs ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Spreadsheets run a cell starting with one of these as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet shows as text: a leading formula character gets a `'` before it, then RFC 4180 quoting
 * (always when asked, as docs/zelinqa-api.md §12.2 asks for the question text). Ids are free text too (1–128 of any
 * character).
 */
export function safeCsvText(value: string, alwaysQuote = false): string {
  return csvField(FORMULA_START.test(value) ? `'${value}` : value, alwaysQuote);
}

/** A table with a fixed header; numbers as JSON writes them, null as an empty cell, text neutralised. */
export function tableCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map((column) => safeCsvText(column)).join(",")];
  for (const row of rows) {
    lines.push(
      columns
        .map((column) => {
          const value = row[column];
          if (value === null || value === undefined) return "";
          if (typeof value === "number" || typeof value === "boolean") return String(value);
          return safeCsvText(typeof value === "string" ? value : JSON.stringify(value));
        })
        .join(","),
    );
  }
  return lines.join("\n") + "\n";
}
