// The ctx operations the guide needs (docs/zino-protocol.md): host-side values, configuration, soft memory and
// history of a ctxkey. Values hold secrets (API keys): they are never printed by the guide.
import { z } from "zod";
import { RequestTimeoutError, ServiceUnavailableError, requestOne, type Frame } from "../wire/index.js";
import { GuideError } from "./guide-host.js";

const ValueFrame = z.looseObject({ type: z.literal("value"), value: z.unknown().optional() });
const SoftFrame = z.looseObject({ type: z.literal("soft"), content: z.string().default("") });
const HistoryFrame = z.looseObject({ type: z.literal("history"), messages: z.array(z.unknown()) });

export interface CtxValues {
  get(ctxkey: string, key: string): Promise<unknown>;
  getString(ctxkey: string, key: string): Promise<string | undefined>;
  set(ctxkey: string, key: string, value: unknown): Promise<void>;
  setConfig(ctxkey: string, config: Record<string, unknown>): Promise<void>;
  getSoft(ctxkey: string): Promise<string>;
  setSoft(ctxkey: string, content: string): Promise<void>;
  historyLength(ctxkey: string): Promise<number>;
  clearHistory(ctxkey: string): Promise<void>;
}

export function createCtxValues(socketPath: string): CtxValues {
  const call = async (frame: Frame): Promise<Frame> => {
    let answer: Frame;
    try {
      answer = await requestOne(socketPath, { message: null, ...frame }, { idleTimeoutMs: 10_000 });
    } catch (err) {
      if (err instanceof ServiceUnavailableError) throw new GuideError(`zino-ctx does not answer on ${socketPath}`);
      if (err instanceof RequestTimeoutError) throw new GuideError(`zino-ctx did not answer: ${err.message}`);
      throw err;
    }
    if (answer.type === "error") {
      throw new GuideError(`zino-ctx: ${typeof answer.message === "string" ? answer.message : "error"} [${String(answer.code)}]`);
    }
    return answer;
  };
  const get = async (ctxkey: string, key: string): Promise<unknown> => {
    const parsed = ValueFrame.safeParse(await call({ type: "get_value", ctxkey, key }));
    if (!parsed.success) throw new GuideError("zino-ctx answered get_value with an unexpected frame");
    return parsed.data.value ?? undefined;
  };
  return {
    get,
    async getString(ctxkey, key) {
      const value = await get(ctxkey, key);
      return typeof value === "string" && value !== "" ? value : undefined;
    },
    async set(ctxkey, key, value) {
      await call({ type: "set_value", ctxkey, key, value });
    },
    async setConfig(ctxkey, config) {
      await call({ type: "set_config", ctxkey, config });
    },
    async getSoft(ctxkey) {
      const parsed = SoftFrame.safeParse(await call({ type: "get_soft", ctxkey }));
      return parsed.success ? parsed.data.content : "";
    },
    async setSoft(ctxkey, content) {
      await call({ type: "set_soft", ctxkey, content });
    },
    async historyLength(ctxkey) {
      const parsed = HistoryFrame.safeParse(await call({ type: "get_history", ctxkey, limit: 1 }));
      return parsed.success ? parsed.data.messages.length : 0;
    },
    async clearHistory(ctxkey) {
      await call({ type: "clear_history", ctxkey });
    },
  };
}
