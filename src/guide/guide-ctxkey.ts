// What a ctxkey needs for the agent to conduct a guided conversation: zelinqa-mcp among its MCP servers (exc
// starts one process per ctxkey, with the API address and conversation name in its env and the runtime key and
// session id injected from ctx values), the runtime key stored in ctx, and the interviewer brief with the
// conversation name and the known CRM facts in the ctxkey's soft memory (the "what you remember" part of the
// system prompt).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CtxValues } from "./ctx-values.js";
import { API_KEY_VALUE } from "./guide-session.js";
import { packagedPresetFile, provisionerProgram, zelinqaProgram } from "./zelinqa-entries.js";

export const MCP_SERVER_NAME = "zelinqa";
export const CRM_VALUE = "crm";
const BEGIN = "<!-- zino-guide -->";
const END = "<!-- /zino-guide -->";

export interface GuideCtxkeyOptions {
  values: CtxValues;
  ctxkey: string;
  conversation: string;
  baseUrl: string;
  runtimeKey: string;
  sessionId: string;
  /** The ctx value holding the session id of this domain file's conversation (guide-session.ts). */
  sessionValue: string;
  agentsDir: string;
}

/** The brief: `<agents>/presets/interviewer.md` of the instance, else the packaged one. */
export function interviewerBrief(agentsDir: string): string {
  const own = join(agentsDir, "presets", "interviewer.md");
  const file = existsSync(own) ? own : packagedPresetFile("interviewer.md");
  return file ? readFileSync(file, "utf8").trim() : "Conduct the guided conversation with the zelinqa_* tools.";
}

/** CRM facts as stored by `zino ctx crm`: an object of configured data id → value. */
export function crmFacts(value: unknown): Record<string, unknown> {
  if (typeof value === "string") {
    try {
      return crmFacts(JSON.parse(value) as unknown);
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function guideMemory(brief: string, conversation: string, facts: Record<string, unknown>): string {
  const known = Object.entries(facts);
  const factLines = known.length === 0 ? ["(none)"] : known.map(([id, value]) => `- ${id} = ${JSON.stringify(value)}`);
  return [BEGIN, brief, "", `Conversation name: ${conversation}`, "", "Known facts (configured data id = value):", ...factLines, END].join(
    "\n",
  );
}

/** Replaces the guide's section of a soft memory, keeping whatever else is written there. */
export function withGuideSection(soft: string, section: string): string {
  const start = soft.indexOf(BEGIN);
  const stop = soft.indexOf(END);
  if (start >= 0 && stop > start) return `${soft.slice(0, start)}${section}${soft.slice(stop + END.length)}`;
  const rest = soft.trim();
  return rest === "" || rest === "(none)" ? section : `${rest}\n\n${section}`;
}

export async function prepareGuideCtxkey(options: GuideCtxkeyOptions): Promise<void> {
  const { values, ctxkey } = options;
  const program = zelinqaProgram("mcp");
  await values.set(ctxkey, API_KEY_VALUE, options.runtimeKey);
  await values.setConfig(ctxkey, {
    mcp_servers: {
      [MCP_SERVER_NAME]: {
        command: program.command,
        args: program.args,
        env: {
          ZELINQA_BASE_URL: options.baseUrl,
          ZELINQA_CONVERSATION: options.conversation,
          // Changes with the session, so that exc restarts the server with the new ZELINQA_SESSION_ID.
          ZINO_GUIDE_SESSION: createHash("sha256").update(options.sessionId).digest("hex").slice(0, 12),
        },
        env_from_ctx: { ZELINQA_API_KEY: API_KEY_VALUE, ZELINQA_SESSION_ID: options.sessionValue },
        // The guide creates the session itself; the hook covers a stored id that went missing.
        provision: provisionerProgram(),
      },
    },
  });
  const facts = crmFacts(await values.get(ctxkey, CRM_VALUE));
  const section = guideMemory(interviewerBrief(options.agentsDir), options.conversation, facts);
  await values.setSoft(ctxkey, withGuideSection(await values.getSoft(ctxkey), section));
}
