// Paths typed on a command line, as the person meant them. `npm start` and `npm run zino|zelinqa -- …` run in the
// package's root whatever folder they were typed in, and npm keeps that folder in INIT_CWD: a relative path typed
// there (`--domain my-domain.json`, `--sqlite-path ./z.sqlite`) is resolved against it, not against the root.
// Only for the script's own process, in the package root: a program the script starts in another folder (a test's
// child in its temp dir, `cd sub && zino …`) inherits INIT_CWD but means its own working directory.
import { dirname, isAbsolute, resolve } from "node:path";

/** The folder the command was typed in: INIT_CWD for an npm script running in its package root, else `cwd`. */
export function userDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  const scriptRoot = env.npm_lifecycle_event && env.npm_package_json ? dirname(env.npm_package_json) : undefined;
  return env.INIT_CWD && scriptRoot !== undefined && resolve(scriptRoot) === resolve(cwd) ? env.INIT_CWD : cwd;
}

/**
 * `path` as typed when it means the same from the working directory (an absolute path, or no npm in between, so
 * messages name it as the person wrote it), else resolved against the folder the command was typed in.
 */
export function userPath(path: string, env: NodeJS.ProcessEnv, cwd: string): string {
  const dir = userDirectory(env, cwd);
  return isAbsolute(path) || resolve(dir) === resolve(cwd) ? path : resolve(dir, path);
}
