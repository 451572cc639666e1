// The optional model-extraction port of docs/zelinqa-api.md §10.6. The engine calls it at most once per request; any failure
// is reported as the degraded reason `semantic_service_unavailable` and the deterministic results stand.

export interface SemanticTarget {
  readonly id: string;
  readonly label: string;
  readonly schema: Record<string, unknown>;
  readonly choice_labels: readonly string[];
  /** Direct targets belong to the question the text answers; the others are indirect (P0). */
  readonly direct: boolean;
}

export interface SemanticRequest {
  /** Texts to read, in order. Never contains API keys or session ids (docs/zelinqa-api.md §10.6). */
  readonly texts: readonly string[];
  readonly targets: readonly SemanticTarget[];
}

export interface SemanticValue {
  readonly id: string;
  readonly value: unknown;
  readonly certain: boolean;
}

export interface SemanticExtractor {
  /** Resolves with the values the model found; rejects on timeout, non-2xx or invalid output. */
  extract(request: SemanticRequest, signal?: AbortSignal): Promise<SemanticValue[]>;
}
