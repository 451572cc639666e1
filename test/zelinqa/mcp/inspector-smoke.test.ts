// Smoke test with the official MCP Inspector CLI (issue "Zelinqa SDK and the zelinqa-mcp server"): a third-party
// MCP client lists the tools of our server over stdio, in business and in advanced mode.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, it } from "node:test";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const require = createRequire(import.meta.url);
const inspectorCli = join(dirname(require.resolve("@modelcontextprotocol/inspector/package.json")), "cli", "build", "cli.js");
const run = promisify(execFile);

async function listTools(extraArgs: string[]): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    [
      inspectorCli,
      "--cli",
      "-e",
      "ZELINQA_API_KEY=nbq_live_inspector_smoke_key_not_a_real_one_000000",
      "-e",
      "ZELINQA_BASE_URL=http://127.0.0.1:1",
      process.execPath,
      "--import",
      "tsx",
      join(root, "src/zelinqa/mcp/main.ts"),
      ...extraArgs,
      "--method",
      "tools/list",
    ],
    { cwd: root, timeout: 60_000 },
  );
  const parsed = JSON.parse(stdout) as { tools: { name: string }[] };
  return parsed.tools.map((tool) => tool.name).sort();
}

void describe("MCP Inspector CLI", () => {
  void it("lists the seven business tools over stdio", { timeout: 90_000 }, async () => {
    assert.deepEqual(await listTools([]), [
      "zelinqa_add_context",
      "zelinqa_adjust",
      "zelinqa_feedback",
      "zelinqa_forget",
      "zelinqa_next_question",
      "zelinqa_start",
      "zelinqa_status",
    ]);
  });

  void it("lists the six advanced tools with --advanced", { timeout: 90_000 }, async () => {
    assert.deepEqual(await listTools(["--advanced"]), [
      "zelinqa_apply_events",
      "zelinqa_create_session",
      "zelinqa_get_session",
      "zelinqa_next",
      "zelinqa_resume_session",
      "zelinqa_submit_feedback",
    ]);
  });
});
