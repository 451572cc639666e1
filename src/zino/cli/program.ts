// The `zino` command line (docs/zino-protocol.md §7): commander definitions and exit codes. Every command reaches the services
// only over their sockets; `--config PATH`, else ZINO_CONFIG, else ./ZINO.toml, else built-in defaults.
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { ConfigError, MAX_WAIT_MS, enclosingConfigWarning, loadInstanceConfig, type InstanceConfig } from "../config/index.js";
import { askCommand } from "./ask-command.js";
import { chatCommand } from "./chat-command.js";
import {
  CliError,
  commanderExitCode,
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  formatCliError,
  usageError,
  type CliIo,
} from "../../shared/cli.js";
import { ctxClear, ctxHistory, ctxSet, ctxShow, ctxUnset } from "./ctx-commands.js";
import { downServices, upDetached } from "./detached-services.js";
import { execCommand, toolsCommand } from "./exc-commands.js";
import { runForeground } from "./foreground-supervisor.js";
import { statusCommand } from "./status-command.js";
import { packageVersion } from "../../shared/package-version.js";
import { localizedStream } from "./command-name.js";
import { staleConfigWarning } from "./stale-config.js";
import { readStdinBounded } from "./read-stdin.js";
import { userPath } from "../../shared/user-path.js";

export interface RunCliOptions {
  /** Turn SIGINT/SIGTERM into cancellation (the real process); tests leave process signals alone. */
  handleSignals?: boolean;
}

