// `zino ctx show|set|history|clear` (docs/zino-protocol.md §7 "management of contexts"): ctx's typed operations
// (docs/zino-protocol.md) with readable output on stdout.
import { requestOne } from "../../wire/frame-client.js";
import { serviceRequestError } from "./service-request-error.js";
import type { Frame } from "../../wire/frame-codec.js";
import type { InstanceConfig } from "../config/index.js";
import { CliError, EXIT_OK, EXIT_USAGE, type CliIo } from "../../shared/cli.js";
import { assignmentsToConfig } from "./config-assignments.js";
import { maskSecrets } from "./mask-secrets.js";
import { terminalWriter } from "../../shared/terminal-text.js";
import { shellWord } from "../../shared/shell-word.js";

export interface CtxCommandBase {
  instance: InstanceConfig;
  io: CliIo;
}

/** How a command words an error frame of ctx: its own message and exit code for the codes it knows better. */
type ErrorWording = (code: string, message: string) => CliError | undefined;

async function ctxRequest(instance: InstanceConfig, request: Frame, expected: string, wording?: ErrorWording): Promise<Frame> {
  let answer: Frame;
  try {
    answer = await requestOne(instance.sockets.ctx, request, { idleTimeoutMs: 10_000 });
  } catch (err) {
    throw serviceRequestError("ctx", instance.sockets.ctx, err) ?? err;
  }
  if (answer.type === "error") {
    const message = typeof answer.message === "string" ? answer.message : "error";
    throw (
      wording?.(String(answer.code), message) ??
      new CliError(`zino-ctx: ${message} [${String(answer.code)}]`, {
        code: "service_error",
      })
    );
  }
  if (answer.type !== expected)
    throw new CliError(`zino-ctx answered ${String(answer.type)} instead of ${expected}`, { code: "service_error" });
  return answer;
}

export async function ctxShow({ instance, io, ctxkey }: CtxCommandBase & { ctxkey: string }): Promise<number> {
  const answer = await ctxRequest(instance, { type: "get_config", ctxkey, message: null }, "config");
  io.stdout.write(`${JSON.stringify(maskSecrets(answer.config), null, 2)}\n`);
  return EXIT_OK;
}

export async function ctxSet({
  instance,
  io,
  ctxkey,
  assignments,
}: CtxCommandBase & { ctxkey: string; assignments: string[] }): Promise<number> {
  const config = assignmentsToConfig(assignments);
  const fields = assignments.map((a) => a.slice(0, a.indexOf("=")));
  await ctxRequest(instance, { type: "set_config", ctxkey, config, message: null }, "ok", (code, message) =>
    // A value ctx refuses came from this command line: a usage error, worded for it rather than for set_config.
    code === "bad_request"
      ? new CliError(`${ctxkey}: not set, nothing stored: ${setConfigProblem(message)}`, {
          exitCode: EXIT_USAGE,
          hint: `give a valid value, e.g. \`zino ctx set ${shellWord(ctxkey)} ${fields[0] ?? "FIELD"}=VALUE\` (\`zino ctx show ${shellWord(ctxkey)}\` shows the configuration now)`,
        })
      : undefined,
  );
  // Stored overrides outlive restarts and win over ZINO.toml: say so where they are made, and how to undo them.
  const over = ctxkey === "default" ? "ZINO.toml for every ctxkey" : "the ctxkey default (ZINO.toml)";
  io.stderr.write(
    `zino: ${ctxkey}: set ${fields.join(", ")} (kept across restarts; wins over ${over} until ` +
      `\`zino ctx unset ${shellWord(ctxkey)} ${fields.join(" ")}\`)\n`,
  );
  return EXIT_OK;
}

