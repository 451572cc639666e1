// Last line of defence for docs/zino-protocol.md §5 "keys never sent to other services' clients": every frame rtr writes passes
// through here, and any string containing a configured key has it replaced by `[redacted]`.
import type { Frame, FrameWriter } from "../../wire/index.js";
import { redact } from "./provider-targets.js";

export function redactingWriter(out: FrameWriter, secrets: readonly string[]): FrameWriter {
  if (secrets.length === 0) return out;
  return {
    get framesSent() {
      return out.framesSent;
    },
    get closed() {
      return out.closed;
    },
    send(frame) {
      return out.send(containsSecret(frame, secrets) ? (redactValue(frame, secrets) as Frame) : frame);
    },
  };
}

/** Whether a key or string anywhere in `value` contains a secret (a walk: no JSON text built per frame). */
function containsSecret(value: unknown, secrets: readonly string[]): boolean {
  // Plain loops: no closure per value of every frame.
  if (typeof value === "string") {
    for (const secret of secrets) if (value.includes(secret)) return true;
    return false;
  }
  if (Array.isArray(value)) {
    for (const item of value) if (containsSecret(item, secrets)) return true;
    return false;
  }
  if (typeof value === "object" && value !== null) {
    // for…in over own keys: no array of entries per object.
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (containsSecret(key, secrets) || containsSecret((value as Record<string, unknown>)[key], secrets)) return true;
    }
  }
  return false;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k, secrets), redactValue(v, secrets)]));
  }
  return value;
}
