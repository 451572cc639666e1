// A stdio MCP server for tests of the MCP sandbox: each tool reports what the server can do from where it runs
// (write a file, list a directory, read a file, connect to a Unix socket or a TCP port, its environment). Every
// outcome is a text result, never an error, so that a test reads "written" or the errno.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zino-mcp-sandbox-probe", version: "1.0.0" });

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
const errno = (err: unknown) => `error: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;

function attempt(action: () => string): string {
  try {
    return action();
  } catch (err) {
    return errno(err);
  }
}

/** "connected" or the error code of the attempt, within two seconds. */
function tryConnect(target: { path: string } | { host: string; port: number }): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(target);
    const done = (outcome: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => done("error: timeout"), 2000);
    socket.once("connect", () => done("connected"));
    socket.once("error", (err) => done(errno(err)));
  });
}

server.registerTool("echo", { description: "Returns its text.", inputSchema: { text: z.string() } }, async ({ text: value }) =>
  text(`echo: ${value}`),
);

server.registerTool("write_file", { description: "Writes a small file.", inputSchema: { path: z.string() } }, async ({ path }) =>
  text(
    attempt(() => {
      writeFileSync(path, "written by the MCP server\n");
      return "written";
    }),
  ),
);

server.registerTool("read_file", { description: "Reads a file.", inputSchema: { path: z.string() } }, async ({ path }) =>
  text(attempt(() => `content: ${readFileSync(path, "utf8")}`)),
);

server.registerTool("list_dir", { description: "Lists a directory as JSON.", inputSchema: { path: z.string() } }, async ({ path }) =>
  text(attempt(() => JSON.stringify(readdirSync(path).sort()))),
);

server.registerTool("connect_unix", { description: "Connects to a Unix socket.", inputSchema: { path: z.string() } }, async ({ path }) =>
  text(await tryConnect({ path })),
);

server.registerTool(
  "connect_tcp",
  { description: "Connects to 127.0.0.1:<port>.", inputSchema: { port: z.number().int() } },
  async ({ port }) => text(await tryConnect({ host: "127.0.0.1", port })),
);

server.registerTool("env", { description: "Returns the server's environment as JSON." }, async () => text(JSON.stringify(process.env)));

await server.connect(new StdioServerTransport());
