// How an MCP server of a ctxkey is launched: its own command, or bubblewrap running it (`sandbox = "bwrap"`,
// never unsandboxed when bubblewrap cannot run); and its environment: the configured `env`, the values stored in
// ctx (`env_from_ctx`, provisioned when missing) and a sandbox HOME. Never exc's own secrets.
import type { McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { bwrapFix } from "./bwrap-advice.js";
import type { CtxClient } from "./ctx-client.js";
import { provisionMissingEnv } from "./mcp-provision.js";
import { MCP_SANDBOX_HOME, createBwrapCheck, defaultBwrapPath, mcpBwrapArgs } from "./mcp-sandbox.js";
import { secretList } from "../../shared/redact-secrets.js";

/** An env value shorter than this is not redacted from what the server sends back ("1", "info" are too common). */
export const MIN_SECRET_CHARS = 8;

export interface McpLaunch {
  /** The server's env values that are secrets (ctx masks them): redacted from its results, errors and logged stderr. */
  secrets?: readonly string[];
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface McpLauncherOptions {
  ctx: CtxClient;
  logger: Logger;
  /** bubblewrap for `sandbox = "bwrap"` servers; default `bwrap` on the standard PATH, else /usr/bin/bwrap. */
  bwrapPath?: string | undefined;
  /** Paths a sandboxed server must not see (the instance's runtime dir, sockets, database). */
  hiddenPaths: string[];
}

/** The launch of one (ctxkey, server); a sandbox that cannot be made is an error that says what to do. */
export type McpLauncher = (ctxkey: string, server: string, config: McpServerConfig) => Promise<McpLaunch>;

export function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createMcpLauncher(options: McpLauncherOptions): McpLauncher {
  const { ctx, logger, hiddenPaths } = options;
  const bwrapProblem = createBwrapCheck();

  /** The command starting the server: its own, or bwrap running it; a sandbox that cannot be made is an error. */
  async function launchCommand(server: string, config: McpServerConfig): Promise<{ command: string; args: string[] }> {
    if (config.sandbox !== "bwrap") return { command: config.command, args: config.args };
    const bwrapPath = options.bwrapPath ?? defaultBwrapPath();
    const problem = await bwrapProblem(bwrapPath);
    if (problem !== undefined) {
      throw new Error(
        `MCP server ${server} did not start: it is configured with sandbox = "bwrap" but bubblewrap cannot run ` +
          `here (${problem}); ${bwrapFix({ bwrapPath, problem })}, or set sandbox = "none" for this server`,
      );
    }
    try {
      return { command: bwrapPath, args: mcpBwrapArgs({ config, hiddenPaths }) };
    } catch (err) {
      throw new Error(`MCP server ${server} did not start: its bubblewrap sandbox cannot be set up: ${describeError(err)}`, { cause: err });
    }
  }

  async function serverEnv(ctxkey: string, server: string, config: McpServerConfig): Promise<Record<string, string>> {
    const env: Record<string, string> = { ...(config.sandbox === "bwrap" ? { HOME: MCP_SANDBOX_HOME } : {}), ...config.env };
    const missing: Record<string, string> = {};
    for (const [name, storedKey] of Object.entries(config.env_from_ctx)) {
      try {
        const value = await ctx.getValue(ctxkey, storedKey);
        if (value !== undefined) env[name] = value;
        else missing[name] = storedKey;
      } catch (err) {
        logger.warn(
          { server, ctxkey, variable: name, err: describeError(err) },
          "cannot read an env_from_ctx value from ctx; the variable is left unset",
        );
      }
    }
    await provisionMissingEnv({ ctxkey, server, config, env, missing, ctx, logger });
    return env;
  }

  return async (ctxkey, server, config) => {
    const launch = await launchCommand(server, config);
    const env = await serverEnv(ctxkey, server, config);
    // What ctx masks in get_config: every configured `env` value, and those from ctx; not the HOME exc sets.
    const secretNames = [...Object.keys(config.env), ...Object.keys(config.env_from_ctx)];
    const secrets = secretList(
      secretNames.flatMap((name) => (env[name] === undefined ? [] : [env[name]])),
      MIN_SECRET_CHARS,
    );
    return { ...launch, env, secrets };
  };
}
