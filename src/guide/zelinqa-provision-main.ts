#!/usr/bin/env node
// The host-side provisioner of zelinqa-mcp sessions, for exc's MCP `provision` hook: creates a Zelinqa session
// through the SDK with `client_reference` = ZELINQA_CONVERSATION and prints `{"ZELINQA_SESSION_ID": "<id>"}`, which
// exc stores in ctx and injects, so the model never sees the id. Reads ZELINQA_API_KEY and ZELINQA_BASE_URL.
import { ZelinqaClient } from "../zelinqa/sdk/index.js";
import { packageVersion } from "../shared/package-version.js";

const HELP = `Usage: zelinqa-provision

Creates a Zelinqa session for zelinqa-mcp and prints {"ZELINQA_SESSION_ID": "<id>"} (run by zino-exc's MCP
\`provision\` hook). Environment: ZELINQA_API_KEY (required), ZELINQA_BASE_URL, ZELINQA_CONVERSATION.

Options:
  -V, --version  print the version and exit
  -h, --help     print this help and exit
`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes("--version") || argv.includes("-V")) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(HELP);
    return 0;
  }
  const apiKey = (process.env.ZELINQA_API_KEY ?? "").trim();
  if (apiKey === "") {
    process.stderr.write("zelinqa-provision: ZELINQA_API_KEY is not set\n");
    return 2;
  }
  const conversation = (process.env.ZELINQA_CONVERSATION ?? "").trim() || "conversation";
  const baseUrl = (process.env.ZELINQA_BASE_URL ?? "").trim() || undefined;
  const client = new ZelinqaClient({ apiKey, baseUrl });
  const state = await client.createSession({ client_reference: conversation });
  process.stdout.write(`${JSON.stringify({ ZELINQA_SESSION_ID: state.session_id })}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`zelinqa-provision: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
