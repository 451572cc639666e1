// Where the build is, seen from a module of it. From dist/, a module runs either from its own file under dist/src/ or
// from a bundle of dist/bundle/ (scripts/bundle-services.mjs), where every module it holds has the bundle's file as
// import.meta.url; code that finds another file of the build from its own module (a service's bundle, a Zelinqa
// program) asks here instead of counting `..` from its own file. Imports only node: built-ins.
import { dirname, join } from "node:path";

/**
 * The dist/ directory of the build that module `file` was loaded from: `file` is either a module of dist/src/ that
 * sits `depth` directories below dist/src (cli/service-launch.js: 2, for dist/src/zino/cli), or a bundle of
 * dist/bundle/ (any `.cjs` file).
 */
export function distDirOf(file: string, depth: number): string {
  if (file.endsWith(".cjs")) return dirname(dirname(file));
  return join(dirname(file), ...Array<string>(depth + 1).fill(".."));
}
