// What exc asks of ctx over the wire (docs/zino-protocol.md): a ctxkey's merged configuration (`get_config`),
// host-side stored values (`get_value`, e.g. an MCP session id for `env_from_ctx`) and the skills it sees.
import { createFrameChannel, type Frame } from "../../wire/index.js";
import { CodedErrorFrameSchema, ConfigObjectAnswerSchema, SkillsAnswerSchema, ValueAnswerSchema } from "../protocol/index.js";

export interface CtxClient {
  /** The ctx socket, when the client talks to one (MCP servers in bubblewrap must not reach its directory). */
  readonly socketPath?: string;
  getConfig(ctxkey: string, signal?: AbortSignal): Promise<unknown>;
  /**
   * get_config with `include_skills`: the configuration and, when ctx sends them, the skills `listSkills` would
   * give (undefined otherwise: ask listSkills). Saves a request per ready handshake.
   */
  getConfigAndSkills?(
    ctxkey: string,
    signal?: AbortSignal,
  ): Promise<{ config: unknown; skills: unknown[] | undefined; version?: string | undefined }>;
  /** The stored value as a string (JSON for non-strings), or undefined when nothing is stored. */
  getValue(ctxkey: string, key: string, signal?: AbortSignal): Promise<string | undefined>;
  /** Stores a host-side value (`set_value`), e.g. what an MCP provision hook produced. */
  setValue?(ctxkey: string, key: string, value: string, signal?: AbortSignal): Promise<void>;
  /** The skill files visible to the ctxkey (`list_skills`), unparsed: exc reads only the fields it needs. */
  listSkills(ctxkey: string, signal?: AbortSignal): Promise<unknown[]>;
  close?(): void;
}

/** The configuration sections exc's rules come from (rules-cache.ts). */
const EXC_SECTIONS = ["exec", "mcp_servers", "agent"];

/** ctx answered with an error frame or an unexpected frame. */
export class CtxAnswerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "CtxAnswerError";
  }
}

function unexpected(frame: Frame, wanted: string): CtxAnswerError {
  const error = CodedErrorFrameSchema.safeParse(frame);
  if (error.success) return new CtxAnswerError(error.data.code, error.data.message ?? error.data.code);
  return new CtxAnswerError("bad_answer", `ctx answered ${String(frame.type)} instead of ${wanted}`);
}

export function createCtxClient(options: { socketPath: string; timeoutMs?: number; maxFrameBytes?: number }): CtxClient {
  // One channel: a multiplexed connection to our ctx [ext], one connection per request to one that does not offer it.
  const channel = createFrameChannel(options.socketPath, options.maxFrameBytes ? { maxFrameBytes: options.maxFrameBytes } : {});
  const request = (frame: Frame, signal?: AbortSignal) =>
    channel.one(frame, { idleTimeoutMs: options.timeoutMs ?? 5_000, ...(signal ? { signal } : {}) });
  return {
    socketPath: options.socketPath,
    close: () => channel.close(),
    async getConfig(ctxkey, signal) {
      const frame = await request({ type: "get_config", ctxkey, message: null, secrets: true }, signal);
      const parsed = ConfigObjectAnswerSchema.safeParse(frame);
      if (!parsed.success) throw unexpected(frame, "config");
      return parsed.data.config;
    },
    async getConfigAndSkills(ctxkey, signal) {
      // Only exc's own sections [ext]: they come from ctx while no model is configured (a ctx that does not know
      // `sections` sends the whole configuration, or refuses it without a model).
      const frame = await request(
        { type: "get_config", ctxkey, message: null, include_skills: true, secrets: true, sections: EXC_SECTIONS },
        signal,
      );
      const parsed = ConfigObjectAnswerSchema.safeParse(frame);
      if (!parsed.success) throw unexpected(frame, "config");
      const version = typeof frame.config_version === "string" ? frame.config_version : undefined;
      return { config: parsed.data.config, skills: Array.isArray(frame.skills) ? frame.skills : undefined, version };
    },
    async getValue(ctxkey, key, signal) {
      const frame = await request({ type: "get_value", ctxkey, key, message: null }, signal);
      const parsed = ValueAnswerSchema.safeParse(frame);
      if (!parsed.success) throw unexpected(frame, "value");
      const { value } = parsed.data;
      if (value === undefined || value === null) return undefined;
      return typeof value === "string" ? value : JSON.stringify(value);
    },
    async setValue(ctxkey, key, value, signal) {
      const frame = await request({ type: "set_value", ctxkey, key, value, message: null }, signal);
      if (frame.type !== "ok") throw unexpected(frame, "ok");
    },
    async listSkills(ctxkey, signal) {
      const frame = await request({ type: "list_skills", ctxkey, message: null }, signal);
      const parsed = SkillsAnswerSchema.safeParse(frame);
      if (!parsed.success) throw unexpected(frame, "skills");
      return parsed.data.skills;
    },
  };
}
