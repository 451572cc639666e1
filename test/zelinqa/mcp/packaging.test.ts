// Packaging (docs/zelinqa-mcp.md §11, §13.3 R45): server.json against package.json, the README marker, the skill,
// the agent metadata and the host examples.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");
const json = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;

interface ServerJson {
  name: string;
  title: string;
  version: string;
  packages: Record<string, unknown>[];
  remotes?: unknown;
}

const server = json("server.json") as unknown as ServerJson;
const pkg = json("package.json") as { name: string; version: string; files?: string[]; bin?: Record<string, string> };
const readme = existsSync(`${root}README.md`) ? read("README.md") : "";
const marker = `<!-- mcp-name: ${server.name} -->`;

void describe("packaging (docs/zelinqa-mcp.md §11)", () => {
  void it("R45 server.json names the npm package and version of package.json, one stdio npx package, one secret variable, no remotes", () => {
    assert.equal(server.title, "Zelinqa MCP");
    assert.match(server.name, /^[\w.-]+\/zelinqa-mcp$/);
    assert.equal(server.version, pkg.version);
    assert.equal(server.packages.length, 1);
    const [entry] = server.packages;
    assert.equal(entry?.registryType, "npm");
    assert.equal(entry?.identifier, pkg.name);
    assert.equal(entry?.version, pkg.version);
    assert.equal(entry?.runtimeHint, "npx");
    assert.deepEqual(entry?.transport, { type: "stdio" });
    const variables = entry?.environmentVariables as Record<string, unknown>[];
    assert.equal(variables.length, 1);
    const [variable] = variables;
    assert.equal(variable?.name, "ZELINQA_API_KEY");
    assert.equal(variable?.isRequired, true);
    assert.equal(variable?.isSecret, true);
    assert.equal(variable?.format, "string");
    for (const absent of ["value", "default", "choices", "variables"]) assert.ok(!(absent in (variable ?? {})), absent);
    assert.ok(!("remotes" in server));
  });

  void it("R45 server.json is part of the published files", () => {
    assert.ok(pkg.files === undefined || pkg.files.includes("server.json"));
  });

  void it(
    "R45 the README carries exactly one mcp-name marker matching server.json, and the repository URL",
    { skip: readme.includes("mcp-name:") ? false : "README.md has no mcp-name marker yet (README is owned by the lead)" },
    () => {
      assert.equal(readme.split("<!-- mcp-name:").length - 1, 1);
      assert.ok(readme.includes(marker));
      assert.match(readme, /https:\/\/github\.com\/[\w.-]+\/[\w.-]+/);
    },
  );

  void it(
    "R45 package.json ships the zelinqa-mcp bin built from src/zelinqa/mcp/main.ts",
    { skip: pkg.bin?.["zelinqa-mcp"] ? false : "package.json has no zelinqa-mcp bin yet (package.json is owned by the lead)" },
    () => {
      assert.equal(pkg.bin?.["zelinqa-mcp"], "dist/src/zelinqa/mcp/main.js");
    },
  );

  void it("the skill has the zelinqa front matter and every step of docs/zelinqa-mcp.md §12.4", () => {
    const skill = read("skills/zelinqa/SKILL.md");
    const front = /^---\n([\s\S]*?)\n---\n/.exec(skill);
    assert.ok(front);
    const meta = parseYaml(front[1] ?? "") as { name: string; description: string };
    assert.equal(meta.name, "zelinqa");
    assert.ok(meta.description.includes("Zelinqa MCP") && meta.description.includes("Not for general chat"));
    for (const s of [
      "zelinqa://guide",
      "zelinqa_start",
      "zelinqa_next_question",
      "zelinqa_feedback",
      "zelinqa_add_context",
      "zelinqa_adjust",
      "zelinqa_status",
      "Never invent",
      "session ID or an API key",
    ]) {
      assert.ok(skill.includes(s), s);
    }
  });

  void it("the agent metadata names Zelinqa with the short description and an id-free default prompt", () => {
    const agent = parseYaml(read("skills/zelinqa/agents/openai.yaml")) as { interface: Record<string, string> };
    assert.equal(agent.interface.display_name, "Zelinqa");
    assert.equal(agent.interface.short_description, "Goal-oriented conversations with Zelinqa SDK and MCP");
    assert.ok((agent.interface.default_prompt ?? "").includes("without ever exposing technical IDs"));
  });

  void it("every host example runs zelinqa-mcp through npx -y or the built checkout, with ZELINQA_API_KEY in env", () => {
    const files = readdirSync(`${root}examples/mcp-hosts`).filter((f) => f !== "README.md");
    assert.ok(files.length >= 6);
    for (const file of files) {
      const text = read(`examples/mcp-hosts/${file}`);
      const config = (file.endsWith(".toml") ? parseToml(text) : JSON.parse(text)) as Record<
        string,
        Record<string, { command: string; args: string[]; env: Record<string, string> }>
      >;
      const entry = (config.mcpServers ?? config.mcp_servers)?.zelinqa;
      assert.ok(entry, file);
      assert.ok("ZELINQA_API_KEY" in entry.env, file);
      if (file.includes(".local.")) {
        assert.equal(entry.command, "node");
        assert.ok(entry.args[0]?.endsWith("dist/src/zelinqa/mcp/main.js"));
      } else {
        assert.equal(entry.command, "npx");
        assert.equal(entry.args[0], "-y");
      }
    }
  });
});
