// A ctxkey's configuration as ctx serves it (docs/zino-protocol.md §4, protocol `get_config`/`set_config`): the `default` layers
// merged field by field with the ctxkey's own row, validated by CtxkeyConfigSchema, secrets masked on request.
import { z } from "zod";
import {
  AgentConfigSchema,
  ContextConfigSchema,
  CtxkeyConfigSchema,
  ExecConfigSchema,
  HistoryConfigSchema,
  LlmConfigSchema,
  mergeConfig,
  skillCtxkey,
  type AgentConfig,
  type ContextConfig,
  type CtxkeyConfig,
  type ExecConfig,
  type HistoryConfig,
  type JsonObject,
} from "../config/index.js";
import { WireError } from "../../wire/index.js";
import type { ConfigSection } from "../protocol/index.js";
import { isRecord } from "../../shared/is-record.js";
import { maskUrlFields } from "../../shared/url-credentials.js";
import { derived } from "./derived-cache.js";
import { maskSecretFields } from "./secret-fields.js";
import { DEFAULT_KEY, type CtxStore } from "./store.js";

export { SECRET_MASK } from "./secret-fields.js";

export function mergeLayers(layers: readonly JsonObject[]): JsonObject {
  return layers.reduce<JsonObject>((acc, layer) => mergeConfig(acc, layer), {});
}

/**
 * The layers below a ctxkey's own row: what it inherits from `default`, then, for the ctxkey a skill runs on,
 * the skill's `model` (docs/zino-protocol.md §6: a sub-agent may use another model), which its own row may still override.
 */
export async function inheritedLayers(store: CtxStore, ctxkey: string): Promise<JsonObject[]> {
  const { inherited } = await store.configLayers(ctxkey);
  const skill =
    ctxkey === DEFAULT_KEY
      ? undefined
      : (await store.skills(ctxkey)).find((candidate) => skillCtxkey(candidate) === ctxkey && candidate.model);
  return skill?.model ? [...inherited, { llm: { model: skill.model } }] : inherited;
}

/** Shared between callers (cached until the store changes): read it, never mutate it. */
export function mergedConfig(store: CtxStore, ctxkey: string): Promise<JsonObject> {
  return derived(store, `merged\0${ctxkey}`, async () => {
    const { own } = await store.configLayers(ctxkey);
    const layers = await inheritedLayers(store, ctxkey);
    return mergeLayers(own ? [...layers, own] : layers);
  });
}

const SECTION_SCHEMAS: Record<string, z.ZodObject | undefined> = {
  llm: LlmConfigSchema,
  agent: AgentConfigSchema,
  history: HistoryConfigSchema,
  exec: ExecConfigSchema,
  context: ContextConfigSchema,
  mcp_servers: undefined,
};

/** Keys the schema would silently drop (a typo such as `histroy`), top level and inside the fixed sections. */
export function unknownKeys(config: JsonObject): string[] {
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (!Object.hasOwn(SECTION_SCHEMAS, key)) {
      unknown.push(key);
      continue;
    }
    const schema = SECTION_SCHEMAS[key];
    if (!schema || typeof value !== "object" || value === null || Array.isArray(value)) continue;
    for (const inner of Object.keys(value)) if (!Object.hasOwn(schema.shape, inner)) unknown.push(`${key}.${inner}`);
  }
  return unknown;
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`)
    .join("; ");
}

/**
 * The full configuration, or a `bad_request` that says which fields are missing or wrong. `change` is set when the
 * configuration checked is the one a set_config would leave: the message then says that nothing was stored.
 */
export function validateConfig(ctxkey: string, merged: JsonObject, change = false): CtxkeyConfig {
  const parsed = CtxkeyConfigSchema.safeParse(merged);
  if (!parsed.success) throw invalidConfig(ctxkey, merged, parsed.error, change);
  return parsed.data;
}

/** What the configuration lacks or gets wrong; a missing model first and plainly, with what to write. */
function invalidConfig(ctxkey: string, merged: JsonObject, error: z.ZodError, change: boolean): WireError {
  const missing = missingModelFields(merged);
  const others = error.issues.filter((issue) => !(missing.length > 0 && issue.path[0] === "llm"));
  const issues = others.length > 0 ? describeIssues(new z.ZodError(others)) : "";
  if (change) {
    const what = [missing.length > 0 ? `${missing.join(" and ")} missing` : "", issues].filter(Boolean).join("; ");
    return new WireError(
      "bad_request",
      `Not stored: with this change the configuration of ctxkey "${ctxkey}" would not be valid: ${what}. Send valid values; nothing was changed.`,
    );
  }
  if (missing.length === 0)
    return new WireError(
      "bad_request",
      `The configuration of ctxkey "${ctxkey}" is not valid: ${issues}. Fix ZINO.toml or set the fields with set_config.`,
    );
  return new WireError(
    "bad_request",
    `No model is configured for ctxkey "${ctxkey}": ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing. ` +
      `Write them in ZINO.toml's [llm] table (for a local Ollama: base_url = "http://127.0.0.1:11434/v1" and ` +
      `model = "qwen2.5:7b-instruct"; README: Pointing ZINO at a model), or set them for this ctxkey with set_config ` +
      `(zino ctx set ${ctxkey} llm.base_url=... llm.model=...).${issues ? ` Also: ${issues}.` : ""}`,
    { reason: "not_configured" },
  );
}

