// ZINO.toml edited while the services run: they read it (ctx imports it) when they start, so an edit of [llm] seems
// ignored until they restart. `zino` says so once per command, naming the services and the restart to run.
import { statSync } from "node:fs";
import { SERVICE_NAMES, type InstanceConfig } from "../config/index.js";
import { readLivePid } from "./process-info.js";
import { pidFilePath } from "./detached-services.js";

function mtimeMs(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The warning when the instance's ZINO.toml is newer than a running service started by `zino up --detach` or
 * `zino guide` (its pid file, written when it started, is older than the file). Services started in the foreground
 * keep no pid file: the terminal running them shows when they started.
 */
export function staleConfigWarning(instance: InstanceConfig): string | undefined {
  const configPath = instance.configPath;
  const configMs = configPath === undefined ? undefined : mtimeMs(configPath);
  if (configPath === undefined || configMs === undefined) return undefined;
  const stale = SERVICE_NAMES.filter((name) => {
    const pidFile = pidFilePath(instance, name);
    const startedMs = mtimeMs(pidFile);
    return startedMs !== undefined && startedMs < configMs && readLivePid(pidFile) !== undefined;
  });
  if (stale.length === 0) return undefined;
  const changed = new Date(configMs).toLocaleTimeString("en-GB");
  return (
    `${configPath} changed at ${changed}, after ${stale.join(", ")} started: they still use the settings they read ` +
    `then. Restart them to apply it: \`zino down\`, then \`zino up --detach\` (or \`zino guide\`, which \`npm start\` runs in a checkout)`
  );
}
