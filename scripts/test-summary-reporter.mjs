// A node:test reporter that prints nothing while the run goes on and, at the end, writes one JSON summary (counts,
// failures with their first error line and where in the project's files it was thrown, skips with their reason, time
// per file) to its destination, for scripts/run-tests.ts to print after node's own closing lines. Plain JavaScript:
// node loads reporters before any --import loader, so a .ts reporter would not load.
import { relative } from "node:path";

/** @param {{ message?: string; cause?: unknown } | undefined} error */
function firstLine(error) {
  const cause = error?.cause;
  const message = cause instanceof Error ? cause.message : typeof cause === "string" ? cause : (error?.message ?? "failed");
  return (message.split("\n").find((line) => line.trim() !== "") ?? "failed").trim().slice(0, 300);
}

/**
 * The first frame of the error's stack in the project's own files (not node_modules, not node's internals), as
 * "path:line:column" from the working directory: which step of a long test failed, in a CI log that keeps only the
 * summary.
 * @param {{ stack?: string; cause?: unknown } | undefined} error
 */
function where(error) {
  const cause = error?.cause;
  const stack = cause instanceof Error ? cause.stack : error?.stack;
  for (const match of (stack ?? "").matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):(\d+)/g)) {
    const path = relative(process.cwd(), match[1] ?? "");
    if (!path.startsWith("..") && !path.includes("node_modules")) return `${path}:${match[2]}:${match[3]}`;
  }
  return "";
}

/** @param {AsyncIterable<{ type: string; data?: any }>} source */
export default async function* summaryReporter(source) {
  const summary = { passed: 0, failed: 0, skipped: 0, todo: 0, failures: [], skips: [], fileMs: {} };
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const data = event.data;
    const file = data.file ? relative(process.cwd(), data.file) : "?";
    if (data.nesting === 0) summary.fileMs[file] = (summary.fileMs[file] ?? 0) + (data.details?.duration_ms ?? 0);
    const suite = data.details?.type === "suite";
    if (event.type === "test:fail") {
      // A suite failing only because of its subtests is counted through them; a failing hook counts as one failure.
      if (suite && /^\d+ subtests? failed$/.test(data.details?.error?.message ?? firstLine(data.details?.error))) continue;
      summary.failed += 1;
      summary.failures.push({ file, name: data.name, firstLine: firstLine(data.details?.error), at: where(data.details?.error) });
    } else if (data.skip !== undefined && data.skip !== false) {
      // A skipped suite (`describe(..., { skip })`) counts once: its tests never ran.
      summary.skipped += 1;
      summary.skips.push({ file, name: data.name, reason: typeof data.skip === "string" ? data.skip : "skipped" });
    } else if (suite) {
      continue;
    } else if (data.todo !== undefined && data.todo !== false) {
      summary.todo += 1;
    } else {
      summary.passed += 1;
    }
  }
  yield `${JSON.stringify(summary)}\n`;
}
