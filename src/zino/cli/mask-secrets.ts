// Secrets are never printed by the CLI: ctx already masks keys unless asked, and this second pass masks any
// field whose name looks like a credential, and the credentials inside any URL field, in case a configuration
// stores one elsewhere.
import { maskUrlFields } from "../../shared/url-credentials.js";

const SECRET_NAME = /(^|_)(api_?key|key|token|secret|password|passwd|authorization)$/i;

export function maskSecrets(value: unknown): unknown {
  return maskUrlFields(maskNamed(value));
}

function maskNamed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskNamed);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      SECRET_NAME.test(key) && typeof field === "string" && field.length > 0 ? "[set]" : maskNamed(field),
    ]),
  );
}
