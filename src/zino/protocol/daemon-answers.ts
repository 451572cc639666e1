// The frames zino-daemon streams to its clients (docs/zino-protocol.md §3): `chunk`*
// (chunk-frame.ts), `tool_start`/`tool_done` pairs, `status` (only with `events:"all"`), then one `done` or
// `error`. Read leniently, with the defaults a Python daemon's frames need; exc reads them for sub-agents.
import { z } from "zod";
import { ErrorFrameSchema } from "./error-frame.js";

export const ToolStartFrameSchema = z.looseObject({
  type: z.literal("tool_start"),
  kind: z.string().default("tool"),
  name: z.string(),
  description: z.string().default(""),
});
export const ToolDoneFrameSchema = z.looseObject({
  type: z.literal("tool_done"),
  kind: z.string().default("tool"),
  name: z.string(),
  ok: z.boolean(),
  ms: z.number().optional(),
});
export const DaemonStatusFrameSchema = z.looseObject({ type: z.literal("status"), phase: z.string().optional() });
export const DaemonDoneFrameSchema = z.looseObject({
  type: z.literal("done"),
  full_text: z.string().default(""),
  iterations: z.number().optional(),
  stopped: z.string().optional(),
});
/** The terminal error as a client reads it: a frame without a code is an internal error. */
export const DaemonErrorFrameSchema = ErrorFrameSchema.extend({
  code: z.string().default("internal_error"),
  message: z.string().default(""),
});
