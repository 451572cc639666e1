// A stdio MCP server that misbehaves in one way, named by its first argument, for tests of zino-exc as an MCP host:
//   pages-forever  every tools/list page holds one tool (`t0`, `t1`, ...) and a fresh nextCursor;
//   same-cursor    every page holds one tool and the same nextCursor;
//   names          `a.b`, then `a_b` (the same model-safe name), then a 100-character name: each answers its own name;
//   stderr-flood   writes 32 MiB to stderr without a newline, then 50,000 short lines, then answers as usual;
//   big-tools      `small`, `deep` (an input schema 150 levels deep), `huge` (a 100 KB description), then `wide0`..`wide39`
//                  (60 KB each: 2.4 MB together);
//   helper <marker> starts a helper process (its command line holds the marker) that shares the server's stdout and
//                  stderr and outlives it; the tool `crash` exits the server without answering, `pid` answers its pid;
//   deaf           answers initialize and tools/list, then stops reading its stdin at its first call (never answered);
//   noinit         never answers initialize;
//   hold           `pid` answers the server's pid, `hold` answers after `arguments.ms` milliseconds;
//   deep           `deep` answers a result whose structuredContent nests `arguments.levels` arrays deep.
// Plain newline-delimited JSON-RPC, so that it can do what the SDK's server would not.
import { spawn } from "node:child_process";

const mode = process.argv[2] ?? "";
const LONG_NAME = `long_${"x".repeat(95)}`;
const send = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
const tool = (name: string) => ({ name, description: `answers ${name}`, inputSchema: { type: "object", properties: {} } });

function bigTools(): unknown[] {
  let deep: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < 150; i += 1) deep = { type: "object", properties: { x: deep } };
  const wide = Array.from({ length: 40 }, (_, i) => ({ ...tool(`wide${i}`), description: "w".repeat(60_000) }));
  return [tool("small"), { ...tool("deep"), inputSchema: deep }, { ...tool("huge"), description: "h".repeat(100_000) }, ...wide];
}

function toolsPage(cursor: string | undefined): unknown {
  if (mode === "names") return { tools: ["a.b", "a_b", LONG_NAME].map(tool) };
  if (mode === "helper") return { tools: ["pid", "crash"].map(tool) };
  if (mode === "hold") return { tools: ["pid", "hold"].map(tool) };
  if (mode === "deep") return { tools: ["deep"].map(tool) };
  if (mode === "big-tools") return { tools: bigTools() };
  const page = cursor === undefined ? 0 : Number(cursor.slice(1));
  if (mode === "same-cursor") return { tools: [tool(`t${page}`)], nextCursor: "c1" };
  return { tools: [tool(`t${page}`)], nextCursor: `c${page + 1}` };
}

function answer(message: { id?: number; method?: string; params?: Record<string, unknown> }): void {
  if (message.id === undefined) return;
  const ok = (result: unknown) => send({ jsonrpc: "2.0", id: message.id, result });
  if (message.method === "initialize") {
    if (mode === "noinit") return;
    ok({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "unruly", version: "1" } });
  } else if (message.method === "tools/list") ok(toolsPage(message.params?.cursor as string | undefined));
  else if (message.method === "tools/call") {
    if (mode === "deaf") {
      process.stdin.pause();
      setInterval(() => undefined, 60_000); // alive, with nothing left to read its stdin
      return;
    }
    if (mode === "helper" && message.params?.name === "crash") process.exit(3);
    if (mode === "deep") {
      const levels = Number((message.params?.arguments as { levels?: unknown } | undefined)?.levels ?? 1);
      const nested = `${"[".repeat(levels)}${"]".repeat(levels)}`;
      process.stdout.write(`{"jsonrpc":"2.0","id":${message.id},"result":{"content":[],"structuredContent":{"x":${nested}}}}\n`);
      return;
    }
    const name = message.params?.name;
    const text = (mode === "helper" || mode === "hold") && name === "pid" ? String(process.pid) : `called ${String(name)}`;
    const holdMs = mode === "hold" && name === "hold" ? Number((message.params?.arguments as { ms?: unknown } | undefined)?.ms ?? 0) : 0;
    setTimeout(() => ok({ content: [{ type: "text", text }] }), holdMs);
  } else send({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "unknown method" } });
}

if (mode === "stderr-flood") {
  process.stderr.write("x".repeat(32 * 1024 * 1024));
  process.stderr.write(`\n${"chatty line\n".repeat(50_000)}`);
}
if (mode === "helper") {
  // Inherits the server's stdout and stderr, as a shell's or npx's children do, and lives on after it.
  spawn(process.execPath, ["-e", "setTimeout(() => {}, 300_000)", process.argv[3] ?? "mcp-unruly-helper"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
}
let buffered = "";
process.stdin.on("data", (chunk: Buffer) => {
  buffered += chunk.toString("utf8");
  for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    if (line.trim()) answer(JSON.parse(line) as Parameters<typeof answer>[0]);
  }
});
