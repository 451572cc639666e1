// PostgreSQL connection URLs as both products take them: recognised by scheme, and shown (logs, status, errors)
// only without their password.
import { maskUrlCredentials } from "./url-credentials.js";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL with its password replaced by `***`; one that does not parse is not shown at all. */
export function redactDatabaseUrl(url: string): string {
  if (!URL.canParse(url)) return "(a database URL that does not parse)";
  return maskUrlCredentials(url, { keepLoneUser: true });
}
