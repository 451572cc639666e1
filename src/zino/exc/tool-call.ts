// The tool-use message of docs/zino-protocol.md §6, `{name, arguments}`: `arguments` may be an object or a JSON string (both
// are sent by models). A frame without a usable name is malformed (`bad_request`); bad arguments are a result.
import { z } from "zod";
import { ToolUseSchema, plainToolUse, type ToolUse } from "../protocol/index.js";

export interface ToolCall {
  name: string;
  /** Undefined with `argumentsError` when the arguments are not an object. */
  arguments: Record<string, unknown>;
  argumentsError?: string;
}

export type ToolCallParse = { ok: true; call: ToolCall } | { ok: false; reason: string };

export function parseToolCall(message: unknown): ToolCallParse {
  let value = message;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, reason: "message must be a tool call object {name, arguments}" };
    }
  }
  const use = plainToolUse(value) ?? parsedToolUse(value);
  if (typeof use === "string") return { ok: false, reason: use };
  const { name, arguments: raw } = use;
  if (raw === undefined || raw === null || raw === "") return { ok: true, call: { name, arguments: {} } };
  if (typeof raw !== "string") return { ok: true, call: { name, arguments: raw } };
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch (err) {
    return {
      ok: true,
      call: {
        name,
        arguments: {},
        argumentsError: `arguments is a string that is not valid JSON (${err instanceof Error ? err.message : "parse error"})`,
      },
    };
  }
  const object = z.record(z.string(), z.unknown()).safeParse(decoded);
  if (!object.success) return { ok: true, call: { name, arguments: {}, argumentsError: "arguments must be a JSON object" } };
  return { ok: true, call: { name, arguments: object.data } };
}

/** The tool use as ToolUseSchema reads it, or the reason it refuses it. */
function parsedToolUse(value: unknown): ToolUse | string {
  const parsed = ToolUseSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `message.${issue?.path.join(".") || "name"}: ${issue?.message ?? "invalid"}; send {name, arguments}`;
}
