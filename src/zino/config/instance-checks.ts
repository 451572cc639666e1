// Checks of a loaded instance that `zino up` runs before it starts anything, so that a mistake only the operator
// can fix is one line naming the field or path (exit 2) rather than a service that fails after its peers started:
// the default tables ctx imports ([llm], [agent], [history], [exec], [context], [mcp_servers]) and socket paths
// the kernel would truncate.
import { Buffer } from "node:buffer";
import { MAX_SOCKET_PATH_BYTES } from "../../shared/unix-socket.js";
import { CtxkeyConfigSchema, LlmConfigSchema } from "./ctxkey-config.js";
import { ConfigError } from "./config-error.js";
import { SERVICE_NAMES, type InstanceConfig } from "./instance-config.js";

/** The same partial check as ctx's import: `[llm]` may leave out base_url and model (set per ctxkey later). */
const DefaultTablesSchema = CtxkeyConfigSchema.partial().extend({ llm: LlmConfigSchema.partial().optional() });

export function checkDefaultTables(instance: Pick<InstanceConfig, "defaults" | "configPath">): void {
  const parsed = DefaultTablesSchema.safeParse(instance.defaults);
  if (parsed.success) return;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`)
    .join("; ");
  throw new ConfigError(`${instance.configPath ?? "ZINO.toml"}: ${issues}`);
}

export function socketPathTooLong(socketPath: string): string | undefined {
  const bytes = Buffer.byteLength(socketPath);
  return bytes > MAX_SOCKET_PATH_BYTES
    ? `the socket path ${socketPath} is ${bytes} bytes, over the ${MAX_SOCKET_PATH_BYTES}-byte limit of Unix socket paths`
    : undefined;
}

export function checkSocketPaths(instance: Pick<InstanceConfig, "sockets">): void {
  for (const name of SERVICE_NAMES) {
    const problem = socketPathTooLong(instance.sockets[name]);
    if (problem !== undefined)
      throw new ConfigError(`${problem}: set [paths] runtime_dir (or ZINO_RUNTIME_DIR) to a shorter folder, or [sockets] ${name}`);
  }
}

/** Everything `zino up` checks before it starts a service. */
export function checkInstanceForStart(instance: InstanceConfig): void {
  checkDefaultTables(instance);
  checkSocketPaths(instance);
}