/** `llm.base_url` and `llm.model` when the merged configuration has none (an empty ZINO.toml has neither). */
function missingModelFields(merged: JsonObject): string[] {
  const llm = isRecord(merged.llm) ? merged.llm : {};
  return (["base_url", "model"] as const).filter((field) => llm[field] === undefined).map((field) => `llm.${field}`);
}

const sectionSchemas = new Map<string, z.ZodType<JsonObject>>();

/**
 * Only the named sections of the ctxkey's merged configuration, each validated (`get_config` with `sections` [ext]):
 * exc reads its rules this way, so that they come from ctx while no model is configured yet.
 */
export function configSections(store: CtxStore, ctxkey: string, sections: readonly ConfigSection[]): Promise<JsonObject> {
  const key = sections.join(",");
  return derived(store, `sections\0${ctxkey}\0${key}`, async () => {
    let schema = sectionSchemas.get(key);
    if (!schema) {
      schema = CtxkeyConfigSchema.pick(Object.fromEntries(sections.map((section) => [section, true])) as Record<ConfigSection, true>);
      sectionSchemas.set(key, schema);
    }
    const merged = await mergedConfig(store, ctxkey);
    const parsed = schema.safeParse(merged);
    if (!parsed.success) throw invalidConfig(ctxkey, merged, parsed.error, false);
    return parsed.data;
  });
}

export type ConfigState = { ok: true; config: CtxkeyConfig } | { ok: false; error: WireError };

/** validateConfig of the ctxkey's merged configuration, as a value, cached until the store changes. */
export function configState(store: CtxStore, ctxkey: string): Promise<ConfigState> {
  return derived(store, `valid\0${ctxkey}`, async (): Promise<ConfigState> => {
    const merged = await mergedConfig(store, ctxkey);
    try {
      return { ok: true, config: validateConfig(ctxkey, merged) };
    } catch (err) {
      if (err instanceof WireError) return { ok: false, error: err };
      throw err;
    }
  });
}

export interface PromptSettings {
  agent: AgentConfig;
  history: HistoryConfig;
  exec: ExecConfig;
  context: ContextConfig;
}

/**
 * The sections message building needs, each parsed on its own: a ctxkey whose `[llm]` is not configured yet still
 * gets its prompt built. A section that does not validate falls back to the built-in defaults.
 */
export function promptSettings(merged: JsonObject): PromptSettings {
  const section = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const parsed = schema.safeParse(value ?? {});
    return parsed.success ? parsed.data : schema.parse({});
  };
  return {
    agent: section(AgentConfigSchema, merged.agent),
    history: section(HistoryConfigSchema, merged.history),
    exec: section(ExecConfigSchema, merged.exec),
    context: section(ContextConfigSchema, merged.context),
  };
}

/** promptSettings of the ctxkey's merged configuration, cached until the store changes. */
export function promptSettingsFor(store: CtxStore, ctxkey: string): Promise<PromptSettings> {
  return derived(store, `settings\0${ctxkey}`, async () => promptSettings(await mergedConfig(store, ctxkey)));
}

/**
 * Replaces every secret by a marker (protocol: `get_config` without `secrets: true`): API keys, MCP `env` values
 * and any field named like a credential (src/zino/ctx/secret-fields.ts), and the credentials a `base_url` carries
 * (`user:password@`, `?key=`).
 */
export function maskSecrets<T>(config: T): T {
  return maskUrlFields(maskSecretFields(config));
}
