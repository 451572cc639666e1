// The lockfile's copy of the root package must follow package.json: `npm ci` checks only the dependencies, so a bin
// added or renamed in package.json (zino-host, the services' bin.js) went stale in the lockfile without any failure.
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
});
