// A ctxkey's configuration as ctx serves it (docs/zino-protocol.md §4, protocol `get_config`/`set_config`): the `default` layers
// merged field by field with the ctxkey's own row, validated by CtxkeyConfigSchema, secrets masked on request.
import type { z } from "zod";
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
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    throw new WireError(
      "bad_request",
      change
        ? `Not stored: with this change the configuration of ctxkey "${ctxkey}" would not be valid: ${issues}. Send valid values; nothing was changed.`
        : `The configuration of ctxkey "${ctxkey}" is not valid: ${issues}. Fix ZINO.toml or set the fields with set_config.`,
    );
  }
  return parsed.data;
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
export function maskSecrets(config: CtxkeyConfig): CtxkeyConfig {
  return maskUrlFields(maskSecretFields(config));
}
