// Blind domain s24-12 (twelfth outside tester): booking a chimney sweep, French labels, synonyms only where the sweep
// writing the form would naturally add them. A flue length in metres, firewood in stères per year, the
// installation's age in years, a maximum price in euros.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function chimneyDomainChanges(): ConfigurationChange[] {
  const d = "rm_main";
  return [
    objective("Demande de ramonage"),
    dimension(d, "Votre installation"),
    question("rm_q_appareil", "Quel appareil faut-il ramoner ?", "single_choice", d, [
      ["rm_c_ouverte", "Cheminée ouverte", "cheminee_ouverte"],
      ["rm_c_insert", "Insert ou foyer fermé", "insert"],
      ["rm_c_poele_bois", "Poêle à bois", "poele_bois"],
      ["rm_c_granules", "Poêle à granulés", "poele_granules"],
      ["rm_c_app_autre", "Autre", "autre"],
    ]),
    question("rm_q_usage", "À quelle fréquence l'utilisez-vous en hiver ?", "single_choice", d, [
      ["rm_c_us_rare", "Rarement", "rarement"],
      ["rm_c_us_we", "Surtout le week-end", "week_end"],
      ["rm_c_us_souvent", "Presque tous les jours", "souvent"],
      ["rm_c_us_quot", "Tous les jours, c'est notre chauffage principal", "quotidien"],
    ]),
    question("rm_q_problemes", "Avez-vous remarqué l'un de ces problèmes ?", "multiple_choice", d, [
      ["rm_c_refoule", "La fumée refoule dans la pièce", "refoulement"],
      ["rm_c_odeur", "Des odeurs", "odeurs"],
      ["rm_c_tirage", "Un mauvais tirage", "tirage"],
      ["rm_c_nid", "Des oiseaux ou un nid dans le conduit", "nid"],
      ["rm_c_pb_aucun", "Aucun de ces problèmes", "aucun"],
    ]),
    question("rm_q_longueur", "Quelle est la longueur approximative du conduit (mètres) ?", "open", d),
    question("rm_q_bois", "Combien de bois brûlez-vous par an (stères) ?", "open", d),
    question("rm_q_age", "Quel âge a l'installation (années) ?", "open", d),
    question("rm_q_prix", "Quel prix maximum êtes-vous prêt à payer (€) ?", "open", d),
    question("rm_q_conduits", "Combien de conduits faut-il ramoner ?", "open", d),
    question("rm_q_date", "Quand souhaitez-vous l'intervention ?", "open", d),
    question("rm_q_dernier", "De quand date le dernier ramonage ?", "open", d),
    question("rm_q_certificat", "Avez-vous besoin d'un certificat de ramonage pour l'assurance ?", "open", d),
    question("rm_q_notes", "Autre chose à préciser ?", "open", d),
    info(
      "rm_appareil",
      "Appareil",
      {
        type: "string",
        enum: ["cheminee_ouverte", "insert", "poele_bois", "poele_granules", "autre"],
      },
      "rm_q_appareil",
    ),
    info("rm_usage", "Fréquence d'utilisation", { type: "string", enum: ["rarement", "week_end", "souvent", "quotidien"] }, "rm_q_usage"),
    info("rm_problemes", "Problèmes constatés", enumArray(["refoulement", "odeurs", "tirage", "nid", "aucun"]), "rm_q_problemes"),
    info("rm_longueur", "Longueur du conduit (m)", { type: "number", minimum: 1, maximum: 50 }, "rm_q_longueur"),
    info("rm_bois", "Bois par an (stères)", { type: "number", minimum: 0, maximum: 60 }, "rm_q_bois"),
    info("rm_age", "Âge de l'installation (années)", { type: "number", minimum: 0, maximum: 200 }, "rm_q_age"),
    info("rm_prix", "Prix maximum (€)", { type: "number", minimum: 0, maximum: 2000 }, "rm_q_prix"),
    info("rm_conduits", "Nombre de conduits", { type: "integer", minimum: 1, maximum: 10 }, "rm_q_conduits"),
    info("rm_date", "Date d'intervention souhaitée", { type: "string", format: "date" }, "rm_q_date"),
    info("rm_dernier", "Date du dernier ramonage", { type: "string", format: "date" }, "rm_q_dernier"),
    info("rm_certificat", "Certificat nécessaire", { type: "boolean" }, "rm_q_certificat"),
    info("rm_notes", "Remarques", { type: "string" }, "rm_q_notes"),
  ];
}
