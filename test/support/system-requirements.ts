// The system programs some tests need (bubblewrap, shellcheck, tmux, the PostgreSQL server binaries, Chromium): found or not,
// and the skip reason a test gives when one is missing. scripts/run-tests.ts checks them once and passes the
// result down in ZINO_TEST_MISSING; a test file run on its own looks for itself.
import { accessSync, constants, readdirSync } from "node:fs";
import { join } from "node:path";

export type RequirementName = "bubblewrap" | "shellcheck" | "tmux" | "postgresql" | "chromium";

export interface Requirement {
  name: RequirementName;
  /** The Debian package that provides it. */
  aptPackage: string;
  /** What the tests that need it exercise ("the <usedFor> tests"). */
  usedFor: string;
  /** The path of the program, or undefined when it is not installed. */
  find(): string | undefined;
}

/**
 * Where the PostgreSQL server programs may be, in order: PATH, then the distributions' versioned folders, newest
 * version first (Debian and Ubuntu `/usr/lib/postgresql/<N>/bin`, RHEL `/usr/pgsql-<N>/bin`, which are not on PATH),
 * then a source build's `/usr/local/pgsql/bin`. `root` replaces `/` (tests).
 */
export function postgresSearchDirs(env: NodeJS.ProcessEnv = process.env, root = "/"): string[] {
  const versioned = (parent: string, folder: (name: string) => string | undefined): string[] => {
    let names: string[];
    try {
      names = readdirSync(join(root, parent));
    } catch {
      return [];
    }
    return names
      .map((name) => ({ name, version: folder(name) }))
      .filter((entry): entry is { name: string; version: string } => entry.version !== undefined)
      .sort((a, b) => Number(b.version) - Number(a.version))
      .map((entry) => join(root, parent, entry.name, "bin"));
  };
  return [
    ...(env.PATH ?? "").split(":").filter(Boolean),
    ...versioned("usr/lib/postgresql", (name) => (/^\d+(\.\d+)?$/.test(name) ? name : undefined)),
    ...versioned("usr", (name) => /^pgsql-(\d+(\.\d+)?)$/.exec(name)?.[1]),
    join(root, "usr/local/pgsql/bin"),
  ];
}

/** The folder holding both `initdb` and `pg_ctl` (one installation, never a mix of versions), or undefined. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env, root = "/"): string | undefined {
  return postgresSearchDirs(env, root).find((dir) => executable(join(dir, "initdb")) && executable(join(dir, "pg_ctl")));
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findProgram(name: string, dirs: readonly string[]): string | undefined {
  return dirs.map((dir) => join(dir, name)).find(executable);
}

const pathDirs = () => (process.env.PATH ?? "").split(":").filter(Boolean);

export const REQUIREMENTS: readonly Requirement[] = [
  // exc looks in the fixed sandbox PATH too (/usr/local/bin:/usr/bin:/bin), whatever the caller's PATH says.
  {
    name: "bubblewrap",
    aptPackage: "bubblewrap",
    usedFor: "exec sandbox",
    find: () => findProgram("bwrap", [...pathDirs(), "/usr/local/bin", "/usr/bin", "/bin"]),
  },
  {
    name: "shellcheck",
    aptPackage: "shellcheck",
    usedFor: "bash static analysis",
    find: () => findProgram("shellcheck", [...pathDirs(), "/usr/local/bin", "/usr/bin", "/bin"]),
  },
  { name: "tmux", aptPackage: "tmux", usedFor: "terminal", find: () => findProgram("tmux", pathDirs()) },
  {
    name: "postgresql",
    aptPackage: "postgresql",
    usedFor: "PostgreSQL store",
    find: () => postgresBinDir(),
  },
  // The studio's browser tests drive the distribution's Chromium with playwright-core (no browser download).
  { name: "chromium", aptPackage: "chromium", usedFor: "studio browser", find: () => findProgram("chromium", ["/usr/bin"]) },
];

export function requirement(name: RequirementName): Requirement {
  const found = REQUIREMENTS.find((r) => r.name === name);
  if (!found) throw new Error(`unknown requirement ${name}`);
  return found;
}

/** The missing requirements: as the test command found them (ZINO_TEST_MISSING), else looked up now. */
export function missingRequirements(env: NodeJS.ProcessEnv = process.env): RequirementName[] {
  const given = env.ZINO_TEST_MISSING;
  if (given !== undefined) {
    return given
      .split(",")
      .map((s) => s.trim())
      .filter((s): s is RequirementName => REQUIREMENTS.some((r) => r.name === s));
  }
  return REQUIREMENTS.filter((r) => r.name !== "postgresql" && r.find() === undefined).map((r) => r.name);
}

export function installHint(name: RequirementName): string {
  return `apt-get install ${requirement(name).aptPackage}`;
}

/**
 * For `it(..., { skip: needs("bubblewrap") }, ...)`: false when every requirement is there, else the reason
 * (what is missing and the command that installs it), which node's test runner prints with the skip.
 */
export function needs(...names: RequirementName[]): false | string {
  const missing = missingRequirements();
  const absent = names.filter((name) => missing.includes(name));
  if (absent.length === 0) return false;
  return `needs ${absent.join(" and ")}, not installed (install: sudo ${absent.map((n) => requirement(n).aptPackage).reduce((cmd, pkg) => `${cmd} ${pkg}`, "apt-get install")})`;
}
