// A fourth domain by the second tester, written after reading the rules but before running it (a first-run
// check on a fresh domain): a mortgage simulation, English labels, no synonyms.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, info, objective, question } from "./domain-builders.js";

export function loanDomainChanges(): ConfigurationChange[] {
  const d = "loan_main";
  return [
    objective("Mortgage simulation"),
    dimension(d, "Project"),
    question("loan_q_amount", "How much do you need to borrow?", "open", d),
    question("loan_q_duration", "Over how many years?", "open", d),
    question("loan_q_income", "What is your household's net monthly income?", "open", d),
    question("loan_q_coborrower", "Will you borrow with someone else?", "open", d),
    question("loan_q_property", "What kind of property is it?", "single_choice", d, [
      ["loan_c_flat", "Apartment", "apartment"],
      ["loan_c_house", "House", "house"],
      ["loan_c_land", "Building land", "land"],
    ]),
    question("loan_q_use", "What will the property be used for?", "single_choice", d, [
      ["loan_c_main", "Main residence", "main_residence"],
      ["loan_c_second", "Second home", "second_home"],
      ["loan_c_rental", "Rental investment", "rental_investment"],
    ]),
    question("loan_q_contract", "What is your employment contract?", "single_choice", d, [
      ["loan_c_permanent", "Permanent", "permanent"],
      ["loan_c_fixed", "Fixed-term", "fixed_term"],
      ["loan_c_self", "Self-employed", "self_employed"],
      ["loan_c_civil", "Civil servant", "civil_servant"],
    ]),
    question("loan_q_signing", "When do you expect to sign?", "open", d),
    question("loan_q_deposit", "How much can you put down?", "open", d),
    question("loan_q_banks", "Which banks are you already with?", "open", d),
    info("loan_amount", "Loan amount (EUR)", { type: "number", minimum: 5000, maximum: 2000000 }, "loan_q_amount"),
    info("loan_duration", "Duration (years)", { type: "integer", minimum: 5, maximum: 30 }, "loan_q_duration"),
    info("loan_income", "Net monthly income (EUR)", { type: "number", minimum: 500, maximum: 50000 }, "loan_q_income"),
    info("loan_coborrower", "Co-borrower", { type: "boolean" }, "loan_q_coborrower"),
    info("loan_property", "Property type", { type: "string", enum: ["apartment", "house", "land"] }, "loan_q_property"),
    info("loan_use", "Property use", { type: "string", enum: ["main_residence", "second_home", "rental_investment"] }, "loan_q_use"),
    info(
      "loan_contract",
      "Employment contract",
      { type: "string", enum: ["permanent", "fixed_term", "self_employed", "civil_servant"] },
      "loan_q_contract",
    ),
    info("loan_signing", "Expected signing date", { type: "string", format: "date" }, "loan_q_signing"),
    info("loan_deposit", "Deposit (EUR)", { type: "number", minimum: 0, maximum: 2000000 }, "loan_q_deposit"),
    info("loan_banks", "Current banks", { type: "string", maxLength: 200 }, "loan_q_banks"),
  ];
}
