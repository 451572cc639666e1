// Paths typed on a command line, as the person meant them. `npm start` and `npm run zino|zelinqa -- …` run in the
// package's root whatever folder they were typed in, and npm keeps that folder in INIT_CWD: a relative path typed
// there (`--domain my-domain.json`, `--sqlite-path ./z.sqlite`) is resolved against it, not against the root.
import { resolve } from "node:path";

/** The folder the command was typed in: INIT_CWD under an npm script, else the working directory. */
export function userDirectory(env: NodeJS.ProcessEnv, cwd: string): string {
  return env.npm_lifecycle_event && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** `path` resolved against the folder the command was typed in (an absolute path unchanged). */
export function userPath(path: string, env: NodeJS.ProcessEnv, cwd: string): string {
  return resolve(userDirectory(env, cwd), path);
}
