// Validates request bodies against the contract schemas before anything is sent (docs/zelinqa-mcp.md §3.2).
import type { z } from "zod";
import { ZelinqaRequestValidationError } from "./errors/zelinqa-error.js";

/** Parses `body` with `schema`; on failure throws with dotted issue paths (`previous_turn.user_text`). */
export function validateRequest<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ZelinqaRequestValidationError(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
  );
}
