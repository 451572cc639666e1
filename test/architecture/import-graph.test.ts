// The dependency directions of ARCHITECTURE.md, checked on the real import graph of src/.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

interface Edge {
  from: string;
  to: string;
}

/** Every import of every file: a src-relative path for local modules, the bare specifier otherwise. */
function importGraph(): Edge[] {
  const edges: Edge[] = [];
  const pattern = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(pattern)) {
      const spec = match[1] ?? match[2]!;
      const to = spec.startsWith(".") ? relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, ".ts") : spec;
      edges.push({ from: relative(SRC, file), to });
    }
  }
  return edges;
}

const edges = importGraph();
const within = (prefix: string) => edges.filter((e) => e.from.startsWith(prefix));
const violations = (list: Edge[], bad: (to: string) => boolean) => list.filter((e) => bad(e.to)).map((e) => `${e.from} -> ${e.to}`);

void describe("import graph", () => {
  void it("finds the project's modules (the scan itself works)", () => {
    assert.ok(
      edges.some((e) => e.from.startsWith("wire/")),
      "wire imports were found",
    );
  });

  void it("keeps the Zelinqa engine pure: no node built-ins, database, HTTP, store or API", () => {
    const bad = (to: string) =>
      to.startsWith("node:") ||
      ["pg", "better-sqlite3", "fastify", "undici", "fs", "path"].includes(to) ||
      /^zelinqa\/(store|api|sdk|mcp|cli|operations)\//.test(to) ||
      to.startsWith("zino/");
    assert.deepEqual(violations(within("zelinqa/engine/"), bad), []);
  });

  void it("keeps the Zelinqa operations below the API and the CLI: engine, store port and contracts only", () => {
    const bad = (to: string) =>
      /^zelinqa\/(api|cli|mcp|sdk|understand)\//.test(to) ||
      /^zelinqa\/store\/(sqlite|postgres)\//.test(to) ||
      /^(zino|guide)\//.test(to) ||
      to === "fastify" ||
      to.startsWith("@fastify/") ||
      to === "commander";
    assert.deepEqual(violations(within("zelinqa/operations/"), bad), []);
  });

  void it("lets the CLI call the API, never the reverse", () => {
    const bad = (to: string) => /^zelinqa\/(cli|mcp)\//.test(to) || to === "commander";
    assert.deepEqual(violations(within("zelinqa/api/"), bad), []);
  });

  void it("lets the SDK import only the contracts and the shared helpers (which import nothing of ours)", () => {
    const bad = (to: string) => /^(zelinqa|zino|wire)\//.test(to) && !to.startsWith("zelinqa/sdk/") && !to.startsWith("zelinqa/contracts/");
    assert.deepEqual(violations(within("zelinqa/sdk/"), bad), []);
  });

  void it("lets the MCP server reach the API only through the SDK", () => {
    const bad = (to: string) => /^zelinqa\/(engine|store|api|understand)\//.test(to) || to.startsWith("zino/");
    assert.deepEqual(violations(within("zelinqa/mcp/"), bad), []);
  });

  void it("keeps the ZINO services apart: they talk over the wire", () => {
    for (const service of ["daemon", "ctx", "rtr", "exc"]) {
      const others = ["daemon", "ctx", "rtr", "exc"].filter((s) => s !== service);
      const bad = (to: string) => others.some((o) => to.startsWith(`zino/${o}/`)) || to.startsWith("zelinqa/");
      assert.deepEqual(violations(within(`zino/${service}/`), bad), [], service);
    }
  });

  void it("lets the ZINO protocol import only zod, src/wire and src/shared, and every service import it", () => {
    const bad = (to: string) => !(to === "zod" || to.startsWith("wire/") || to.startsWith("shared/") || to.startsWith("zino/protocol/"));
    assert.deepEqual(violations(within("zino/protocol/"), bad), []);
    for (const service of ["daemon", "ctx", "rtr", "exc"]) {
      assert.ok(
        within(`zino/${service}/`).some((e) => e.to.startsWith("zino/protocol/")),
        `${service} imports zino/protocol`,
      );
    }
  });

  void it("lets only the zino CLI import the bridge (src/guide): zino/, zelinqa/, wire and shared never do", () => {
    const importers = edges.filter((e) => e.to.startsWith("guide/") && !e.from.startsWith("guide/"));
    assert.ok(importers.length > 0, "the zino CLI registers the guide");
    assert.deepEqual(
      importers.filter((e) => !e.from.startsWith("zino/cli/")).map((e) => `${e.from} -> ${e.to}`),
      [],
    );
    assert.deepEqual(
      importers.filter((e) => e.to !== "guide/index.ts").map((e) => `${e.from} -> ${e.to}`),
      [],
      "through its index.ts",
    );
  });

  void it("lets the bridge use only public surfaces: the Zelinqa SDK and contracts, ZINO's config, wire and shared", () => {
    const allowed = ["guide/", "zelinqa/sdk/index.ts", "zelinqa/contracts/", "zino/config/index.ts", "wire/index.ts", "shared/"];
    const bad = (to: string) => /^(zino|zelinqa|wire|shared|guide)\//.test(to) && !allowed.some((a) => to.startsWith(a));
    assert.deepEqual(violations(within("guide/"), bad), []);
  });

  void it("keeps the shared helpers independent of every subsystem", () => {
    assert.deepEqual(
      violations(within("shared/"), (to) => /^(zino|zelinqa|wire|guide)\//.test(to)),
      [],
    );
  });

  void it("keeps the benchmarks off the tests' support: bench/ uses harness/ (shared with the tests) and src/", () => {
    const benchDir = join(ROOT, "bench");
    const offenders = sourceFiles(benchDir).filter((file) => /from\s+["'][^"']*test\/support\//.test(readFileSync(file, "utf8")));
    assert.deepEqual(
      offenders.map((file) => relative(ROOT, file)),
      [],
    );
  });

  void it("keeps wire independent of every service", () => {
    assert.deepEqual(
      violations(within("wire/"), (to) => /^(zino|zelinqa|guide)\//.test(to)),
      [],
    );
  });
});
