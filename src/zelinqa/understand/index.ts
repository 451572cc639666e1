// Public surface of answer understanding: deterministic extractors (§10.5) and the model port (§10.6).
export { normalise, tokenise, similarity, containsPhrase, findPhrase } from "./normalise.js";
export { damerauLevenshtein, tokensMatchFuzzily } from "./damerau-levenshtein.js";
export { phraseTokens, findPhraseHits, scalarPhraseResult, arrayPhraseResult } from "./phrase-match.js";
export type { Phrase, PhraseHit, PhraseResult, Certainty } from "./phrase-match.js";
export { isRefusal, isDontKnow, REFUSAL_PHRASES, DONT_KNOW_PHRASES, TRUE_PHRASES, FALSE_PHRASES } from "./lexicons.js";
export { extractBoolean } from "./boolean-extractor.js";
export { extractNumber, parseDigitGroup } from "./number-extractor.js";
export { extractDate, isoDate } from "./date-extractor.js";
export { compileSchemaValidator, schemaCompiles } from "./json-schema-validator.js";
export type { ValueValidator } from "./json-schema-validator.js";
export { extractorKindOf, enumValuesOf, extractDirect, extractIndirect, indirectPhrasesOf } from "./extract-value.js";
export type { ExtractorKind, ExtractionTarget } from "./extract-value.js";
export type { SemanticExtractor, SemanticRequest, SemanticTarget, SemanticValue } from "./semantic-extractor.js";
export { createOpenAiExtractor, buildExtractionMessages } from "./openai-extractor.js";
export type { OpenAiExtractorOptions } from "./openai-extractor.js";
