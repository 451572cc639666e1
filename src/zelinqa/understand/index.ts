// Public surface of answer understanding: deterministic extractors (docs/zelinqa-api.md §10.5) and the model port (§10.6).
export { normalise, tokenise, similarity, containsPhrase, findPhrase, understoodPart, MAX_UNDERSTOOD_WORDS } from "./normalise.js";
export { damerauLevenshtein, tokensMatchFuzzily } from "./damerau-levenshtein.js";
export { phraseTokens, findPhraseHits, scalarPhraseResult, arrayPhraseResult } from "./phrase-match.js";
export type { Phrase, PhraseHit, PhraseResult, Certainty } from "./phrase-match.js";
export { isRefusal, isDontKnow, REFUSAL_PHRASES, DONT_KNOW_PHRASES, TRUE_PHRASES, FALSE_PHRASES } from "./lexicons.js";
export { extractBoolean } from "./boolean-extractor.js";
export { extractNumber, parseDigitGroup } from "./number-extractor.js";
export { extractDate, isoDate } from "./date-extractor.js";
export { compileSchemaValidator, schemaCompiles } from "./json-schema-validator.js";
export type { ValueValidator } from "./json-schema-validator.js";
export {
  answeredStems,
  extractorKindOf,
  enumValuesOf,
  extractDirect,
  extractIndirect,
  indirectPhrasesOf,
  indirectText,
} from "./extract-value.js";
export type { ExtractorKind, ExtractionTarget, IndirectText } from "./extract-value.js";
export { targetWords, stem, CONCEPT_GROUPS } from "./target-words.js";
export type { TargetWords } from "./target-words.js";
export { clauseTokens } from "./clauses.js";
export type { ClauseTokens } from "./clauses.js";
export { scanNumbers } from "./number-mentions.js";
export type { NumberContext } from "./number-extractor.js";
export type { SemanticExtractor, SemanticRequest, SemanticTarget, SemanticValue } from "./semantic-extractor.js";
export { createOpenAiExtractor, buildExtractionMessages } from "./openai-extractor.js";
export type { OpenAiExtractorOptions } from "./openai-extractor.js";
