// A small stdio MCP server for tests of MCP hosts: `echo` (its input and the value of MCP_TEST_SECRET, to check
// which environment reached which server), `fail` (an isError result), `crash` (the process exits mid-call),
// `leak` (the secret on stderr and in errors), `pid` (to tell server processes apart), `structured` (structuredContent only) and `text.upper` (a dotted name).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zino-mcp-test-server", version: "1.0.0" });

server.registerTool(
  "echo",
  {
    description: "Returns its text and the MCP_TEST_SECRET the server was started with.",
    inputSchema: { text: z.string() },
  },
  async ({ text }) => ({
    content: [
      { type: "text", text: `echo: ${text}` },
      { type: "text", text: `secret: ${process.env.MCP_TEST_SECRET ?? "<unset>"}` },
    ],
  }),
);

server.registerTool(
  "text.upper",
  {
    description: "Upper-cases its text (a tool name with a dot, which OpenAI function names do not allow).",
    inputSchema: { text: z.string() },
  },
  async ({ text }) => ({ content: [{ type: "text", text: text.toUpperCase() }] }),
);

server.registerTool(
  "fail",
  {
    description: "Always fails with an error result.",
    inputSchema: { reason: z.string().optional() },
  },
  async ({ reason }) => ({ isError: true, content: [{ type: "text", text: `failed on purpose: ${reason ?? "no reason"}` }] }),
);

server.registerTool(
  "leak",
  {
    description: "Shows MCP_TEST_SECRET wherever a server may: its stderr, then an error result or a thrown error.",
    inputSchema: { mode: z.enum(["error", "throw", "structured"]) },
  },
  async ({ mode }) => {
    const secret = process.env.MCP_TEST_SECRET ?? "<unset>";
    process.stderr.write(`mcp-test-server: using token ${secret}\n`);
    if (mode === "throw") throw new Error(`the token ${secret} was refused`);
    if (mode === "structured") return { content: [], structuredContent: { token: secret } };
    return { isError: true, content: [{ type: "text", text: `the token ${secret} was refused` }] };
  },
);

server.registerTool("crash", { description: "Exits the server process in the middle of the call." }, async () => {
  process.stderr.write("mcp-test-server: crashing on request\n");
  process.exit(3);
});

server.registerTool("pid", { description: "Returns the server's process id." }, async () => ({
  content: [{ type: "text", text: String(process.pid) }],
}));

server.registerTool("structured", { description: "Returns only structured content." }, async () => ({
  content: [],
  structuredContent: { answer: 42, env_llm_key: process.env.LLM_API_KEY ?? null },
}));

process.stderr.write(`mcp-test-server: started (pid ${process.pid})\n`);
await server.connect(new StdioServerTransport());
