// How the CLI starts a service: the same node binary running, from dist/, the service's bundle or its main.js
// (runtime/service-entry.ts chooses, as for the bins and the harness) or, when the CLI itself runs from TypeScript
// sources, `node --import tsx ../<svc>/main.ts`. The CLI may itself run from its bundle (dist/bundle/zino-cli.cjs):
// distDirOf finds dist/ from either file.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServiceName } from "../config/index.js";
import { distDirOf } from "../../shared/dist-dir.js";
import { serviceMainFile, type EntryName } from "../runtime/service-entry.js";
import { SERVICE_NODE_FLAGS } from "../runtime/service-node-flags.js";

export { START_ORDER } from "../config/index.js";
/** Services that must answer for the instance to be usable; exc is optional (tools then fail as results). */
export const REQUIRED_SERVICES: readonly ServiceName[] = ["ctx", "rtr", "daemon"];

export interface ServiceEntry {
  /** The service the process runs, or `host`: zino-host running `services` in one process (runtime/run-host.ts). */
  name: EntryName;
  /** The services the process serves: `[name]`, or the host's. */
  services: ServiceName[];
  /** The file that would be run: main.ts (sources), or the bundle or main.js (dist/). */
  mainFile: string;
  exists: boolean;
  /** Executable and arguments: the service's Node flags (runtime/service-node-flags.ts), then its main file, `--config` included when the instance has a file. */
  command: string;
  args: string[];
}

const cliFile = fileURLToPath(import.meta.url);

export function resolveServiceEntry(name: ServiceName, configPath: string | undefined, fromFile: string = cliFile): ServiceEntry {
  return resolveEntry(name, [name], [], configPath, fromFile);
}

/** zino-host running `services` (in START_ORDER) in one process: `zino up --one-process`, `[launch] one_process`. */
export function resolveHostEntry(
  services: readonly ServiceName[],
  configPath: string | undefined,
  fromFile: string = cliFile,
): ServiceEntry {
  return resolveEntry("host", [...services], ["--services", services.join(",")], configPath, fromFile);
}

function resolveEntry(
  name: EntryName,
  services: ServiceName[],
  extraArgs: string[],
  configPath: string | undefined,
  fromFile: string,
): ServiceEntry {
  const fromSources = fromFile.endsWith(".ts");
  const mainFile = fromSources ? join(dirname(fromFile), "..", name, "main.ts") : serviceMainFile(name, distDirOf(fromFile, 2)).file;
  const loader = fromSources ? ["--import", tsxLoader()] : [];
  const config = configPath ? ["--config", configPath] : [];
  return {
    name,
    services,
    mainFile,
    exists: existsSync(mainFile),
    command: process.execPath,
    args: [...SERVICE_NODE_FLAGS, ...loader, mainFile, ...config, ...extraArgs],
  };
}

/** An absolute URL of tsx's loader, so a child started from any working directory finds it. */
function tsxLoader(): string {
  try {
    return import.meta.resolve("tsx");
  } catch {
    return "tsx";
  }
}
