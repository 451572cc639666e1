// A worker thread running one of our ES modules, from dist/ (its .js) or from the TypeScript sources (its .ts, tests and
// `node --import tsx`): there the thread registers tsx's loader itself first, since Node 20 does not carry the
// parent's `--import tsx` into worker threads.
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { WorkerOptions } from "node:worker_threads";

/** The URL of the module `name` beside `moduleUrl`, with that module's own extension (.ts under tsx, .js from dist/). */
export function siblingModuleUrl(moduleUrl: string, name: string): string {
  return new URL(`./${name}${extname(fileURLToPath(moduleUrl))}`, moduleUrl).href;
}

export function startModuleThread(entryUrl: string, options: Omit<WorkerOptions, "eval"> = {}): Worker {
  if (!entryUrl.endsWith(".ts")) return new Worker(new URL(entryUrl), options);
  const tsx = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entryUrl)}); });`;
  return new Worker(code, { ...options, eval: true });
}
