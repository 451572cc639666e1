// The `zelinqa` command of docs/zelinqa-api.md §2.1. Every command applies pending migrations first and accepts the database
// flags anywhere after its words. Exit codes and error lines follow the CLI convention of src/shared/cli.ts.
import cluster from "node:cluster";
import { InputFileError, MAX_CONFIGURATION_FILE_BYTES, readInputFile } from "../../shared/input-file.js";
import { packageVersion } from "../../shared/package-version.js";
import { Command, CommanderError, Option } from "commander";
import { resolve as resolvePath } from "node:path";
import { CliError, commanderExitCode, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, formatCliError, usageError } from "../../shared/cli.js";
import type { CliIo } from "../../shared/cli.js";
import { ZodError } from "zod";
import { createApiKey, createIdGenerator, isScope, listApiKeys, revokeApiKey, storedConfigurationEntities } from "../operations/index.js";
import type { IdGenerator } from "../operations/index.js";
import { startServer, createLogger } from "../api/server.js";
import type { RunningServer } from "../api/server.js";
import { ListenError } from "../api/listen-error.js";
import { ConfigError, LOG_LEVELS, resolveDatabase, resolveServerConfig } from "../api/server-config.js";
import type { ServerConfig } from "../api/server-config.js";
import { openStore, SCOPES } from "../store/index.js";
import type { DomainRecord, Scope, ZelinqaStore } from "../store/index.js";
import { formatConfiguration, parseConfigurationFile } from "./configuration-file.js";
import { importConfiguration } from "./configuration-import.js";
import { baseUrlOf, mintStudioLink, serveStudioLine } from "./studio-link.js";
import { serveWorkers } from "./serve-workers.js";
import { userPath } from "../../shared/user-path.js";
import { redactDatabaseUrl } from "../../shared/database-url.js";
import { UNREACHABLE_NETWORK_CODES } from "../../shared/network-errors.js";

/** The zelinqa CLI's terminal: the environment of the shared {@link CliIo}, its output as text callbacks. */
export interface CliDeps {
  env: CliIo["env"];
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when `serve` should stop (signals in production, a test trigger otherwise). */
  untilStopped?: () => Promise<void>;
}

interface DatabaseFlags {
  databaseUrl?: string;
  sqlitePath?: string;
}

/** A path flag or argument, relative to the folder the command was typed in (also under `npm run zelinqa --`). */
function pathArg(deps: CliDeps): (value: string) => string {
  return (value) => userPath(value, deps.env, process.cwd());
}

function withDatabase(deps: CliDeps, command: Command): Command {
  return command
    .addOption(new Option("--database-url <url>", "PostgreSQL URL, postgres://… (default: $ZELINQA_DATABASE_URL)"))
    .addOption(
      new Option(
        "--sqlite-path <path>",
        "SQLite file, relative to the current folder (default: $ZELINQA_SQLITE_PATH, else ./zelinqa.sqlite)",
      ).argParser(pathArg(deps)),
    );
}

