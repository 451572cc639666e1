// Tool plumbing on the official McpServer (docs/zelinqa-mcp.md §4, §7.1): each tool registered with registerTool, its
// zod input and output schemas serving both as the tools/list schemas and as the validation of every call.
// The SDK answers argument-validation failures and unknown tools with isError results (docs/zelinqa-mcp.md §7.1 allows its text).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { CallGate, tooManyCallsText } from "./call-gate.js";
import type { Logger } from "./logger.js";
import type { Scrubber } from "./secrets.js";

export type ToolOutcome = { ok: true; value: Record<string, unknown> } | { ok: false; text: string };

export interface ToolDefinition<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  description: string;
  input: I;
  /** The tool's structuredContent on success, from src/zelinqa/contracts. */
  output: O;
  run(args: z.output<I>, call: ToolCall): Promise<ToolOutcome>;
}

/** What a tool knows of its call besides the arguments. */
export interface ToolCall {
  /** Aborted when the host cancels the call (notifications/cancelled): no answer is sent for it then. */
  signal: AbortSignal;
}

/** What installing a tool needs besides the server. */
export interface ToolContext {
  scrubber: Scrubber;
  logger?: Logger;
  /** Bounds the calls running at once across every tool of the server; one is made per installTools otherwise. */
  gate?: CallGate;
}

/** A tool ready to be installed on a server; built by defineTool so that each keeps its own schema types. */
export type ToolInstaller = (server: McpServer, context: ToolContext) => void;

export const success = (value: Record<string, unknown>): ToolOutcome => ({ ok: true, value });
export const failure = (text: string): ToolOutcome => ({ ok: false, text });

export function toResult(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return { content: [{ type: "text", text: outcome.text }], isError: true };
  return { content: [{ type: "text", text: JSON.stringify(outcome.value, null, 2) }], structuredContent: outcome.value };
}

async function runSafely<T>(run: (args: T) => Promise<ToolOutcome>, args: T, scrubber: Scrubber): Promise<ToolOutcome> {
  try {
    return await run(args);
  } catch (error) {
    // Tools translate their own failures; this only keeps an unexpected bug a readable, scrubbed result.
    const text = error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${String(error)}`;
    return failure(scrubber.text(text));
  }
}

/** Logs only tool names, outcomes and durations: never arguments, results or error texts (they may carry
 * conversation content). */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(definition: ToolDefinition<I, O>): ToolInstaller {
  // Widened for the SDK's conditional callback type; the SDK parsed the arguments with this very schema.
  const inputSchema: z.ZodObject = definition.input;
  return (server, { scrubber, logger, gate = new CallGate() }) => {
    server.registerTool(
      definition.name,
      { description: definition.description, inputSchema, outputSchema: definition.output },
      async (args, extra) => {
        const started = Date.now();
        const call: ToolCall = { signal: extra.signal };
        const outcome = await gate.run(
          () => runSafely((a: z.output<I>) => definition.run(a, call), args as z.output<I>, scrubber),
          () => failure(tooManyCallsText(gate.capacity)),
        );
        const result = toResult(outcome);
        logger?.debug(`${definition.name} ${result.isError ? "failed" : "succeeded"} in ${Date.now() - started} ms`);
        return result;
      },
    );
  };
}

/** Installs the tools; call before connecting. The tool set never changes once served. */
export function installTools(server: McpServer, tools: readonly ToolInstaller[], context: ToolContext): void {
  const shared: ToolContext = { ...context, gate: context.gate ?? new CallGate() };
  for (const install of tools) install(server, shared);
  onlyOwnToolNames(server);
  server.server.registerCapabilities({ tools: { listChanged: false } });
}

/**
 * The SDK looks a called name up in a plain object, so `__proto__`, `constructor` or `toString` found Object.prototype's
 * members and were answered "Tool … disabled" instead of "not found". Its registry loses its prototype here: only the
 * names registered are tools, every other name gets the same unknown-tool answer. Checked, so that an SDK keeping its
 * tools elsewhere fails at start (and in tests), not silently.
 */
function onlyOwnToolNames(server: McpServer): void {
  const registry: unknown = (server as unknown as { _registeredTools?: unknown })._registeredTools;
  if (typeof registry !== "object" || registry === null) {
    throw new Error("zelinqa-mcp: the MCP SDK no longer keeps its tools in _registeredTools; review onlyOwnToolNames");
  }
  Object.setPrototypeOf(registry, null);
}
