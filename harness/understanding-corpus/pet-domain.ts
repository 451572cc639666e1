// Blind domain s15-1 (third outside tester): adopting a pet from a shelter, French labels, synonyms only where a
// shelter volunteer would naturally write them (a few animal nicknames and trait words).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function petDomainChanges(): ConfigurationChange[] {
  const d = "pet_main";
  return [
    objective("Adoption d'un animal"),
    dimension(d, "Foyer et projet"),
    question("pet_q_species", "Quel animal souhaitez-vous adopter ?", "single_choice", d, [
      ["pet_c_dog", "Chien", "dog", ["chiot", "toutou"]],
      ["pet_c_cat", "Chat", "cat", ["chaton", "minou"]],
      ["pet_c_rabbit", "Lapin", "rabbit"],
      ["pet_c_small", "NAC (rongeur, oiseau…)", "small_pet", ["rongeur", "oiseau", "hamster"]],
    ]),
    question("pet_q_budget", "Quel budget mensuel pouvez-vous consacrer à l'animal ?", "open", d),
    question("pet_q_surface", "Quelle est la surface de votre logement ?", "open", d),
    question("pet_q_children", "Combien d'enfants vivent dans le foyer ?", "open", d),
    question("pet_q_garden", "Avez-vous un jardin ?", "open", d),
    question("pet_q_date", "À partir de quand pouvez-vous accueillir l'animal ?", "open", d),
    question("pet_q_alone", "Combien d'heures par jour l'animal resterait-il seul ?", "open", d),
    question("pet_q_others", "Combien d'animaux avez-vous déjà ?", "open", d),
    question("pet_q_traits", "Quels critères de caractère sont importants pour vous ?", "multiple_choice", d, [
      ["pet_c_kids", "S'entend avec les enfants", "good_with_kids"],
      ["pet_c_cats", "S'entend avec les chats", "good_with_cats"],
      ["pet_c_clean", "Propre", "house_trained"],
      ["pet_c_calm", "Calme", "calm", ["tranquille"]],
      ["pet_c_active", "Sportif", "active", ["énergique", "joueur"]],
    ]),
    info("pet_species", "Animal souhaité", { type: "string", enum: ["dog", "cat", "rabbit", "small_pet"] }, "pet_q_species"),
    info("pet_budget", "Budget mensuel (€)", { type: "number", minimum: 0, maximum: 2000 }, "pet_q_budget"),
    info("pet_surface", "Surface du logement (m²)", { type: "number", minimum: 9, maximum: 1000 }, "pet_q_surface"),
    info("pet_children", "Nombre d'enfants", { type: "integer", minimum: 0, maximum: 12 }, "pet_q_children"),
    info("pet_garden", "Jardin", { type: "boolean" }, "pet_q_garden"),
    info("pet_date", "Date d'accueil possible", { type: "string", format: "date" }, "pet_q_date"),
    info("pet_alone", "Heures seul par jour", { type: "number", minimum: 0, maximum: 24 }, "pet_q_alone"),
    info("pet_others", "Animaux déjà présents", { type: "integer", minimum: 0, maximum: 20 }, "pet_q_others"),
    info(
      "pet_traits",
      "Critères de caractère",
      enumArray(["good_with_kids", "good_with_cats", "house_trained", "calm", "active"]),
      "pet_q_traits",
    ),
  ];
}
