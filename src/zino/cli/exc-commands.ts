// `zino exec` and `zino tools`: exc's tool call and `{type:"tools"}` operations (docs/zino-protocol.md) from the
// command line, with the ctxkey's execution rules applied by exc itself.
import { z } from "zod";
import { requestOne } from "../../wire/frame-client.js";
import { serviceRequestError } from "./service-request-error.js";
import type { Frame } from "../../wire/frame-codec.js";
import type { InstanceConfig } from "../config/index.js";
import { ResultAnswerSchema, ToolsAnswerSchema } from "../protocol/index.js";
import { CliError, EXIT_FAILURE, EXIT_OK, type CliIo } from "../../shared/cli.js";

/** The tools answer with what the listing prints: every entry names its function. */
const ToolsFrameSchema = ToolsAnswerSchema.extend({
  tools: z.array(z.looseObject({ function: z.looseObject({ name: z.string(), description: z.string().optional() }) })),
});

async function excRequest(instance: InstanceConfig, frame: Frame, timeoutMs: number): Promise<Frame> {
  let answer: Frame;
  try {
    answer = await requestOne(instance.sockets.exc, frame, { idleTimeoutMs: timeoutMs });
  } catch (err) {
    throw serviceRequestError("exc", instance.sockets.exc, err) ?? err;
  }
  if (answer.type === "error") {
    throw new CliError(`zino-exc: ${typeof answer.message === "string" ? answer.message : "error"} [${String(answer.code)}]`, {
      code: "service_error",
    });
  }
  return answer;
}

export interface ExecCommandOptions {
  instance: InstanceConfig;
  io: CliIo;
  ctxkey: string;
  executor: string;
  code: string;
}

/** Runs `code` as the model's `execute_<executor>` call would; exits with the tool's exit code. */
export async function execCommand({ instance, io, ctxkey, executor, code }: ExecCommandOptions): Promise<number> {
  const frame: Frame = { message: { name: `execute_${executor}`, arguments: { code } }, ctxkey };
  const answer = await excRequest(instance, frame, 10 * 60_000);
  const parsed = ResultAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new CliError(`zino-exc answered ${String(answer.type)} instead of result`, { code: "service_error" });
  io.stdout.write(parsed.data.stdout);
  io.stderr.write(parsed.data.stderr);
  const exit = parsed.data.exit_code;
  return exit >= 0 && exit <= 255 ? exit : EXIT_FAILURE;
}

/** The tool definitions the model of `ctxkey` sees: `name: description` (its further lines indented), or the JSON. */
export async function toolsCommand(options: { instance: InstanceConfig; io: CliIo; ctxkey: string; json: boolean }): Promise<number> {
  const answer = await excRequest(options.instance, { type: "tools", ctxkey: options.ctxkey, message: null }, 60_000);
  const parsed = ToolsFrameSchema.safeParse(answer);
  if (!parsed.success) throw new CliError(`zino-exc answered ${String(answer.type)} instead of tools`, { code: "service_error" });
  if (options.json) {
    options.io.stdout.write(`${JSON.stringify(parsed.data.tools, null, 2)}\n`);
    return EXIT_OK;
  }
  for (const tool of parsed.data.tools) {
    // The first line beside the name, the others (run_skill's list of skills) indented under it.
    const [first = "", ...more] = (tool.function.description ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
    options.io.stdout.write(`${tool.function.name}${first ? `: ${first}` : ""}\n${more.map((line) => `  ${line}\n`).join("")}`);
  }
  return EXIT_OK;
}
