// Credentials a URL may carry (a `user:password@` part, `?key=`/`api_key=`/`token=` values): masked wherever a URL
// is shown or logged (status, ctx's get_config, `zino ctx show`, database errors), and left out of a probe the way
// rtr leaves them out of its requests.

export const URL_SECRET_MASK = "***";

/** Query parameters whose value is a credential: key, api_key, apikey, token, access_token, secret, password, sig, auth. */
const SECRET_PARAM = /key|token|secret|pass|auth|sig|credential/i;

/**
 * The URL with its password (or a lone user name, often a token) and its secret-looking query values replaced by
 * `***`; the same string when it holds none. A URL that does not parse is masked by pattern. `keepLoneUser` for a
 * database URL, whose user name alone is no secret.
 */
export function maskUrlCredentials(url: string, options: { keepLoneUser?: boolean } = {}): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return maskByPattern(url);
  }
  let changed = false;
  if (parsed.password !== "") {
    parsed.password = URL_SECRET_MASK;
    changed = true;
  } else if (parsed.username !== "" && options.keepLoneUser !== true) {
    parsed.username = URL_SECRET_MASK;
    changed = true;
  }
  for (const key of [...new Set(parsed.searchParams.keys())]) {
    if (SECRET_PARAM.test(key) && parsed.searchParams.getAll(key).some((value) => value !== "")) {
      parsed.searchParams.set(key, URL_SECRET_MASK);
      changed = true;
    }
  }
  return changed ? parsed.toString().replaceAll(encodeURIComponent(URL_SECRET_MASK), URL_SECRET_MASK) : url;
}

function maskByPattern(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, `$1${URL_SECRET_MASK}@`)
    .replace(/([?&;][^=&#]*(?:key|token|secret|pass|auth|sig|credential)[^=&#]*=)[^&#]*/gi, `$1${URL_SECRET_MASK}`);
}

/**
 * The URL without its `user:password@` part: `fetch` refuses a URL that holds one, and rtr never sends it (its
 * requests go to the origin and path, the key in an Authorization header).
 */
export function withoutUserinfo(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username === "" && parsed.password === "") return url;
  parsed.username = "";
  parsed.password = "";
  return parsed.toString();
}

/** A copy of a configuration with every string under a `url`/`base_url`/`*_url` key passed through maskUrlCredentials. */
export function maskUrlFields<T>(value: T): T {
  return walk(value, false) as T;
}

function walk(value: unknown, isUrl: boolean): unknown {
  if (typeof value === "string") return isUrl ? maskUrlCredentials(value) : value;
  if (Array.isArray(value)) return value.map((item) => walk(item, isUrl));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, walk(field, /(^|_)url$/i.test(key))]));
}

/** Whether a URL field of a configuration holds the mask where a credential goes (a masked answer sent back). */
export function holdsUrlMask(value: unknown, isUrl = false): boolean {
  if (typeof value === "string") return isUrl && value.includes(URL_SECRET_MASK) && maskUrlCredentials(value) === value;
  if (Array.isArray(value)) return value.some((item) => holdsUrlMask(item, isUrl));
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([key, field]) => holdsUrlMask(field, /(^|_)url$/i.test(key)));
}
