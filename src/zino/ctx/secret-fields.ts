// Which configuration values are secrets: every string field named like a credential (api_key, token, password,
// ...) and every value of an `env` table (an MCP server's environment), wherever they sit. ctx seals them at rest
// and masks them in `get_config` unless `secrets: true` (docs/zino-protocol.md).

export const SECRET_MASK = "[set]";

const SECRET_NAME = /(^|_)(api_?key|key|token|secret|password|passwd|authorization)$/i;
/** An MCP server's `env_from_ctx` maps variable names (GITHUB_TOKEN) to the names of ctx values: no secret there. */
const NOT_SECRET = "env_from_ctx";

/** A copy of `value` with every secret string passed through `map` (the same object when nothing changes). */
export function mapSecretFields(value: unknown, map: (secret: string) => string): unknown {
  return walk(value, false, map);
}

function walk(value: unknown, secret: boolean, map: (secret: string) => string): unknown {
  if (typeof value === "string") return secret ? map(value) : value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = walk(item, secret, map);
      changed ||= next !== item;
      return next;
    });
    return changed ? out : value;
  }
  if (typeof value !== "object" || value === null) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === NOT_SECRET) {
      out[key] = field;
      continue;
    }
    const next = walk(field, secret || SECRET_NAME.test(key) || (key === "env" && typeof field === "object"), map);
    changed ||= next !== field;
    out[key] = next;
  }
  return changed ? out : value;
}

/** Every secret replaced by the mask (an empty string stays empty: nothing is set). */
export function maskSecretFields<T>(value: T): T {
  return mapSecretFields(value, (secret) => (secret === "" ? secret : SECRET_MASK)) as T;
}

/** Whether a configuration sent back holds the mask where a secret goes (a masked get_config answer re-sent). */
export function containsSecretMask(value: unknown): boolean {
  let found = false;
  mapSecretFields(value, (secret) => {
    if (secret === SECRET_MASK) found = true;
    return secret;
  });
  return found;
}
