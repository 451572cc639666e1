// PostgreSQL connection URLs as both products take them: recognised by scheme, and shown (logs, status, errors)
// only without their password.

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL with its password replaced by `***`; one that does not parse is not shown at all. */
export function redactDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "(a database URL that does not parse)";
  }
  if (parsed.password !== "") parsed.password = "***";
  for (const key of [...parsed.searchParams.keys()]) if (/pass|secret|key/i.test(key)) parsed.searchParams.set(key, "***");
  return parsed.toString();
}
