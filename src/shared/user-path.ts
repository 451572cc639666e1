// Paths typed on a command line, as the person meant them. `npm start` and `npm run zino|zelinqa -- …` run in the
// package's root whatever folder they were typed in, and npm keeps that folder in INIT_CWD: a relative path typed
// there (`--domain my-domain.json`, `--sqlite-path ./z.sqlite`) is resolved against it, not against the root.
import { isAbsolute, resolve } from "node:path";

/** The folder the command was typed in: INIT_CWD under an npm script, else the working directory. */
export function userDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  return env.npm_lifecycle_event && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/**
 * `path` as typed when it means the same from the working directory (an absolute path, or no npm in between, so
 * messages name it as the person wrote it), else resolved against the folder the command was typed in.
 */
export function userPath(path: string, env: NodeJS.ProcessEnv, cwd: string): string {
  const dir = userDirectory(env, cwd);
  return isAbsolute(path) || resolve(dir) === resolve(cwd) ? path : resolve(dir, path);
}
