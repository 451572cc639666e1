// A fifth domain, written last as a third check of generality (all its answers are held out): a car
// insurance quote with English labels and no synonyms.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { info, question, type ChoiceSpec, type QuestionType } from "./domain-builders.js";

const q = (id: string, text: string, type: QuestionType, choices: ChoiceSpec[] = []): ConfigurationChange =>
  question(id, text, type, "ins_main", choices);

export function insuranceDomainChanges(): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: {
        name: "Car insurance quote",
        qualification_level: "balanced",
        max_turns: 12,
        candidates_per_call: 2,
        order_strength: 0.3,
      },
    },
    {
      entity: "dimension",
      operation: "create",
      dimension: { id: "ins_main", name: "Quote", order_position: 0, completion_role: "blocking" },
    },
    q("ins_q_mileage", "How many kilometres do you drive per year?", "open"),
    q("ins_q_car_age", "How old is the car?", "open"),
    q("ins_q_garage", "Is the car parked in a garage at night?", "single_choice", [
      ["ins_c_gar_yes", "Yes", true],
      ["ins_c_gar_no", "No", false],
    ]),
    q("ins_q_claims", "How many claims in the last 3 years?", "open"),
    q("ins_q_start", "When should the policy start?", "open"),
    q("ins_q_cover", "Which cover do you want?", "single_choice", [
      ["ins_c_third", "Third party", "third_party"],
      ["ins_c_comp", "Comprehensive", "comprehensive"],
    ]),
    q("ins_q_drivers", "Who else will drive the car?", "multiple_choice", [
      ["ins_c_spouse", "Spouse", "spouse"],
      ["ins_c_children", "Children", "children"],
      ["ins_c_friends", "Friends", "friends"],
    ]),
    info("ins_mileage", "Annual mileage (km)", { type: "integer", minimum: 0, maximum: 200000 }, "ins_q_mileage"),
    info("ins_car_age", "Car age (years)", { type: "integer", minimum: 0, maximum: 60 }, "ins_q_car_age"),
    info("ins_garage", "Garage at night", { type: "boolean" }, "ins_q_garage"),
    info("ins_claims", "Claims in the last 3 years", { type: "integer", minimum: 0, maximum: 20 }, "ins_q_claims"),
    info("ins_start", "Policy start date", { type: "string", format: "date" }, "ins_q_start"),
    info("ins_cover", "Cover", { type: "string", enum: ["third_party", "comprehensive"] }, "ins_q_cover"),
    info(
      "ins_drivers",
      "Other drivers",
      { type: "array", items: { type: "string", enum: ["spouse", "children", "friends"] }, uniqueItems: true },
      "ins_q_drivers",
    ),
  ];
}