async function withStore<T>(deps: CliDeps, flags: DatabaseFlags, fn: (store: ZelinqaStore) => Promise<T>): Promise<T> {
  const database = resolveDatabase(deps.env, flags);
  let store: ZelinqaStore;
  try {
    store = openStore(database);
  } catch (error) {
    // SQLite's own words name no file ("unable to open database file"): say which, and what to do.
    if (database.databaseUrl !== undefined || !(error instanceof Error)) throw error;
    throw new CliError(`cannot open the SQLite database ${resolvePath(database.sqlitePath)}: ${error.message}`, {
      code: "config_invalid",
      exitCode: EXIT_USAGE,
      hint: "check that its folder exists and is writable, or pass --sqlite-path (ZELINQA_SQLITE_PATH)",
    });
  }
  try {
    await migrateOrExplain(store, database.databaseUrl);
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Errors of a PostgreSQL that cannot be reached or refuses us (network, authentication, unknown database). */
const UNREACHABLE = new Set([...UNREACHABLE_NETWORK_CODES, "28P01", "28000", "3D000"]);

/**
 * The first use of the database: an unreachable PostgreSQL is said with its address (never the URL's password) and
 * what to check, instead of the driver's bare "connect ECONNREFUSED".
 */
async function migrateOrExplain(store: ZelinqaStore, databaseUrl: string | undefined): Promise<void> {
  try {
    await store.migrate();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (databaseUrl === undefined || typeof code !== "string" || !UNREACHABLE.has(code)) throw error;
    throw new CliError(`cannot use the PostgreSQL database ${redactDatabaseUrl(databaseUrl)}: ${(error as Error).message} (${code})`, {
      code: "service_unavailable",
      exitCode: EXIT_FAILURE,
      hint: "check that PostgreSQL runs there and accepts this user and database, or pass another --database-url (ZELINQA_DATABASE_URL)",
    });
  }
}

async function resolveDomain(
  store: ZelinqaStore,
  domainId: string | undefined,
  createDefault: boolean,
  now: string,
): Promise<DomainRecord> {
  if (domainId !== undefined) {
    const domain = await store.getDomain(domainId);
    if (!domain) throw usageError(`unknown domain ${domainId}`);
    return domain;
  }
  const domains = await store.listDomains();
  if (domains.length === 1 && domains[0]) return domains[0];
  if (domains.length > 1) {
    // Which ones, so that the person can pick without another command (`domains list` prints them all).
    const named = domains.slice(0, 5).map((d) => `${d.name} (--domain ${d.id})`);
    const more = domains.length > 5 ? `, and ${domains.length - 5} more (\`zelinqa domains list\`)` : "";
    throw usageError(`several domains exist: ${named.join(", ")}${more}`, "pass --domain with the id of the one you mean");
  }
  if (!createDefault) throw usageError("no domain exists");
  const org = await store.ensureOrganization("default", now);
  return store.createDomain({ id: createIdGenerator().newId("dom"), name: "default", organizationId: org, now });
}

function parseScopes(raw: string): Scope[] {
  const scopes = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (scopes.length === 0) throw usageError("--scopes needs at least one scope");
  for (const scope of scopes) if (!isScope(scope)) throw usageError(`unknown scope ${scope}: the scopes are ${SCOPES.join(", ")}`);
  return scopes as Scope[];
}

function parseExpiry(raw: string | undefined, now: Date): string | null {
  if (raw === undefined) return null;
  const ms = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(ms)) throw usageError("--expires-at must be an ISO 8601 date-time");
  const expiresAt = new Date(ms).toISOString();
  // A key born expired is refused at its first use: say so now rather than print a key that never works.
  if (ms <= now.getTime())
    throw usageError(
      `--expires-at ${expiresAt} is not in the future (now ${now.toISOString()}): give a later date, or leave it out for a key that does not expire`,
    );
  return expiresAt;
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGTERM", () => resolve());
    process.once("SIGINT", () => resolve());
  });
}

type ServeFlags = DatabaseFlags & { host?: string; port?: string; socket?: string; logLevel?: string; workers?: string };

function parseWorkers(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 256) throw usageError("--workers must be an integer between 1 and 256");
  return value;
}

/** A worker's `serve` command line: the resolved listening flags; the database URL goes in its environment. */
function workerArgs(config: ServerConfig): string[] {
  const listen = config.socketPath ? ["--socket", config.socketPath] : ["--host", config.host, "--port", String(config.port)];
  return ["serve", ...listen, "--log-level", config.logLevel];
}

/** A worker also stops when its primary is gone (its IPC channel closes). */
function untilSignalOrPrimaryGone(): Promise<void> {
  return Promise.race([waitForSignal(), new Promise<void>((resolve) => process.once("disconnect", () => resolve()))]);
}

/** What every command's action uses: the dependencies, ids, the clock and a JSON-lines printer. */
interface CommandKit {
  deps: CliDeps;
  ids: IdGenerator;
  clock: { now(): Date };
  now: () => string;
  json: (value: unknown) => void;
}

