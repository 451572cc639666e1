// Blind domain s15-4 (third outside tester): booking a wedding photographer, English labels, synonyms where a
// photographer's studio would write them (style names, deliverable names).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function weddingDomainChanges(): ConfigurationChange[] {
  const d = "wed_main";
  return [
    objective("Wedding photographer booking"),
    dimension(d, "The wedding"),
    question("wed_q_date", "What is the date of the wedding?", "open", d),
    question("wed_q_guests", "How many guests are you expecting?", "open", d),
    question("wed_q_budget", "What is your budget for the photography?", "open", d),
    question("wed_q_hours", "How many hours of coverage do you need?", "open", d),
    question("wed_q_style", "Which photography style do you prefer?", "single_choice", d, [
      ["wed_c_doc", "Documentary", "documentary", ["reportage", "candid", "photojournalistic"]],
      ["wed_c_trad", "Traditional (posed)", "traditional", ["classic"]],
      ["wed_c_art", "Fine art", "fine_art"],
      ["wed_c_edit", "Editorial", "editorial"],
    ]),
    question("wed_q_video", "Do you also want a videographer?", "single_choice", d, [
      ["wed_c_video_yes", "Yes", true],
      ["wed_c_video_no", "No", false],
    ]),
    question("wed_q_outdoor", "Will the ceremony be outdoors?", "open", d),
    question("wed_q_deliverables", "Which deliverables would you like?", "multiple_choice", d, [
      ["wed_c_gallery", "Online gallery", "gallery"],
      ["wed_c_album", "Printed album", "album"],
      ["wed_c_prints", "Prints", "prints"],
      ["wed_c_usb", "USB drive", "usb", ["USB key"]],
      ["wed_c_engagement", "Engagement shoot", "engagement", ["engagement session"]],
    ]),
    question("wed_q_weeks", "How many weeks after the wedding can you wait for the photos?", "open", d),
    info("wed_date", "Wedding date", { type: "string", format: "date" }, "wed_q_date"),
    info("wed_guests", "Guests", { type: "integer", minimum: 1, maximum: 1000 }, "wed_q_guests"),
    info("wed_budget", "Photography budget", { type: "number", minimum: 0, maximum: 50000 }, "wed_q_budget"),
    info("wed_hours", "Hours of coverage", { type: "number", minimum: 1, maximum: 24 }, "wed_q_hours"),
    info("wed_style", "Style", { type: "string", enum: ["documentary", "traditional", "fine_art", "editorial"] }, "wed_q_style"),
    info("wed_video", "Videographer", { type: "boolean" }, "wed_q_video"),
    info("wed_outdoor", "Outdoor ceremony", { type: "boolean" }, "wed_q_outdoor"),
    info("wed_deliverables", "Deliverables", enumArray(["gallery", "album", "prints", "usb", "engagement"]), "wed_q_deliverables"),
    info("wed_weeks", "Delivery delay (weeks)", { type: "integer", minimum: 1, maximum: 52 }, "wed_q_weeks"),
  ];
}
