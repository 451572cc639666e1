// Blind domain s25-13 (thirteenth outside tester): a quote from a furniture upholsterer, French labels, synonyms only
// where the workshop writing the form would naturally add them. Fabric in metres, a width in cm, a budget in euros.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function upholstererDomainChanges(): ConfigurationChange[] {
  const d = "tp_main";
  return [
    objective("Devis chez le tapissier"),
    dimension(d, "Le meuble"),
    question("tp_q_meuble", "Quel meuble faut-il refaire ?", "single_choice", d, [
      ["tp_c_fauteuil", "Fauteuil", "fauteuil"],
      ["tp_c_canape", "Canapé", "canape"],
      ["tp_c_chaise", "Chaise(s)", "chaise"],
      ["tp_c_tete", "Tête de lit", "tete_de_lit"],
      ["tp_c_meuble_autre", "Autre", "autre"],
    ]),
    question("tp_q_etat", "Dans quel état est-il ?", "single_choice", d, [
      ["tp_c_etat_bon", "Bon état", "bon"],
      ["tp_c_etat_use", "Usé", "use"],
      ["tp_c_etat_abime", "Abîmé", "abime"],
      ["tp_c_etat_tres", "Très abîmé (structure à reprendre)", "tres_abime"],
    ]),
    question("tp_q_travaux", "Quels travaux souhaitez-vous ?", "multiple_choice", d, [
      ["tp_c_tissu", "Changer le tissu", "tissu"],
      ["tp_c_mousse", "Refaire la mousse ou le garnissage", "mousse"],
      ["tp_c_ressorts", "Refaire les ressorts", "ressorts"],
      ["tp_c_bois", "Reteinter ou vernir le bois", "bois"],
      ["tp_c_travaux_aucun", "Aucun de ces travaux", "aucun"],
    ]),
    question("tp_q_budget", "Quel budget prévoyez-vous (€) ?", "open", d),
    question("tp_q_nombre", "Combien de pièces faut-il refaire ?", "open", d),
    question("tp_q_depot", "Quand pouvez-vous déposer le meuble à l'atelier ?", "open", d),
    question("tp_q_acquis", "Quand avez-vous acheté ou récupéré ce meuble ?", "open", d),
    question("tp_q_tissu", "Combien de mètres de tissu avez-vous déjà (m) ?", "open", d),
    question("tp_q_largeur", "Quelle est la largeur du meuble (cm) ?", "open", d),
    question("tp_q_livraison", "Souhaitez-vous qu'on vous le livre une fois fini ?", "open", d),
    question("tp_q_remarques", "Autre chose à préciser ?", "open", d),
    info("tp_meuble", "Meuble", { type: "string", enum: ["fauteuil", "canape", "chaise", "tete_de_lit", "autre"] }, "tp_q_meuble"),
    info("tp_etat", "État", { type: "string", enum: ["bon", "use", "abime", "tres_abime"] }, "tp_q_etat"),
    info("tp_travaux", "Travaux", enumArray(["tissu", "mousse", "ressorts", "bois", "aucun"]), "tp_q_travaux"),
    info("tp_budget", "Budget (€)", { type: "number", minimum: 0, maximum: 20000 }, "tp_q_budget"),
    info("tp_nombre", "Nombre de pièces", { type: "integer", minimum: 1, maximum: 50 }, "tp_q_nombre"),
    info("tp_depot", "Date de dépôt", { type: "string", format: "date" }, "tp_q_depot"),
    info("tp_acquis", "Date d'achat ou de récupération", { type: "string", format: "date" }, "tp_q_acquis"),
    info("tp_tissu", "Tissu déjà en main (m)", { type: "number", minimum: 0, maximum: 100 }, "tp_q_tissu"),
    info("tp_largeur", "Largeur du meuble (cm)", { type: "number", minimum: 20, maximum: 400 }, "tp_q_largeur"),
    info("tp_livraison", "Livraison souhaitée", { type: "boolean" }, "tp_q_livraison"),
    info("tp_remarques", "Remarques", { type: "string" }, "tp_q_remarques"),
  ];
}
