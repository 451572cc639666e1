// The tool-use message of docs/zino-protocol.md §6, `{name, arguments}`: `arguments` may be an object or a JSON string (both
// are sent by models). A frame without a usable name is malformed (`bad_request`); bad arguments are a result.
import { z } from "zod";
import { ToolUseSchema } from "../protocol/index.js";

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
  const parsed = ToolUseSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `message.${issue?.path.join(".") || "name"}: ${issue?.message ?? "invalid"}; send {name, arguments}` };
  }
  const raw = parsed.data.arguments;
  if (raw === undefined || raw === null || raw === "") return { ok: true, call: { name: parsed.data.name, arguments: {} } };
  if (typeof raw !== "string") return { ok: true, call: { name: parsed.data.name, arguments: raw } };
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch (err) {
    return {
      ok: true,
      call: {
        name: parsed.data.name,
        arguments: {},
        argumentsError: `arguments is a string that is not valid JSON (${err instanceof Error ? err.message : "parse error"})`,
      },
    };
  }
  const object = z.record(z.string(), z.unknown()).safeParse(decoded);
  if (!object.success) {
    return { ok: true, call: { name: parsed.data.name, arguments: {}, argumentsError: "arguments must be a JSON object" } };
  }
  return { ok: true, call: { name: parsed.data.name, arguments: object.data } };
}
