// Blind domain s18-8 (eighth outside tester): renting a desk or an office in a coworking space, English labels,
// synonyms only where the space's community manager writing the form would naturally add them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function coworkingDomainChanges(): ConfigurationChange[] {
  const d = "cow_main";
  return [
    objective("Coworking membership"),
    dimension(d, "Space and needs"),
    question("cow_q_space", "What type of space are you looking for?", "single_choice", d, [
      ["cow_c_flex", "Flexible desk", "flex", ["hot desk"]],
      ["cow_c_dedicated", "Dedicated desk", "dedicated", ["fixed desk"]],
      ["cow_c_office", "Private office", "office"],
      ["cow_c_meeting", "Meeting room only", "meeting"],
      ["cow_c_space_other", "Other", "other"],
    ]),
    question("cow_q_frequency", "How often will you come in?", "single_choice", d, [
      ["cow_c_freq_month", "Once or twice a month", "monthly"],
      ["cow_c_freq_week", "About once a week", "weekly"],
      ["cow_c_freq_few", "A few days a week", "few_days"],
      ["cow_c_freq_daily", "Every weekday", "daily"],
    ]),
    question("cow_q_team", "How big is your team?", "single_choice", d, [
      ["cow_c_team_solo", "Just me", "solo"],
      ["cow_c_team_small", "2 to 5 people", "small"],
      ["cow_c_team_medium", "6 to 15 people", "medium"],
      ["cow_c_team_large", "More than 15 people", "large"],
    ]),
    question("cow_q_satisfaction", "How satisfied are you with your current workspace?", "single_choice", d, [
      ["cow_c_sat_very_unhappy", "Very dissatisfied", "very_dissatisfied"],
      ["cow_c_sat_unhappy", "Dissatisfied", "dissatisfied"],
      ["cow_c_sat_neutral", "Neutral", "neutral"],
      ["cow_c_sat_happy", "Satisfied", "satisfied"],
      ["cow_c_sat_very_happy", "Very satisfied", "very_satisfied"],
    ]),
    question("cow_q_amenities", "Which amenities do you need?", "multiple_choice", d, [
      ["cow_c_booth", "Phone booths", "phone_booths"],
      ["cow_c_print", "Printing", "printing"],
      ["cow_c_kitchen", "Kitchen", "kitchen"],
      ["cow_c_bike", "Bike parking", "bike_parking"],
      ["cow_c_shower", "Showers", "showers"],
      ["cow_c_247", "24/7 access", "access_247"],
      ["cow_c_amen_none", "Nothing in particular", "none"],
    ]),
    question("cow_q_start", "When would you like to start?", "open", d),
    question("cow_q_people", "How many people will use the space?", "open", d),
    question("cow_q_budget", "What is your monthly budget (€)?", "open", d),
    question("cow_q_area", "How much office space do you need (m²)?", "open", d),
    question("cow_q_founded", "When was your company created?", "open", d),
    question("cow_q_parking", "Do you need a parking space?", "open", d),
    question("cow_q_notes", "Anything else you'd like us to know?", "open", d),
    info("cow_space", "Type of space", { type: "string", enum: ["flex", "dedicated", "office", "meeting", "other"] }, "cow_q_space"),
    info(
      "cow_frequency",
      "How often they come in",
      { type: "string", enum: ["monthly", "weekly", "few_days", "daily"] },
      "cow_q_frequency",
    ),
    info("cow_team", "Team size", { type: "string", enum: ["solo", "small", "medium", "large"] }, "cow_q_team"),
    info(
      "cow_satisfaction",
      "Satisfaction with the current workspace",
      { type: "string", enum: ["very_dissatisfied", "dissatisfied", "neutral", "satisfied", "very_satisfied"] },
      "cow_q_satisfaction",
    ),
    info(
      "cow_amenities",
      "Amenities needed",
      enumArray(["phone_booths", "printing", "kitchen", "bike_parking", "showers", "access_247", "none"]),
      "cow_q_amenities",
    ),
    info("cow_start", "Start date", { type: "string", format: "date" }, "cow_q_start"),
    info("cow_people", "Number of people using the space", { type: "integer", minimum: 1, maximum: 200 }, "cow_q_people"),
    info("cow_budget", "Monthly budget (€)", { type: "number", minimum: 0, maximum: 50000 }, "cow_q_budget"),
    info("cow_area", "Office space needed (m²)", { type: "number", minimum: 0, maximum: 2000 }, "cow_q_area"),
    info("cow_founded", "Company creation date", { type: "string", format: "date" }, "cow_q_founded"),
    info("cow_parking", "Parking space needed", { type: "boolean" }, "cow_q_parking"),
    info("cow_notes", "Notes", { type: "string" }, "cow_q_notes"),
  ];
}
