// The error envelope of docs/zelinqa-api.md §5.1, the closed v1 code catalogue of §5.2 plus the [ext] `invalid_request` of §5.4,
// and the gateway-style bodies of docs/zelinqa-api.md §5.3. One registry: code → HTTP status, retryable flag, en/fr messages.
import { z } from "zod";

export const ERROR_CODES = [
  "unauthorized",
  "insufficient_scope",
  "idempotency_contention",
  "state_version_conflict",
  "idempotency_key_reused",
  "unknown_session",
  "invalid_previous_turn",
  "constraint_no_match",
  "invalid_choice",
  "compiled_artifact_unavailable",
  "configuration_validation_failed",
  "compilation_in_progress",
  "unknown_configuration",
  "unknown_compilation",
  "invalid_request",
  // [ext] the studio (issue 15)
  "invalid_sign_in_code",
  "unknown_domain",
  // [ext] the bounded compile threads of a server (docs/zelinqa-api-extensions.md)
  "compiler_busy",
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string(),
  request_id: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type Locale = "en" | "fr";

export interface ErrorCatalogueEntry {
  readonly status: number;
  readonly retryable: boolean;
  /** Default message; codes with variants list them in `variants`. */
  readonly en: string;
  readonly fr: string;
  readonly variants?: Readonly<Record<string, { readonly en: string; readonly fr: string }>>;
}

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorCatalogueEntry>> = {
  unauthorized: { status: 401, retryable: false, en: "Unauthorized", fr: "Unauthorized" },
  insufficient_scope: {
    status: 403,
    retryable: false,
    en: "This key does not carry the required scopes.",
    fr: "Cette clé ne permet pas cette opération.",
  },
  idempotency_contention: {
    status: 503,
    retryable: true,
    en: "The idempotency key could not be reserved; retry.",
    fr: "La clé d'idempotence n'a pas pu être réservée, réessayez.",
  },
  state_version_conflict: {
    status: 409,
    retryable: false,
    en: "The session changed since you last read it.",
    fr: "La session a été modifiée depuis votre dernière lecture.",
  },
  idempotency_key_reused: {
    status: 409,
    retryable: false,
    en: "This idempotency key is already bound to another request.",
    fr: "Cette clé d'idempotence est déjà associée à une autre requête.",
  },
  unknown_session: {
    status: 404,
    retryable: false,
    en: "The requested session is unknown.",
    fr: "La session demandée est inconnue.",
  },
  invalid_previous_turn: {
    status: 422,
    retryable: false,
    en: "The supplied identifiers do not match the pending decision.",
    fr: "Les identifiants fournis ne correspondent pas à la décision en attente.",
    variants: {
      open_question_requires_text: {
        en: "an answered open question requires user_text",
        fr: "une question ouverte répondue exige user_text",
      },
      // [ext] The answer preview on a stopped session: a turn there would record nothing (docs/zelinqa-api.md §9.4).
      session_stopped: {
        en: "The session is stopped: a turn would not be recorded.",
        fr: "La session est arrêtée : aucun tour ne serait enregistré.",
      },
    },
  },
  constraint_no_match: {
    status: 422,
    retryable: false,
    en: "No available question satisfies the requested constraints.",
    fr: "Aucune question disponible ne satisfait les contraintes demandées.",
  },
  invalid_choice: {
    status: 422,
    retryable: false,
    en: "A supplied choice does not belong to the resolved question.",
    fr: "Un choix fourni ne correspond pas à la question résolue.",
    variants: {
      value: {
        en: "The supplied value is not valid for this success information.",
        fr: "La valeur fournie n'est pas valide pour cette information de réussite.",
      },
    },
  },
  compiled_artifact_unavailable: {
    status: 410,
    retryable: false,
    en: "The engine artifact of this session is temporarily unavailable.",
    fr: "L'artefact moteur de cette session est temporairement indisponible.",
  },
  configuration_validation_failed: {
    status: 422,
    retryable: false,
    en: "The configuration has N blocking issues.",
    fr: "La configuration comporte N anomalies bloquantes.",
  },
  compilation_in_progress: {
    status: 409,
    retryable: false,
    en: "A compilation is already in progress for this configuration.",
    fr: "Une compilation est déjà en cours pour cette configuration.",
  },
  unknown_configuration: {
    status: 404,
    retryable: false,
    en: "No published configuration exists for this domain.",
    fr: "Aucune configuration publiée n'existe pour ce domaine.",
    variants: {
      draft: { en: "No draft exists for this configuration.", fr: "Aucun brouillon n'existe pour cette configuration." },
    },
  },
  unknown_compilation: {
    status: 404,
    retryable: false,
    en: "This compilation job is unknown.",
    fr: "Ce job de compilation est inconnu.",
  },
  invalid_request: {
    status: 400,
    retryable: false,
    en: "The request does not satisfy the contract.",
    fr: "La requête ne respecte pas le contrat.",
    variants: {
      invalid_json: { en: "The request body is not valid JSON.", fr: "Le corps de la requête n'est pas un JSON valide." },
      content_type: {
        en: "The Content-Type of the request body must be application/json.",
        fr: "Le Content-Type du corps de la requête doit être application/json.",
      },
      idempotency_key_missing: {
        en: "The Idempotency-Key header is required for this operation.",
        fr: "L'en-tête Idempotency-Key est obligatoire pour cette opération.",
      },
      idempotency_key_length: {
        en: "The Idempotency-Key header must be 8 to 128 characters long.",
        fr: "L'en-tête Idempotency-Key doit contenir de 8 à 128 caractères.",
      },
    },
  },
  invalid_sign_in_code: {
    status: 401,
    retryable: false,
    en: "This sign-in link is unknown, already used or expired: run `zelinqa studio-link` (or restart the server) for a new one, or sign in with an API key.",
    fr: "Ce lien de connexion est inconnu, déjà utilisé ou expiré : lancez `zelinqa studio-link` (ou redémarrez le serveur) pour en obtenir un nouveau, ou connectez-vous avec une clé d'API.",
  },
  unknown_domain: {
    status: 404,
    retryable: false,
    en: "This domain is unknown in the key's organisation.",
    fr: "Ce domaine est inconnu dans l'organisation de la clé.",
  },
  compiler_busy: {
    status: 503,
    retryable: true,
    en: "The server is compiling too many configurations at once; retry after the delay in Retry-After.",
    fr: "Le serveur compile trop de configurations à la fois ; réessayez après le délai indiqué par Retry-After.",
  },
};

/**
 * The message of an error code in a locale. `variant` selects an alternative wording of docs/zelinqa-api.md §5.2/§5.4;
 * `count` fills the N of `configuration_validation_failed`.
 */
export function errorMessage(code: ErrorCode, locale: Locale, options: { variant?: string; count?: number } = {}): string {
  const entry = ERROR_CATALOGUE[code];
  const variant = options.variant === undefined ? undefined : entry.variants?.[options.variant];
  const text = variant ? variant[locale] : entry[locale];
  return options.count === undefined ? text : text.replace(" N ", ` ${options.count} `);
}

/** Gateway-style bodies of docs/zelinqa-api.md §5.3: no envelope, identical in every locale. */
export const GATEWAY_MESSAGES = {
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Request Entity Too Large",
  429: "Too Many Requests",
  500: "Internal server error",
  503: "Service Unavailable",
} as const;
export const GatewayBodySchema = z.object({ message: z.string() });
export type GatewayBody = z.infer<typeof GatewayBodySchema>;

/** docs/zelinqa-api.md §5.4 issue entries: `path` is a JSON Pointer, `query.<name>` or `header.<Name>`. */
export const RequestIssueSchema = z.object({ path: z.string(), message: z.string() });
export type RequestIssue = z.infer<typeof RequestIssueSchema>;
