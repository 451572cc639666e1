// CLI conventions (issue 12): `--version` on every command, `--help` on every binary (services included) printing
// help and exiting without touching anything: no database written, no socket, no runtime directory; and in the help of
// every command of `zino` and `zelinqa`, each subcommand, option and argument says what it is.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { REPO_ROOT, TSX_LOADER } from "../../harness/zino-processes.js";

const BINARIES: Record<string, string> = {
  zino: "src/zino/cli/main.ts",
  "zino-ctx": "src/zino/ctx/main.ts",
  "zino-rtr": "src/zino/rtr/main.ts",
  "zino-exc": "src/zino/exc/main.ts",
  "zino-daemon": "src/zino/daemon/main.ts",
  zelinqa: "src/zelinqa/cli/main.ts",
  "zelinqa-mcp": "src/zelinqa/mcp/main.ts",
  "zelinqa-provision": "src/guide/zelinqa-provision-main.ts",
};

const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

function run(entry: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, join(REPO_ROOT, entry), ...args], {
      cwd,
      env: { ...process.env, ZINO_CONFIG: join(cwd, "ZINO.toml"), ZELINQA_API_KEY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

void describe("CLI conventions", () => {
  const dir = mkdtempSync(join(tmpdir(), "zconv-"));
  writeFileSync(join(dir, "ZINO.toml"), '[paths]\nruntime_dir = "run"\ndatabase = "db/zino.sqlite"\n');
  after(() => rmSync(dir, { recursive: true, force: true }));

  void it("[CLI-HELP-1] prints help and exits 0 on every binary, services included, without creating a database, socket or directory", async () => {
    for (const [name, entry] of Object.entries(BINARIES)) {
      const result = await run(entry, ["--help"], dir);
      assert.equal(result.code, 0, `${name}: ${result.stderr}`);
      assert.match(result.stdout, /Usage:/, name);
      assert.deepEqual(readdirSync(dir), ["ZINO.toml"], `${name} --help touched nothing`);
    }
    assert.equal(existsSync(join(dir, "db")), false);
  });

  void it("[CLI-VERSION-1] prints the version and exits 0 on every command", async () => {
    for (const [name, entry] of Object.entries(BINARIES)) {
      const result = await run(entry, ["--version"], dir);
      assert.equal(result.code, 0, `${name}: ${result.stderr}`);
      // zelinqa-mcp keeps the version of the MCP server it is compatible with (docs/zelinqa-mcp.md §10).
      assert.match(
        result.stdout.trim(),
        name === "zelinqa-mcp" ? /^zelinqa-mcp \d+\.\d+\.\d+$/ : new RegExp(`^${version.replace(/\./g, "\\.")}$`),
        name,
      );
    }
    assert.deepEqual(readdirSync(dir), ["ZINO.toml"]);
  });

  void it("[CLI-HELP-2] every subcommand, option and argument of zino and zelinqa has a description in its --help", async () => {
    const bare: string[] = [];
    const walk = async (name: string, entry: string, path: string[]): Promise<void> => {
      const result = await run(entry, [...path, "--help"], dir);
      assert.equal(result.code, 0, `${name} ${path.join(" ")}: ${result.stderr}`);
      const sections = helpSections(result.stdout);
      for (const line of [...sections.Commands, ...sections.Options, ...sections.Arguments]) {
        if (!/\S\s{2,}\S/.test(line.trim())) bare.push(`${name} ${path.join(" ")}: ${line.trim()}`);
      }
      const children = sections.Commands.map((line) => line.trim().split(/\s+/)[0] ?? "").filter((c) => c !== "" && c !== "help");
      await Promise.all(children.map((child) => walk(name, entry, [...path, child])));
    };
    await Promise.all([walk("zino", BINARIES.zino ?? "", []), walk("zelinqa", BINARIES.zelinqa ?? "", [])]);
    assert.deepEqual(bare, [], "entries of a help without a description");
  });
});

/** The entry lines (not their wrapped continuations) of each section of a commander help text. */
function helpSections(help: string): Record<"Commands" | "Options" | "Arguments", string[]> {
  const sections = { Commands: [] as string[], Options: [] as string[], Arguments: [] as string[] };
  let current: string[] | undefined;
  for (const line of help.split("\n")) {
    const heading = /^(Commands|Options|Arguments):$/.exec(line)?.[1] as keyof typeof sections | undefined;
    if (heading) current = sections[heading];
    else if (!line.startsWith("  ")) current = undefined;
    else if (current && /^ {2}\S/.test(line)) current.push(line);
  }
  return sections;
}
