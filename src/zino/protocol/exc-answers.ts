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
