// Reading PostgreSQL plans in tests: the relations an EXPLAIN (FORMAT JSON) plan reads by a sequential scan.

/** Relations read by a sequential scan anywhere in an EXPLAIN (FORMAT JSON) plan. */
export function seqScans(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => seqScans(n, found));
  else if (typeof node === "object" && node !== null) {
    const record = node as Record<string, unknown>;
    if (record["Node Type"] === "Seq Scan" && typeof record["Relation Name"] === "string") found.push(record["Relation Name"]);
    Object.values(record).forEach((v) => seqScans(v, found));
  }
  return found;
}
