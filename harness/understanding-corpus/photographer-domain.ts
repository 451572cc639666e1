// Blind domain s19-9 (ninth outside tester): booking a photographer, English labels, synonyms only where the
// studio owner writing the form would naturally add them. Its arrival time is an hour of the day (0–23).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function photographerDomainChanges(): ConfigurationChange[] {
  const d = "pho_main";
  return [
    objective("Photographer booking"),
    dimension(d, "The shoot"),
    question("pho_q_type", "What kind of shoot is it?", "single_choice", d, [
      ["pho_c_wedding", "Wedding", "wedding"],
      ["pho_c_portrait", "Portrait or headshots", "portrait"],
      ["pho_c_family", "Family", "family"],
      ["pho_c_event", "Event or corporate", "event"],
      ["pho_c_product", "Product", "product"],
      ["pho_c_type_other", "Other kind of shoot", "other"],
    ]),
    question("pho_q_comfort", "How comfortable are you in front of a camera?", "single_choice", d, [
      ["pho_c_comf_very_un", "Very uncomfortable", "very_uncomfortable"],
      ["pho_c_comf_nervous", "A bit nervous", "nervous"],
      ["pho_c_comf_ok", "Fairly comfortable", "comfortable"],
      ["pho_c_comf_ease", "Totally at ease", "at_ease"],
    ]),
    question("pho_q_delivery", "How would you like to receive the photos?", "single_choice", d, [
      ["pho_c_gallery", "Online gallery", "gallery"],
      ["pho_c_usb", "USB stick", "usb"],
      ["pho_c_album", "Printed album", "album"],
      ["pho_c_deliv_other", "Other", "other"],
    ]),
    question("pho_q_extras", "Would you like any extras?", "multiple_choice", d, [
      ["pho_c_drone", "Drone shots", "drone"],
      ["pho_c_second", "Second photographer", "second_shooter"],
      ["pho_c_video", "Short video", "video"],
      ["pho_c_booth", "Photo booth", "booth"],
      ["pho_c_express", "Express delivery", "express"],
      ["pho_c_extras_none", "None", "none"],
    ]),
    question("pho_q_budget", "What is your budget ($)?", "open", d),
    question("pho_q_people", "How many people will be in the photos?", "open", d),
    question("pho_q_hours", "How many hours of coverage do you need?", "open", d),
    question("pho_q_date", "What date is the shoot?", "open", d),
    question("pho_q_start", "What time should the photographer arrive? (hour, 24h clock)", "open", d),
    question("pho_q_last", "When did you last have professional photos taken?", "open", d),
    question("pho_q_portfolio", "May we use a few of the photos in our portfolio?", "open", d),
    question("pho_q_notes", "Anything else the photographer should know?", "open", d),
    info(
      "pho_type",
      "Kind of shoot",
      { type: "string", enum: ["wedding", "portrait", "family", "event", "product", "other"] },
      "pho_q_type",
    ),
    info(
      "pho_comfort",
      "Comfort in front of a camera",
      { type: "string", enum: ["very_uncomfortable", "nervous", "comfortable", "at_ease"] },
      "pho_q_comfort",
    ),
    info("pho_delivery", "Delivery", { type: "string", enum: ["gallery", "usb", "album", "other"] }, "pho_q_delivery"),
    info("pho_extras", "Extras", enumArray(["drone", "second_shooter", "video", "booth", "express", "none"]), "pho_q_extras"),
    info("pho_budget", "Budget ($)", { type: "number", minimum: 0, maximum: 50000 }, "pho_q_budget"),
    info("pho_people", "Number of people in the photos", { type: "integer", minimum: 1, maximum: 500 }, "pho_q_people"),
    info("pho_hours", "Hours of coverage", { type: "number", minimum: 0.5, maximum: 16 }, "pho_q_hours"),
    info("pho_date", "Date of the shoot", { type: "string", format: "date" }, "pho_q_date"),
    info("pho_start", "Arrival time (hour of the day)", { type: "integer", minimum: 0, maximum: 23 }, "pho_q_start"),
    info("pho_last", "Last professional photos", { type: "string", format: "date" }, "pho_q_last"),
    info("pho_portfolio", "Portfolio use allowed", { type: "boolean" }, "pho_q_portfolio"),
    info("pho_notes", "Notes", { type: "string" }, "pho_q_notes"),
  ];
}
