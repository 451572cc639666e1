// Last line of defence for docs/zino-protocol.md §5 "keys never sent to other services' clients": every frame rtr writes passes
// through here, and any string containing a configured key has it replaced by `[redacted]`. Streamed text (`chunk`
// deltas, `tool_call_delta` arguments) goes through a StreamRedactor per stream, so that a key split across two deltas
// is caught too; what it holds back is sent before any other frame (`done`, `status`, `error`).
import type { Frame, FrameWriter } from "../../wire/index.js";
import { redact } from "./provider-targets.js";
import { StreamRedactor } from "./stream-redactor.js";

/** One writer per call: the streams it redacts are that call's. */
export function redactingWriter(out: FrameWriter, secrets: readonly string[]): FrameWriter {
  if (secrets.length === 0) return out;
  const text = new StreamRedactor(secrets);
  const toolArguments = new Map<number, StreamRedactor>();
  const sendWhole = (frame: Frame) => out.send(containsSecret(frame, secrets) ? (redactValue(frame, secrets) as Frame) : frame);
  // Sends are issued in the order the frames came (the writes of one batch are awaited together, not one by one).
  const flush = (): Promise<boolean>[] => {
    const sends: Promise<boolean>[] = [];
    const rest = text.flush();
    if (rest !== "") sends.push(out.send({ type: "chunk", delta: rest }));
    for (const [index, redactor] of toolArguments) {
      const args = redactor.flush();
      if (args !== "") sends.push(out.send({ type: "tool_call_delta", index, arguments_delta: args }));
    }
    toolArguments.clear();
    return sends;
  };
  return {
    get framesSent() {
      return out.framesSent;
    },
    get closed() {
      return out.closed;
    },
    send(frame) {
      if (frame.type === "chunk" && typeof frame.delta === "string") {
        const delta = text.push(frame.delta);
        return delta === "" ? Promise.resolve(!out.closed) : sendWhole({ ...frame, delta });
      }
      if (frame.type === "tool_call_delta" && typeof frame.index === "number" && typeof frame.arguments_delta === "string") {
        let redactor = toolArguments.get(frame.index);
        if (!redactor) toolArguments.set(frame.index, (redactor = new StreamRedactor(secrets)));
        const args = redactor.push(frame.arguments_delta);
        const { arguments_delta: _, ...rest } = frame;
        if (args === "" && rest.id === undefined && rest.name === undefined) return Promise.resolve(!out.closed);
        return sendWhole(args === "" ? rest : { ...rest, arguments_delta: args });
      }
      const flushed = flush();
      const sent = sendWhole(frame);
      return flushed.length === 0 ? sent : Promise.all([...flushed, sent]).then((results) => results.every(Boolean));
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
