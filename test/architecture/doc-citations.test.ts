// Code comments cite this project's documents (ARCHITECTURE.md, docs/): every § in src/ follows, on its line, the
// docs/ file it belongs to (`docs/zelinqa-api.md §8.2`), and that file has the section as a numbered heading
// (`### 8.2 …`); a `docs/<file>.md#anchor` link must name one of the file's headings.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, it } from "node:test";

const ROOT = resolve(import.meta.dirname, "../..");

const CHECKED_FILE = /\.(ts|mts|js|mjs|md|json)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return files(path);
    return CHECKED_FILE.test(path) ? [path] : [];
  });
}

/** GitHub-style anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

interface DocOutline {
  sections: Set<string>;
  anchors: Set<string>;
}

const outlines = new Map<string, DocOutline | null>();

/** The numbered sections and anchors of a docs/ file, or null when it does not exist. */
function outline(doc: string): DocOutline | null {
  if (!outlines.has(doc)) {
    const path = join(ROOT, doc);
    if (!existsSync(path)) outlines.set(doc, null);
    else {
      const headings = [...readFileSync(path, "utf8").matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]!.trim());
      const sections = new Set(headings.flatMap((h) => /^(\d+(?:\.\d+)*)\.?\s/.exec(h)?.[1] ?? []));
      outlines.set(doc, { sections, anchors: new Set(headings.map(slug)) });
    }
  }
  return outlines.get(doc)!;
}

const TOKEN = /(docs\/[\w.-]+\.md)(?:#([\w-]+))?|§\s*(\d+(?:\.\d+)*)(?:\s*[–-]\s*§?\s*(\d+(?:\.\d+)*))?/g;

/** What is wrong with the citations of one line (empty when nothing is). */
function citationProblems(line: string): string[] {
  const problems: string[] = [];
  let doc: string | null = null;
  for (const m of line.matchAll(TOKEN)) {
    if (m[1]) {
      doc = m[1];
      const found = outline(doc);
      if (!found) problems.push(`${doc} does not exist`);
      else if (m[2] && !found.anchors.has(m[2])) problems.push(`${doc}#${m[2]}: no such heading`);
      continue;
    }
    if (!doc) {
      problems.push(`§${m[3]} cited without naming a docs/ file before it on the line`);
      continue;
    }
    const found = outline(doc);
    for (const section of [m[3], m[4]].filter((s): s is string => s !== undefined)) {
      if (found && !found.sections.has(section)) problems.push(`${doc} has no section ${section}`);
    }
  }
  return problems;
}

function violations(): string[] {
  const out: string[] = [];
  for (const path of files(join(ROOT, "src"))) {
    const rel = relative(ROOT, path);
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (!line.includes("§") && !line.includes("docs/")) return;
        for (const problem of citationProblems(line)) out.push(`${rel}:${index + 1}: ${problem}`);
      });
  }
  return out;
}

void describe("citations of docs/ in src/", () => {
  void it("names a docs/ file for every § and cites only sections and anchors that exist", () => {
    assert.deepEqual(violations(), []);
  });

  void it("recognises a bare §, a missing section, a missing file and a missing anchor", () => {
    assert.deepEqual(citationProblems("// §8.2 of the API"), ["§8.2 cited without naming a docs/ file before it on the line"]);
    assert.deepEqual(citationProblems("// docs/zelinqa-api.md §8.2, §99.1"), ["docs/zelinqa-api.md has no section 99.1"]);
    assert.deepEqual(citationProblems("// docs/zelinqa-api.md §11.4–11.9"), ["docs/zelinqa-api.md has no section 11.9"]);
    assert.deepEqual(citationProblems("// docs/nothing-here.md §1"), ["docs/nothing-here.md does not exist"]);
    assert.deepEqual(citationProblems("// docs/zelinqa-mcp.md#no-such-heading"), ["docs/zelinqa-mcp.md#no-such-heading: no such heading"]);
    assert.deepEqual(
      citationProblems("// docs/zelinqa-mcp.md §3.6, docs/zino-protocol.md §2.1 and docs/zelinqa-mcp.md#8-secret-scrubbing"),
      [],
    );
  });
});
