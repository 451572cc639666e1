// How the guide starts Zelinqa programs of this package: the `zelinqa` CLI, the `zelinqa-mcp` stdio server and the
// domain sample, found next to this module whether it runs from TypeScript sources (through tsx), from dist/src/ or
// inside the `zino` CLI's bundle (dist/bundle/zino-cli.cjs), whose modules all have the bundle's own file.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { distDirOf } from "../shared/dist-dir.js";

export interface CommandLine {
  command: string;
  args: string[];
}

const thisFile = fileURLToPath(import.meta.url);

/** `src/guide` → `src/zelinqa/<program>/main.{ts,js}`, run with the same node binary. */
export function zelinqaProgram(program: "cli" | "mcp", fromFile: string = thisFile): CommandLine {
  return programUnderSrc(["zelinqa", program, "main"], fromFile);
}

/** The host-side session provisioner (`zelinqa-provision-main`), for the MCP `provision` hook. */
export function provisionerProgram(fromFile: string = thisFile): CommandLine {
  return programUnderSrc(["guide", "zelinqa-provision-main"], fromFile);
}

/** Runs `src/<parts>.ts` through tsx when this module is a source, else `dist/src/<parts>.js` of this module's build. */
function programUnderSrc(parts: readonly string[], fromFile: string): CommandLine {
  const fromSources = fromFile.endsWith(".ts");
  const srcDir = fromSources ? join(dirname(fromFile), "..") : join(distDirOf(fromFile, 1), "src");
  const mainFile = `${join(srcDir, ...parts)}${fromSources ? ".ts" : ".js"}`;
  return { command: process.execPath, args: [...(fromSources ? ["--import", tsxLoader()] : []), mainFile] };
}

/** The package's sample domain (`examples/zelinqa/furniture.json`), looked up from this module upwards. */
export function sampleDomainFile(fromFile: string = thisFile): string {
  let dir = dirname(fromFile);
  for (let depth = 0; depth < 8; depth += 1) {
    const candidate = join(dir, "examples", "zelinqa", "furniture.json");
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return join(process.cwd(), "examples", "zelinqa", "furniture.json");
}

/** The interviewer brief shipped in `agents/presets/interviewer.md`, looked up like the sample domain. */
export function packagedPresetFile(name: string, fromFile: string = thisFile): string | undefined {
  let dir = dirname(fromFile);
  for (let depth = 0; depth < 8; depth += 1) {
    const candidate = join(dir, "agents", "presets", name);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

function tsxLoader(): string {
  try {
    return import.meta.resolve("tsx");
  } catch {
    return "tsx";
  }
}
