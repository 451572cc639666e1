// Blind domain s17-6 (sixth outside tester): a request for help with the yearly income tax return, French labels,
// synonyms only where a tax adviser's assistant would naturally write them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function taxDomainChanges(): ConfigurationChange[] {
  const d = "imp_main";
  return [
    objective("Aide à la déclaration de revenus"),
    dimension(d, "Foyer et revenus"),
    question("imp_q_situation", "Quelle est votre situation familiale ?", "single_choice", d, [
      ["imp_c_celibataire", "Célibataire", "celibataire"],
      ["imp_c_marie", "Marié(e)", "marie"],
      ["imp_c_pacse", "Pacsé(e)", "pacse"],
      ["imp_c_divorce", "Divorcé(e) ou séparé(e)", "divorce"],
      ["imp_c_veuf", "Veuf / veuve", "veuf"],
    ]),
    question("imp_q_types", "Quels types de revenus avez-vous perçus ?", "multiple_choice", d, [
      ["imp_c_salaires", "Salaires", "salaires"],
      ["imp_c_independant", "Revenus d'indépendant", "independant"],
      ["imp_c_fonciers", "Revenus fonciers (loyers)", "fonciers"],
      ["imp_c_pensions", "Pensions ou retraites", "pensions"],
      ["imp_c_placements", "Revenus de placements", "placements"],
      ["imp_c_etranger", "Revenus de l'étranger", "etranger"],
    ]),
    question("imp_q_urgence", "Votre demande est-elle urgente ?", "single_choice", d, [
      ["imp_c_pas_presse", "Pas pressé", "pas_presse"],
      ["imp_c_mois", "Dans le mois", "mois"],
      ["imp_c_tres_urgent", "Très urgent", "tres_urgent"],
    ]),
    question("imp_q_contact", "Comment préférez-vous être contacté ?", "single_choice", d, [
      ["imp_c_telephone", "Téléphone", "telephone"],
      ["imp_c_email", "E-mail", "email"],
      ["imp_c_bureau", "Rendez-vous au bureau", "bureau"],
      ["imp_c_visio", "Visioconférence", "visio"],
      ["imp_c_autre", "Autre moyen", "autre"],
    ]),
    question("imp_q_enfants", "Combien d'enfants avez-vous à charge ?", "open", d),
    question("imp_q_revenu", "Quel est le revenu net annuel de votre foyer (€) ?", "open", d),
    question("imp_q_premiere", "Est-ce votre première déclaration ?", "open", d),
    question("imp_q_demenagement", "Si vous avez déménagé cette année, à quelle date ?", "open", d),
    question("imp_q_rdv", "Quelle date vous conviendrait pour un rendez-vous ?", "open", d),
    question("imp_q_dons", "Quel montant de dons avez-vous fait cette année (€) ?", "open", d),
    question("imp_q_km", "Quelle distance faites-vous pour aller au travail, aller simple (km) ?", "open", d),
    question("imp_q_remarques", "Avez-vous des questions particulières ?", "open", d),
    info(
      "imp_situation",
      "Situation familiale",
      { type: "string", enum: ["celibataire", "marie", "pacse", "divorce", "veuf"] },
      "imp_q_situation",
    ),
    info(
      "imp_types",
      "Types de revenus",
      enumArray(["salaires", "independant", "fonciers", "pensions", "placements", "etranger"]),
      "imp_q_types",
    ),
    info("imp_urgence", "Urgence", { type: "string", enum: ["pas_presse", "mois", "tres_urgent"] }, "imp_q_urgence"),
    info("imp_contact", "Moyen de contact", { type: "string", enum: ["telephone", "email", "bureau", "visio", "autre"] }, "imp_q_contact"),
    info("imp_enfants", "Enfants à charge", { type: "integer", minimum: 0, maximum: 15 }, "imp_q_enfants"),
    info("imp_revenu", "Revenu net annuel du foyer (€)", { type: "number", minimum: 0, maximum: 2000000 }, "imp_q_revenu"),
    info("imp_premiere", "Première déclaration", { type: "boolean" }, "imp_q_premiere"),
    info("imp_demenagement", "Date du déménagement", { type: "string", format: "date" }, "imp_q_demenagement"),
    info("imp_rdv", "Date de rendez-vous souhaitée", { type: "string", format: "date" }, "imp_q_rdv"),
    info("imp_dons", "Montant des dons (€)", { type: "number", minimum: 0, maximum: 100000 }, "imp_q_dons"),
    info("imp_km", "Distance domicile-travail (km)", { type: "number", minimum: 0, maximum: 300 }, "imp_q_km"),
    info("imp_remarques", "Questions particulières", { type: "string" }, "imp_q_remarques"),
  ];
}
