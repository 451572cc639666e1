// The first zod issue of a refused rtr request, worded for the error frame (the shapes: src/zino/protocol).
import type { z } from "zod";

/** The first zod issue as `path: message`, without echoing the input (it may be large or private). */
export function describeIssue(error: z.ZodError, root: string): string {
  const issue = error.issues[0];
  const path = [root, ...(issue?.path ?? []).map(String)].join(".");
  return `${path}: ${issue?.message ?? "invalid"}`;
}
