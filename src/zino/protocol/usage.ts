// Token usage as providers report it and rtr forwards it in `done` (docs/zino-protocol.md §5).
import { z } from "zod";
import { isRecord } from "./key-order.js";

/** What a provider or rtr sends: counts may be missing; extra fields are kept. */
export const UsageSchema = z.looseObject({
  prompt_tokens: z.number().default(0),
  completion_tokens: z.number().default(0),
  total_tokens: z.number().optional(),
});

/** Usage with every count known: what rtr sends in `done.usage` and the daemon sums. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** The three counts of a parsed usage; a missing total is the sum of the other two. */
export function usageOf(usage: z.infer<typeof UsageSchema>): Usage {
  const { prompt_tokens, completion_tokens, total_tokens } = usage;
  return { prompt_tokens, completion_tokens, total_tokens: total_tokens ?? prompt_tokens + completion_tokens };
}

/**
 * No usage, or usage with both counts given: UsageSchema then fills in no default, so the value is what it outputs
 * (the hand-written fast paths of rtr's stream events and the daemon's reading of `done` use it).
 */
export function isCompleteUsage(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (!isRecord(value)) return false;
  const { prompt_tokens: prompt, completion_tokens: completion, total_tokens: total } = value;
  return Number.isFinite(prompt) && Number.isFinite(completion) && (total === undefined || Number.isFinite(total));
}
