// The lockfile's copy of the root package must follow package.json: `npm ci` checks only the dependencies, so a bin
// added or renamed in package.json (zino-host, the services' bin.js) went stale in the lockfile without any failure.
// Every dependency with an install script is reviewed in package.json's `allowScripts` (npm 11.16+ warns at each
// `npm ci` about the others, and npm 12 skips their scripts: better-sqlite3 would be left without its native module).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")) as Record<string, unknown>;

void describe("package-lock.json", () => {
  void it("describes the root package as package.json does (name, version, bins, dependencies, engines)", () => {
    const pkg = read("package.json");
    const root = (read("package-lock.json").packages as Record<string, Record<string, unknown>>)[""]!;
    for (const field of ["name", "version", "bin", "dependencies", "devDependencies", "optionalDependencies", "engines"]) {
      assert.deepEqual(root[field], pkg[field], `${field}: run \`npm install --package-lock-only\` to bring the lockfile up to date`);
    }
  });

  void it("reviews every dependency that has an install script in allowScripts", () => {
    const allowed = (read("package.json").allowScripts ?? {}) as Record<string, boolean>;
    const packages = read("package-lock.json").packages as Record<string, { hasInstallScript?: boolean; version?: string }>;
    const missing = Object.entries(packages)
      .filter(([path, entry]) => path !== "" && entry.hasInstallScript === true)
      .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length), version: entry.version }))
      .filter(({ name, version }) => allowed[name] === undefined && allowed[`${name}@${version ?? ""}`] === undefined)
      .map(({ name, version }) => `${name}@${version ?? "?"}`);
    assert.deepEqual(missing, [], "review them: `npm install-scripts approve <pkg>` (or deny) and commit package.json");
  });
});