export async function runCli(argv: readonly string[], given: CliIo, options: RunCliOptions = {}): Promise<number> {
  // Messages name commands (`zino up`, also in the services' errors): rewritten to `npm run zino -- up` under npm.
  const io: CliIo = { ...given, stderr: localizedStream(given.stderr, given.env) };
  let exitCode = EXIT_OK;
  const program = createProgram(io, options, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (err) {
    // `zino help [command]` exits 0 in commander's word; help shown for a missing subcommand (`zino ctx`) does not.
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT_OK : commanderExitCode(err);
    // The bridge (src/guide: `zino guide`, `zino ctx crm`, and what status and down ask of it) is imported by the
    // commands that use it, so that the others, `zino up` first, start without it and its Zelinqa schemas; here too,
    // only on this failure path.
    const GuideError = await import("../../guide/index.js").then(
      (bridge) => bridge.GuideError,
      () => undefined, // a bridge that cannot load raised none of its errors: the failure is reported as it is
    );
    const expected = GuideError && err instanceof GuideError ? new CliError(err.message, { exitCode: err.exitCode }) : err;
    if (expected instanceof CliError) {
      io.stderr.write(formatCliError("zino", expected));
      return expected.exitCode;
    }
    io.stderr.write(`zino: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT_FAILURE;
  }
}

/** What every command's action uses: the terminal, signal handling, the exit code setter and the configuration. */
interface CommandKit {
  io: CliIo;
  options: RunCliOptions;
  setExit: (code: number) => void;
  /** The instance configuration (`--config`, ZINO_CONFIG, ./ZINO.toml, defaults), loaded when a command runs. */
  instance: (options?: { staleCheck?: boolean }) => InstanceConfig;
}

function createProgram(io: CliIo, options: RunCliOptions, setExit: (code: number) => void): Command {
  const program = new Command("zino")
    .description("ZINO agent platform: start, stop and inspect the services, chat with the agent")
    .option("--config <path>", "ZINO.toml to use (default: $ZINO_CONFIG, else ./ZINO.toml, else built-in defaults)")
    .version(packageVersion(), "-V, --version", "print the version and exit")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .showHelpAfterError("(run `zino --help` for usage)")
    .showSuggestionAfterError();

  let warned = false;
  const instance = ({ staleCheck = true }: { staleCheck?: boolean } = {}): InstanceConfig => {
    const { config } = program.opts<{ config?: string }>();
    try {
      // A --config typed in a subfolder under `npm run zino --` names a file there; ./ZINO.toml stays the root's.
      const path = config === undefined ? undefined : userPath(config, io.env, io.cwd);
      const loaded = loadInstanceConfig({ path, env: io.env, cwd: io.cwd });
      // Once per command: a table nothing reads (`[lmm]`) would otherwise drop its settings without a word.
      if (!warned) for (const warning of loaded.unknownTables ?? []) io.stderr.write(`zino: warning: ${loaded.configPath}: ${warning}\n`);
      // Typed in a subfolder of an instance (a linked `zino`), without a word it would act on another instance.
      const elsewhere = !warned && loaded.configPath === undefined ? enclosingConfigWarning(io.cwd) : undefined;
      if (elsewhere) io.stderr.write(`zino: warning: ${elsewhere}\n`);
      // Edited while the services run (a new [llm] endpoint), the file would seem ignored until they restart.
      const stale = !warned && staleCheck ? staleConfigWarning(loaded) : undefined;
      if (stale) io.stderr.write(`zino: warning: ${stale}\n`);
      warned = true;
      return loaded;
    } catch (err) {
      if (err instanceof ConfigError) throw new CliError(err.message, { code: "config_invalid", exitCode: EXIT_USAGE });
      throw err;
    }
  };
  const kit: CommandKit = { io, options, setExit, instance };
  addServiceCommands(program, kit);
  addTurnCommands(program, kit);
  addExcCommands(program, kit);
  addGuideCommand(program, kit);
  const ctx = addCtxCommands(program, kit);

  for (const command of [program, ...program.commands, ...ctx.commands]) {
    command.exitOverride().configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  }
  return program;
}

/** `zino up`, `down` and `status`: the services' lifecycle. */
function addServiceCommands(program: Command, { io, options, setExit, instance }: CommandKit): void {
  program
    .command("up")
    .description("start ctx, rtr, exc and daemon (foreground, restarting crashed services; Ctrl-C stops them)")
    .option("-d, --detach", "start them in the background, logs in <runtime_dir>/logs, and return once all answer ping")
    .option(
      "--one-process",
      "run the four in one zino-host process: about 0.8× the memory, about the same throughput ([launch] one_process)",
    )
    .addOption(new Option("--timeout <ms>", "how long to wait for each service to answer ping").argParser(waitMs).default(30_000))
    .addHelpText(
      "after",
      [
        "",
        "One `zino up` starts an instance at a time: a second one waits for the first (lock <runtime_dir>/up.lock).",
        "Exit codes (the same in the foreground and with --detach):",
        "  0  every service answers (the foreground: after Ctrl-C)",
        "  1  a service did not start and a retry may help, or another `zino up` still held the instance past --timeout + 10 s",
        "  2  what only you can fix: ZINO.toml, the runtime folder, a socket another process holds, the database path",
      ].join("\n"),
    )
    .action(async (opts: { detach?: boolean; oneProcess?: boolean; timeout: number }) => {
      const config = instance();
      const launch = { instance: config, io, startTimeoutMs: opts.timeout, oneProcess: opts.oneProcess || undefined };
      if (opts.detach) return setExit(await upDetached(launch));
      await withStopSignal(options, async (stop) => {
        setExit(await runForeground({ ...launch, stop }));
      });
    });

  program
    .command("down")
    .description("stop the services started by `zino up --detach` and remove stale sockets")
    .addOption(new Option("--timeout <ms>", "how long to wait after SIGTERM before SIGKILL").argParser(waitMs).default(5000))
    .action(async (opts: { timeout: number }) =>
      setExit(await downServices({ instance: instance({ staleCheck: false }), io, graceMs: opts.timeout })),
    );

  program
    .command("status")
    .description("ping every service and show its capabilities; exit 1 unless ctx, rtr and daemon answer")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => setExit(await statusCommand({ instance: instance(), io, json: Boolean(opts.json) })));
}

/** `zino chat` and `zino ask`: turns of the agent. */
function addTurnCommands(program: Command, { io, options, setExit, instance }: CommandKit): void {
  program
    .command("chat")
    .description(
      "interactive chat; Ctrl-C cancels a turn, Ctrl-C or Ctrl-D at an empty prompt exits. With piped input (one turn " +
        "per line) the exit status is 1 if a turn failed, 130 if one was cancelled, else 0",
    )
    .option("--ctx <key>", "context key (conversation and configuration)", ctxkeyArg)
    .action(async (opts: { ctx?: string }) => setExit(await chatCommand({ instance: instance(), io, ctxkey: opts.ctx })));

  program
    .command("ask")
    .description("one turn: stream the answer to stdout; exit 0 on done, 1 on error (`-` reads the message from stdin)")
    .option("--ctx <key>", "context key (conversation and configuration)", ctxkeyArg)
    .argument("<text...>", "the message")
    .action(async (words: string[], opts: { ctx?: string }) => {
      await withStopSignal(options, async (stop) => {
        setExit(await askCommand({ instance: instance(), io, words, ctxkey: opts.ctx, signal: stop }));
      });
    });
}

/** `zino exec` and `zino tools`: zino-exc directly. */
function addExcCommands(program: Command, { io, setExit, instance }: CommandKit): void {
  program
    .command("exec")
    .description("run a snippet through zino-exc with the ctxkey's rules; prints stdout/stderr, exits with the tool's exit code")
    .option("--ctx <key>", "context key whose execution rules apply", ctxkeyArg, "default")
    .option("--executor <name>", "executor (bash, python3, node, ...)", "bash")
    .argument("<code...>", "the code (`-` reads it from stdin)")
    .action(async (words: string[], opts: { ctx: string; executor: string }) => {
      const config = instance();
      const code =
        words.length === 1 && words[0] === "-"
          ? await readStdinBounded(io.stdin, { maxBytes: config.maxFrameBytes, what: "the code" })
          : words.join(" ");
      setExit(await execCommand({ instance: config, io, ctxkey: opts.ctx, executor: opts.executor, code }));
    });

  program
    .command("tools")
    .description("list the tools the model of a ctxkey sees (zino-exc `tools`)")
    .option("--ctx <key>", "context key", ctxkeyArg, "default")
    .option("--json", "print the full tool definitions")
    .action(async (opts: { ctx: string; json?: boolean }) =>
      setExit(await toolsCommand({ instance: instance(), io, ctxkey: opts.ctx, json: Boolean(opts.json) })),
    );
}

/** `zino guide`: the bridge's guided conversation, hosted by this CLI. */
function addGuideCommand(program: Command, { io, options, setExit, instance }: CommandKit): void {
  program
    .command("guide")
    .description(
      "guided conversation on a local Zelinqa API (sample domain): conducted by the agent when a model answers, else asked directly; Ctrl-C pauses, re-running resumes",
    )
    // "guide" is the bridge's GUIDE_DEFAULT_CTXKEY, not imported here: the bridge is loaded only when used.
    .option("--ctx <key>", "context key of the conversation", ctxkeyArg, "guide")
    .option("--new", "start a new conversation instead of resuming")
    .option("--direct", "ask the questions directly, without the agent")
    .option("--agent", "let the agent conduct it (needs a model endpoint)")
    .option("--domain <file>", "Zelinqa configuration to import and publish (default: examples/zelinqa/furniture.json)")
    .action(async (opts: { ctx: string; new?: boolean; direct?: boolean; agent?: boolean; domain?: string }) => {
      if (opts.direct && opts.agent) throw usageError("--direct and --agent exclude each other");
      const mode = opts.direct ? "direct" : opts.agent ? "agent" : "auto";
      await withStopSignal(options, async (stop) => {
        const config = instance();
        const [{ guideCommand }, { createGuideHost }] = await Promise.all([import("../../guide/index.js"), import("./guide-host.js")]);
        setExit(
          await guideCommand({
            instance: config,
            io,
            host: createGuideHost(config, io),
            ctxkey: opts.ctx,
            fresh: Boolean(opts.new),
            mode,
            domainFile: opts.domain === undefined ? undefined : userPath(opts.domain, io.env, io.cwd),
            signal: stop,
          }),
        );
      });
    });
}

/** `zino ctx ...`: per-ctxkey configuration, history and known facts, through zino-ctx. Returns the group. */
function addCtxCommands(program: Command, { io, setExit, instance }: CommandKit): Command {
  const ctx = program.command("ctx").description("per-ctxkey configuration and history, through zino-ctx");
  ctx
    .command("show")
    .description("the merged configuration of a ctxkey (secrets masked)")
    .argument("[key]", "ctxkey", ctxkeyArg, "default")
    .action(async (key: string) => setExit(await ctxShow({ instance: instance(), io, ctxkey: key })));
  ctx
    .command("set")
    .description(
      "override fields for a ctxkey, e.g. `zino ctx set work llm.model=gpt-4o-mini llm.temperature=0.2`; kept across restarts, over ZINO.toml, until `zino ctx unset`",
    )
    .argument("<key>", "ctxkey", ctxkeyArg)
    .argument("<assignments...>", "path.to.field=value (value parsed as JSON when it is JSON)")
    .action(async (key: string, assignments: string[]) => setExit(await ctxSet({ instance: instance(), io, ctxkey: key, assignments })));
  ctx
    .command("unset")
    .description(
      "remove fields set with `zino ctx set`, e.g. `zino ctx unset default llm.base_url`: the ctxkey inherits them again (ZINO.toml's, for default)",
    )
    .argument("<key>", "ctxkey", ctxkeyArg)
    .argument("<fields...>", "path.to.field")
    .action(async (key: string, fields: string[]) => setExit(await ctxUnset({ instance: instance(), io, ctxkey: key, fields })));
  ctx
    .command("history")
    .description("the stored conversation of a ctxkey")
    .argument("<key>", "ctxkey", ctxkeyArg)
    .addOption(new Option("--limit <n>", "only the last N messages").argParser(positiveInt))
    .option("--json", "print the messages as JSON")
    .action(async (key: string, opts: { limit?: number; json?: boolean }) =>
      setExit(await ctxHistory({ instance: instance(), io, ctxkey: key, limit: opts.limit, json: Boolean(opts.json) })),
    );
  ctx
    .command("crm")
    .description(
      "known facts of a ctxkey for guided conversations: `zino ctx crm KEY fur_budget=1500` (`id=` removes; no assignment prints them)",
    )
    .argument("<key>", "ctxkey", ctxkeyArg)
    .argument("[assignments...]", "configured data id=value (value parsed as JSON when it is JSON)")
    .action(async (key: string, assignments: string[]) => {
      const { crmCommand } = await import("../../guide/index.js");
      setExit(await crmCommand({ instance: instance(), io, ctxkey: key, assignments }));
    });
  ctx
    .command("clear")
    .description("delete the stored conversation of a ctxkey")
    .argument("<key>", "ctxkey", ctxkeyArg)
    .action(async (key: string) => setExit(await ctxClear({ instance: instance(), io, ctxkey: key })));
  return ctx;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive integer up to ${Number.MAX_SAFE_INTEGER}`);
  return n;
}

/** A wait in ms: at most a day, as every wait of ZINO.toml (Node fires a timer past 2^31 - 1 ms at once). */
function waitMs(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > MAX_WAIT_MS)
    throw new InvalidArgumentError(`expected a number of ms from 1 to ${MAX_WAIT_MS} (a day)`);
  return n;
}

/** A ctxkey as the services accept it (src/wire/envelope.ts): refused here as a usage error instead of by the service. */
function ctxkeyArg(value: string): string {
  if (value.length === 0 || value.length > 256) throw new InvalidArgumentError("a ctxkey is 1 to 256 characters");
  if (value.includes("\u0000")) throw new InvalidArgumentError("a ctxkey cannot contain NUL");
  return value;
}

/** Runs `fn` with a signal aborted by the first SIGINT/SIGTERM when `handleSignals` is set. */
async function withStopSignal(options: RunCliOptions, fn: (stop: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  if (!options.handleSignals) return fn(controller.signal);
  const onSignal = () => controller.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await fn(controller.signal);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
