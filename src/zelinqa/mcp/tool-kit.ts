// Tool plumbing on the official McpServer (zelinqa-mcp.md §4, §7.1): our own tools/list and tools/call handlers,
// so that argument validation errors are isError results and every tool declares the open output schema.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Logger } from "./logger.js";
import { scrubText } from "./secrets.js";

export type ToolOutcome = { ok: true; value: Record<string, unknown> } | { ok: false; text: string };

export interface ToolDefinition<T> {
  name: string;
  description: string;
  input: z.ZodType<T>;
  run(args: T): Promise<ToolOutcome>;
}

export interface RegisteredTool {
  listing: Tool;
  call(rawArgs: unknown): Promise<CallToolResult>;
}

export const OUTPUT_SCHEMA = { type: "object", additionalProperties: true } as const;

export const success = (value: Record<string, unknown>): ToolOutcome => ({ ok: true, value });
export const failure = (text: string): ToolOutcome => ({ ok: false, text });

function jsonSchemaOf(schema: z.ZodType): Tool["inputSchema"] {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return { ...rest, type: "object" };
}

/** The text of an argument-validation failure; always contains "validation error" and each rule's message. */
export function validationErrorText(tool: string, error: z.ZodError): string {
  const count = error.issues.length;
  const lines = error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return `${path === "" ? "(arguments)" : path}: ${issue.message}`;
  });
  return `${count} validation error${count === 1 ? "" : "s"} for ${tool}\n${lines.join("\n")}`;
}

export function toResult(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return { content: [{ type: "text", text: outcome.text }], isError: true };
  return { content: [{ type: "text", text: JSON.stringify(outcome.value, null, 2) }], structuredContent: outcome.value };
}

export function defineTool<T>(definition: ToolDefinition<T>): RegisteredTool {
  return {
    listing: {
      name: definition.name,
      description: definition.description,
      inputSchema: jsonSchemaOf(definition.input),
      outputSchema: { ...OUTPUT_SCHEMA },
    },
    async call(rawArgs) {
      const parsed = definition.input.safeParse(rawArgs ?? {});
      if (!parsed.success) return toResult(failure(validationErrorText(definition.name, parsed.error)));
      try {
        return toResult(await definition.run(parsed.data));
      } catch (error) {
        // Tools translate their own failures; this only keeps an unexpected bug a readable, scrubbed result.
        const text = error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${String(error)}`;
        return toResult(failure(scrubText(text)));
      }
    },
  };
}

/** Installs the tools on the McpServer's underlying protocol server; call before connecting. Logs only tool
 * names, outcomes and durations: never arguments, results or error texts (they may carry conversation content). */
export function installTools(server: McpServer, tools: readonly RegisteredTool[], logger?: Logger): void {
  const byName = new Map(tools.map((t) => [t.listing.name, t]));
  server.server.registerCapabilities({ tools: { listChanged: false } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((t) => t.listing) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    // As the framework answers an unknown tool: an isError result naming it.
    if (!tool) return toResult(failure(`MCP error -32602: Tool ${request.params.name} not found`));
    const started = Date.now();
    const result = await tool.call(request.params.arguments);
    logger?.debug(`${tool.listing.name} ${result.isError ? "failed" : "succeeded"} in ${Date.now() - started} ms`);
    return result;
  });
}
