// How much of a tool's result goes back into the model's context (docs/zino-protocol.md §3 "Tool results"): exc caps
// what a tool may print (`exec.output_cap_bytes`), but that cap knows nothing of the model's context window, so the
// daemon cuts each result to its share of the ctxkey's prompt budget, keeping the head and the tail of long text.
import { CHARS_PER_TOKEN } from "../config/index.js";
import { headOf, tailOf } from "../../shared/text-cut.js";

/** The prompt budget (context_window − max_output_tokens) of the default configuration: 8192 − 1024. */
export const DEFAULT_PROMPT_BUDGET_TOKENS = 8192 - 1024;

/** The share of the prompt budget the results of one model call's tool calls may take together. */
export const TOOL_RESULTS_SHARE = 0.25;

/** No result is cut below this many characters, however many calls share the budget. */
export const MIN_RESULT_CHARS = 600;

/** Characters one tool result may take when `calls` results share one model call's part of the budget. */
export function resultCharsPerCall(promptBudgetTokens: number, calls: number): number {
  const share = Math.floor((promptBudgetTokens * CHARS_PER_TOKEN * TOOL_RESULTS_SHARE) / Math.max(1, calls));
  return Math.max(MIN_RESULT_CHARS, share);
}

/**
 * `result` with its long text fields cut (head and tail kept, a marker in between) so that its JSON takes at most
 * `maxChars` characters; unchanged when it already fits. A cut result says `truncated: true` and `omitted_chars`.
 */
export function boundToolResult(result: Record<string, unknown>, maxChars: number): Record<string, unknown> {
  const size = JSON.stringify(result).length;
  if (size <= maxChars) return result;
  const bounded: Record<string, unknown> = { ...result };
  let omitted = 0;
  // Largest text first: stdout usually carries the bulk, a short stderr or error is worth keeping whole.
  const fields = Object.keys(bounded)
    .filter((key) => typeof bounded[key] === "string")
    .sort((a, b) => String(bounded[b]).length - String(bounded[a]).length);
  for (const key of fields) {
    const excess = JSON.stringify(bounded).length - maxChars;
    if (excess <= 0) break;
    const text = String(bounded[key]);
    const clipped = clipText(text, Math.max(0, JSON.stringify(text).length - excess - OVERHEAD_CHARS));
    omitted += text.length - clipped.kept;
    bounded[key] = clipped.text;
  }
  if (JSON.stringify(bounded).length > maxChars + OVERHEAD_CHARS) {
    // Nested structures (e.g. an MCP result): the whole result as text, cut.
    const text = JSON.stringify(result);
    const clipped = clipText(text, maxChars - OVERHEAD_CHARS);
    return { result_text: clipped.text, truncated: true, omitted_chars: text.length - clipped.kept };
  }
  return { ...bounded, truncated: true, omitted_chars: omitted };
}

/** Room kept for the marker and the added fields. */
const OVERHEAD_CHARS = 400;

function marker(omitted: number, total: number): string {
  return (
    `\n[… ${omitted} of ${total} characters omitted here: the tool output was cut to fit the model's context window. ` +
    `To see the omitted part, run a narrower command (grep, head, tail, sed -n) or write the output to a file and read it in parts. …]\n`
  );
}

/** Head and tail of `text` whose JSON string takes about `maxJsonChars` characters, with the marker between them. */
function clipText(text: string, maxJsonChars: number): { text: string; kept: number } {
  const jsonLength = JSON.stringify(text).length;
  if (jsonLength <= maxJsonChars) return { text, kept: text.length };
  // Escapes (newlines, quotes) make JSON longer than the text: scale the characters kept by that ratio.
  let keep = Math.max(0, Math.floor((maxJsonChars * text.length) / jsonLength));
  for (;;) {
    const head = headOf(text, Math.ceil(keep * 0.6));
    const tail = tailOf(text, keep - head.length);
    const out = `${head}${marker(text.length - keep, text.length)}${tail}`;
    if (JSON.stringify(head + tail).length <= maxJsonChars || keep === 0) return { text: out, kept: keep };
    keep = Math.floor(keep * 0.9);
  }
}
