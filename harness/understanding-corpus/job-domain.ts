// A third domain for the understanding corpus, written after the rules as a check of generality (all its
// answers are held out): a job application with French labels and no synonyms at all, the way a new
// configuration usually arrives.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { info, question, type ChoiceSpec, type QuestionType } from "./domain-builders.js";

const q = (id: string, text: string, type: QuestionType, choices: ChoiceSpec[] = []): ConfigurationChange =>
  question(id, text, type, "job_main", choices);

export function jobDomainChanges(): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: { name: "Candidature", qualification_level: "balanced", max_turns: 12, candidates_per_call: 2, order_strength: 0.3 },
    },
    {
      entity: "dimension",
      operation: "create",
      dimension: { id: "job_main", name: "Candidature", order_position: 0, completion_role: "blocking" },
    },
    q("job_q_contract", "Quel type de contrat recherchez-vous ?", "single_choice", [
      ["job_c_cdi", "CDI", "cdi"],
      ["job_c_cdd", "CDD", "cdd"],
      ["job_c_free", "Freelance", "freelance"],
      ["job_c_stage", "Stage", "stage"],
      ["job_c_alt", "Alternance", "alternance"],
    ]),
    q("job_q_salary", "Quelles sont vos prétentions salariales annuelles ?", "open"),
    q("job_q_start", "Quand pouvez-vous commencer ?", "open"),
    q("job_q_experience", "Combien d'années d'expérience avez-vous ?", "open"),
    q("job_q_remote", "Souhaitez-vous faire du télétravail ?", "single_choice", [
      ["job_c_remote_yes", "Oui", true],
      ["job_c_remote_no", "Non", false],
    ]),
    q("job_q_license", "Avez-vous le permis de conduire ?", "single_choice", [
      ["job_c_lic_yes", "Oui", true],
      ["job_c_lic_no", "Non", false],
    ]),
    q("job_q_languages", "Quelles langues parlez-vous ?", "multiple_choice", [
      ["job_c_fr", "Français", "fr"],
      ["job_c_en", "Anglais", "en"],
      ["job_c_es", "Espagnol", "es"],
      ["job_c_de", "Allemand", "de"],
    ]),
    q("job_q_notice", "Quelle est la durée de votre préavis (en mois) ?", "open"),
    q("job_q_city", "Dans quelle ville souhaitez-vous travailler ?", "open"),
    info("job_contract", "Type de contrat", { type: "string", enum: ["cdi", "cdd", "freelance", "stage", "alternance"] }, "job_q_contract"),
    info("job_salary", "Salaire annuel brut souhaité (euros)", { type: "number", minimum: 15000, maximum: 300000 }, "job_q_salary"),
    info("job_start", "Date de disponibilité", { type: "string", format: "date" }, "job_q_start"),
    info("job_experience", "Années d'expérience", { type: "integer", minimum: 0, maximum: 50 }, "job_q_experience"),
    info("job_remote", "Télétravail", { type: "boolean" }, "job_q_remote"),
    info("job_license", "Permis de conduire", { type: "boolean" }, "job_q_license"),
    info(
      "job_languages",
      "Langues parlées",
      { type: "array", items: { type: "string", enum: ["fr", "en", "es", "de"] }, uniqueItems: true },
      "job_q_languages",
    ),
    info("job_notice", "Préavis (mois)", { type: "integer", minimum: 0, maximum: 6 }, "job_q_notice"),
    info("job_city", "Ville", { type: "string", maxLength: 100 }, "job_q_city"),
  ];
}