/** `zino ctx unset KEY field...`: removes fields set with `zino ctx set`, so the inherited value applies again. */
export async function ctxUnset({ instance, io, ctxkey, fields }: CtxCommandBase & { ctxkey: string; fields: string[] }): Promise<number> {
  const bad = fields.find((field) => !/^[^.]+(\.[^.]+)*$/.test(field));
  if (bad !== undefined)
    throw new CliError(`${ctxkey}: nothing unset: ${bad} is not a dotted field name such as llm.base_url`, { exitCode: EXIT_USAGE });
  const answer = await ctxRequest(
    instance,
    { type: "set_config", ctxkey, config: {}, unset: fields, message: null },
    "ok",
    (code, message) =>
      code === "bad_request"
        ? new CliError(`${ctxkey}: nothing unset: ${setConfigProblem(message)}`, {
            exitCode: EXIT_USAGE,
            hint: `\`zino ctx show ${shellWord(ctxkey)}\` shows the configuration now`,
          })
        : undefined,
  );
  if (!Array.isArray(answer.unset))
    throw new CliError(
      "this zino-ctx cannot unset fields (it predates `zino ctx unset`): restart the services with `zino down` and `zino up`",
      {
        code: "service_error",
      },
    );
  const removed = answer.unset.filter((field): field is string => typeof field === "string");
  const kept = fields.filter((field) => !removed.includes(field));
  const source = ctxkey === "default" ? "ZINO.toml's values apply" : "the ctxkey default's values apply";
  if (removed.length > 0) io.stderr.write(`zino: ${ctxkey}: unset ${removed.join(", ")}; ${source} again\n`);
  if (kept.length > 0) io.stderr.write(`zino: ${ctxkey}: ${kept.join(", ")} not set with \`zino ctx set\`, nothing to unset\n`);
  return EXIT_OK;
}

/** ctx's reason without its wording for wire clients ("Not stored: …", "Bad set_config request: …", "Send valid values"). */
function setConfigProblem(message: string): string {
  return message
    .replace(/^(Not stored: |Bad set_config request: )/, "")
    .replace(/\. Send valid values; nothing was changed\.$/, "")
    .replace(/\.$/, "");
}

export async function ctxHistory({
  instance,
  io,
  ctxkey,
  limit,
  json,
}: CtxCommandBase & { ctxkey: string; limit: number | undefined; json: boolean }): Promise<number> {
  const request: Frame = { type: "get_history", ctxkey, message: null };
  if (limit !== undefined) request.limit = limit;
  const answer = await ctxRequest(instance, request, "history");
  const messages = Array.isArray(answer.messages) ? (answer.messages as unknown[]) : [];
  if (json) io.stdout.write(`${JSON.stringify(messages, null, 2)}\n`);
  else if (messages.length === 0) io.stderr.write(`zino: ${ctxkey}: no stored messages\n`);
  // A tool's stored output may hold anything it read (escape sequences of a page): a terminal shows them, not obeys them.
  else {
    const write = terminalWriter(io.stdout);
    for (const message of messages) write(`${formatMessage(message)}\n`);
  }
  return EXIT_OK;
}

export async function ctxClear({ instance, io, ctxkey }: CtxCommandBase & { ctxkey: string }): Promise<number> {
  await ctxRequest(instance, { type: "clear_history", ctxkey, message: null }, "ok");
  io.stderr.write(`zino: ${ctxkey}: history cleared\n`);
  return EXIT_OK;
}

/** One history message as `role: content`, with native tool calls and tool results labelled. */
export function formatMessage(message: unknown): string {
  if (typeof message !== "object" || message === null) return JSON.stringify(message);
  const m = message as Record<string, unknown>;
  const role = typeof m.role === "string" ? m.role : "?";
  const content = typeof m.content === "string" ? m.content : m.content == null ? "" : JSON.stringify(m.content);
  const parts: string[] = [];
  if (content) parts.push(content);
  if (Array.isArray(m.tool_calls)) {
    for (const call of m.tool_calls as unknown[]) {
      const fn = typeof call === "object" && call !== null ? (call as Record<string, unknown>).function : undefined;
      const f = typeof fn === "object" && fn !== null ? (fn as Record<string, unknown>) : {};
      parts.push(
        `→ ${typeof f.name === "string" ? f.name : "?"}(${typeof f.arguments === "string" ? f.arguments : JSON.stringify(f.arguments ?? {})})`,
      );
    }
  }
  const label = role === "tool" && typeof m.tool_call_id === "string" ? `tool ${m.tool_call_id}` : role;
  return `${label}: ${parts.join(" ")}`;
}