/** The studio's address on stderr; a failure to mint the link never stops the server. */
async function printStudioLine(deps: CliDeps, server: RunningServer, host: string): Promise<void> {
  const address = server.app.fastify.server.address();
  if (address === null || typeof address === "string") return;
  try {
    deps.stderr(await serveStudioLine(server.store, { host, port: address.port }));
  } catch (error) {
    deps.stderr(`zelinqa: no studio sign-in link: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** `--domain`: optional while the database holds one domain. */
const DOMAIN_HELP = "the domain_id (`zelinqa domains list`); needed only when the database holds several domains";

function addServerCommands(program: Command, kit: CommandKit): void {
  const { deps } = kit;
  withDatabase(deps, program.command("serve").description("apply migrations, then serve the API with its compilation worker"))
    .option("--host <host>", "address to listen on (default: $ZELINQA_HOST, else 127.0.0.1)")
    .option("--port <port>", "TCP port, 0 for any free one (default: $ZELINQA_PORT, else 8080)")
    .option("--socket <path>", "listen on a Unix socket instead of TCP", pathArg(deps))
    .option("--log-level <level>", `${LOG_LEVELS.join(", ")} (default: $ZELINQA_LOG_LEVEL, else info); logs are JSON lines on stderr`)
    .option("--workers <n>", "API processes sharing the port, one per core (PostgreSQL only; default 1)")
    .action(async (flags: ServeFlags) => {
      const config = resolveServerConfig(deps.env, flags);
      const workers = parseWorkers(flags.workers);
      if (workers > 1) {
        if (config.databaseUrl === undefined)
          throw usageError(
            "--workers above 1 needs PostgreSQL: one process serves a SQLite file",
            "pass --database-url or leave --workers out",
          );
        // Migrations run once, here, before any worker starts.
        await withStore(deps, flags, async () => undefined);
        await serveWorkers({
          workers,
          args: workerArgs(config),
          env: { ...deps.env, ZELINQA_DATABASE_URL: config.databaseUrl },
          logger: createLogger(config.logLevel),
          untilStopped: deps.untilStopped ?? waitForSignal,
        });
        return;
      }
      // The database opened and migrated first, so that a bad path or an unreachable PostgreSQL is one clear line.
      await withStore(deps, flags, async () => undefined);
      const server = await startServer(config, createLogger(config.logLevel));
      // One link per server: a worker of `--workers N` prints none (sign in with an API key there).
      if (!config.socketPath && !cluster.isWorker) await printStudioLine(deps, server, config.host);
      await (deps.untilStopped ?? (cluster.isWorker ? untilSignalOrPrimaryGone : waitForSignal))();
      await server.close();
      // A worker's IPC channel would keep it alive after its server closed.
      if (cluster.isWorker && process.connected) process.disconnect();
    });

  withDatabase(
    deps,
    program
      .command("studio-link")
      .description("[ext] print a fresh one-time sign-in link to the studio of a local server using this database")
      .option("--domain <id>", DOMAIN_HELP)
      .option("--base-url <url>", "the server's address (default: http://ZELINQA_HOST:ZELINQA_PORT)"),
  ).action(async (flags: DatabaseFlags & { domain?: string; baseUrl?: string }) => {
    const config = resolveServerConfig(deps.env, {});
    const baseUrl = flags.baseUrl ?? baseUrlOf(config.host, config.port);
    if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) throw usageError("--base-url must be an http:// or https:// URL");
    await withStore(deps, flags, async (store) => {
      if (flags.domain !== undefined && !(await store.getDomain(flags.domain))) throw usageError(`unknown domain ${flags.domain}`);
      deps.stdout(`${await mintStudioLink(store, { baseUrl, domainId: flags.domain })}\n`);
      deps.stderr("this link signs in once, within 10 minutes\n");
    });
  });

  withDatabase(deps, program.command("migrate").description("apply database migrations and exit")).action(async (flags: DatabaseFlags) => {
    await withStore(deps, flags, async () => undefined);
  });
}

function addDomainCommands(program: Command, kit: CommandKit): void {
  const { deps, ids, now, json } = kit;
  const domains = program.command("domains").description("manage domains");
  withDatabase(
    deps,
    domains
      .command("create")
      .description("create an empty domain (a configuration of its own, with its own keys); prints its domain_id")
      .requiredOption("--name <name>", "the domain's name")
      .option("--organization <org>", "organisation", "default"),
  ).action(async (flags: DatabaseFlags & { name: string; organization: string }) => {
    await withStore(deps, flags, async (store) => {
      const org = await store.ensureOrganization(flags.organization, now());
      const domain = await store.createDomain({ id: ids.newId("dom"), name: flags.name, organizationId: org, now: now() });
      json({ domain_id: domain.id, name: domain.name, organization: domain.organization });
    });
  });
  withDatabase(deps, domains.command("list").description("print every domain, one JSON line each")).action(async (flags: DatabaseFlags) => {
    await withStore(deps, flags, async (store) => {
      for (const d of await store.listDomains())
        json({ domain_id: d.id, name: d.name, organization: d.organization, created_at: d.createdAt });
    });
  });
}

function addKeyCommands(program: Command, kit: CommandKit): void {
  const { deps, ids, clock, now, json } = kit;
  const keys = program.command("keys").description("manage API keys");
  withDatabase(
    deps,
    keys
      .command("create")
      .description("create an API key for a domain and print it once (stored hashed: it cannot be shown again)")
      .requiredOption("--scopes <scopes>", `comma-separated, among: ${SCOPES.join(", ")} (runtime: sessions, for an app or an MCP host)`)
      .option("--domain <id>", `${DOMAIN_HELP}; a new "default" domain when none exists`)
      .option("--label <text>", "a name to recognise the key by in `keys list`")
      .option("--expires-at <iso>", "expiry date and time, ISO 8601 (default: never)"),
  ).action(async (flags: DatabaseFlags & { scopes: string; domain?: string; label?: string; expiresAt?: string }) => {
    const scopes = parseScopes(flags.scopes);
    const expiresAt = parseExpiry(flags.expiresAt, clock.now());
    await withStore(deps, flags, async (store) => {
      const domain = await resolveDomain(store, flags.domain, true, now());
      const created = await createApiKey({ store, ids, clock }, { domainId: domain.id, scopes, label: flags.label ?? null, expiresAt });
      json({
        key_id: created.record.id,
        api_key: created.apiKey,
        domain_id: domain.id,
        scopes: created.record.scopes,
        expires_at: expiresAt,
      });
      deps.stderr("warning: store this API key now; it cannot be shown again\n");
    });
  });
  withDatabase(
    deps,
    keys
      .command("list")
      .description("print every key (never the key itself), one JSON line each")
      .option("--domain <id>", "only this domain's keys"),
  ).action(async (flags: DatabaseFlags & { domain?: string }) => {
    await withStore(deps, flags, async (store) => {
      for (const k of await listApiKeys({ store }, flags.domain)) {
        json({
          key_id: k.id,
          label: k.label,
          domain_id: k.domainId,
          scopes: k.scopes,
          created_at: k.createdAt,
          expires_at: k.expiresAt,
          revoked_at: k.revokedAt,
        });
      }
    });
  });
  withDatabase(
    deps,
    keys
      .command("revoke")
      .description("revoke a key at once; requests with it are then refused")
      .argument("<key_id>", "the key_id that `keys create` or `keys list` printed"),
  ).action(async (keyId: string, flags: DatabaseFlags) => {
    await withStore(deps, flags, async (store) => {
      const revoked = await revokeApiKey({ store, clock }, keyId);
      if (!revoked) throw usageError(`unknown key ${keyId}`);
      json({ key_id: keyId, revoked_at: revoked.revokedAt });
    });
  });
}

function addConfigCommands(program: Command, kit: CommandKit): void {
  const { deps, ids, now, json } = kit;
  const config = program.command("config").description("import or export the configuration");
  withDatabase(
    deps,
    config
      .command("import")
      .description("apply a change batch to a domain's draft configuration (and publish it with --publish); prints the result")
      .argument("<file>", "a change batch (JSON or YAML), e.g. examples/zelinqa/furniture.json", pathArg(deps))
      .option("--domain <id>", `${DOMAIN_HELP}; a new "default" domain when none exists`)
      .option("--publish", "publish and compile after importing"),
  ).action(async (file: string, flags: DatabaseFlags & { domain?: string; publish?: boolean }) => {
    let text: string;
    try {
      text = readInputFile(file, { maxBytes: MAX_CONFIGURATION_FILE_BYTES, what: "the configuration file" });
    } catch (error) {
      throw usageError(error instanceof InputFileError ? error.message : `cannot read ${file}`);
    }
    const parsed = parseConfigurationFile(text, file);
    await withStore(deps, flags, async (store) => {
      const domain = await resolveDomain(store, flags.domain, true, now());
      json(await importConfiguration({ store, domain, file: parsed, publish: flags.publish === true, requestId: ids.newId("req") }));
    });
  });
  withDatabase(
    deps,
    config
      .command("export")
      .description("print a domain's configuration as a change batch that `config import` takes back")
      .option("--domain <id>", DOMAIN_HELP)
      .addOption(new Option("--format <format>", "output format").choices(["json", "yaml"]).default("json"))
      .addOption(
        new Option("--state <state>", "the published configuration or the draft").choices(["published", "draft"]).default("published"),
      ),
  ).action(async (flags: DatabaseFlags & { domain?: string; format: "json" | "yaml"; state: "published" | "draft" }) => {
    await withStore(deps, flags, async (store) => {
      const domain = await resolveDomain(store, flags.domain, false, now());
      const content =
        flags.state === "published" ? (await store.getPublishedVersion(domain.id))?.content : (await store.getDraft(domain.id))?.content;
      if (content === undefined) throw new Error(`no ${flags.state} configuration exists for domain ${domain.id}`);
      const entities = storedConfigurationEntities(content);
      deps.stdout(formatConfiguration({ domain: { name: domain.name }, ...entities }, flags.format));
    });
  });
}

function buildProgram(deps: CliDeps): Command {
  const clock = { now: () => new Date() };
  const kit: CommandKit = {
    deps,
    ids: createIdGenerator(),
    clock,
    now: () => clock.now().toISOString(),
    json: (value) => deps.stdout(`${JSON.stringify(value)}\n`),
  };
  const program = new Command("zelinqa")
    .description("Zelinqa-compatible API server")
    .exitOverride()
    .showHelpAfterError("(run `zelinqa --help` for usage, `zelinqa help <command>` for a command's options)")
    .version(packageVersion(), "-V, --version", "print the version and exit");
  program.configureOutput({ writeOut: deps.stdout, writeErr: deps.stderr });
  addServerCommands(program, kit);
  addDomainCommands(program, kit);
  addKeyCommands(program, kit);
  addConfigCommands(program, kit);
  return program;
}

export async function runCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const program = buildProgram(deps);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExitCode(error, ["commander.help"]);
    deps.stderr(formatCliError("zelinqa", asCliError(error)));
    return asCliError(error).exitCode;
  }
}

/** Bad flags, files and configurations are usage errors (exit 2); anything else failed the operation (exit 1). */
function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof ZodError)
    return usageError(`invalid input: ${error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  if (error instanceof ConfigError) return new CliError(error.message, { code: "config_invalid", exitCode: EXIT_USAGE });
  if (error instanceof ListenError) return new CliError(error.message, { code: error.code, exitCode: EXIT_FAILURE, hint: error.hint });
  if (error instanceof SyntaxError) return usageError(error.message);
  return new CliError(error instanceof Error ? error.message : String(error), { exitCode: EXIT_FAILURE });
}
