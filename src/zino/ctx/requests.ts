// ctx's typed requests parsed with their protocol schemas (src/zino/protocol/ctx-requests.ts): a wrong field is a
// `bad_request` naming the field.
import { WireError, type Frame } from "../../wire/index.js";
import { CTX_REQUEST_SCHEMAS, plainCtxRequest, type CtxRequest, type CtxRequestName } from "../protocol/index.js";

export type RequestName = CtxRequestName;

export function parseRequest<N extends RequestName>(name: N, frame: Frame): CtxRequest<N> {
  const plain = plainCtxRequest(name, frame);
  if (plain) return plain;
  const parsed = CTX_REQUEST_SCHEMAS[name].safeParse(frame);
  if (!parsed.success) {
    const details = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "frame"}: ${issue.message}`)
      .join("; ");
    throw new WireError("bad_request", `Bad ${name} request: ${details}.`);
  }
  return parsed.data as CtxRequest<N>;
}
