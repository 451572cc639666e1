// The answers of zino-exc the daemon reads (docs/zino-protocol.md §6).
import { z } from "zod";

/** A tool's outcome: failures are results too (exit codes 124, 126, 127, 2, 1). */
export const ResultAnswerSchema = z.looseObject({
  type: z.literal("result"),
  exit_code: z.number().int(),
  stdout: z.string().default(""),
  stderr: z.string().default(""),
  truncated: z.boolean().default(false),
  ms: z.number().optional(),
});

/** `tools` → the OpenAI function tools of the scope; entries are validated one by one (a bad one is skipped). */
export const ToolsAnswerSchema = z.looseObject({ type: z.literal("tools"), tools: z.array(z.unknown()) });

export type ResultAnswer = z.infer<typeof ResultAnswerSchema>;

/**
 * exc's result as zino-exc writes it (every field given), checked by hand: the frame itself when ResultAnswerSchema
 * would accept it and output the same fields and values (with nothing missing, it fills in no default). Anything
 * else: undefined, for the schema (fast-paths.property.test.ts).
 */
export function plainResultAnswer(frame: Record<string, unknown>): ResultAnswer | undefined {
  if (frame.type !== "result" || !Number.isSafeInteger(frame.exit_code)) return undefined;
  const { stdout, stderr, truncated, ms } = frame;
  if (typeof stdout !== "string" || typeof stderr !== "string" || typeof truncated !== "boolean") return undefined;
  return ms === undefined || Number.isFinite(ms) ? (frame as ResultAnswer) : undefined;
}
