// How an MCP tool result reads as an exc result: the text content joined on stdout (structuredContent as JSON
// when there is no text), `isError` as exit code 1 with the text on stderr.
import { z } from "zod";
import { EXIT, type ExecResult } from "./exec-result.js";

const ContentSchema = z.array(
  z.looseObject({
    type: z.string(),
    text: z.string().optional(),
    mimeType: z.string().optional(),
    resource: z.looseObject({ uri: z.string().optional(), text: z.string().optional() }).optional(),
  }),
);
const CallResultSchema = z.looseObject({
  content: ContentSchema.optional(),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
  toolResult: z.unknown().optional(),
});

export function capText(text: string, capBytes: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= capBytes) return { text, truncated: false };
  return {
    text: bytes
      .subarray(0, capBytes)
      .toString("utf8")
      .replace(/\uFFFD$/, ""),
    truncated: true,
  };
}

export function mcpResultToExecResult(raw: unknown, outputCapBytes: number, ms: number): ExecResult {
  const parsed = CallResultSchema.safeParse(raw);
  if (!parsed.success)
    return { exit_code: EXIT.failure, stdout: "", stderr: "the MCP server returned an unreadable result\n", truncated: false, ms };
  const { content = [], structuredContent, isError, toolResult } = parsed.data;
  const parts = content.map((item) => {
    if (item.type === "text") return item.text ?? "";
    if (item.type === "resource") return item.resource?.text ?? `[resource ${item.resource?.uri ?? ""}]`;
    return `[${item.type}${item.mimeType ? ` ${item.mimeType}` : ""}]`;
  });
  let text = parts.join("\n");
  if (!content.some((item) => item.type === "text")) {
    if (structuredContent !== undefined) text = JSON.stringify(structuredContent);
    else if (toolResult !== undefined) text = JSON.stringify(toolResult);
  }
  const capped = capText(text, outputCapBytes);
  if (isError) {
    return {
      exit_code: EXIT.failure,
      stdout: "",
      stderr: capped.text || "the MCP tool reported an error without a message",
      truncated: capped.truncated,
      ms,
    };
  }
  return { exit_code: 0, stdout: capped.text, stderr: "", truncated: capped.truncated, ms };
}
