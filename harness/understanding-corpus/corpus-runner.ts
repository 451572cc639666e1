// Runs the understanding corpus through the real engine path (compile the domain's configuration, create a
// session, answer the question as a /next previous turn, read what was stored and with which status) and
// scores it per category, per domain, and tuned vs held-out entries (issue 10 item 4).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigurationChangesRequestSchema } from "../../src/zelinqa/contracts/index.js";
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { applyChanges, compileArtifact, createSession, loadArtifact, nextQuestions } from "../../src/zelinqa/engine/index.js";
import type { CompiledArtifact, EngineDeps, SessionState } from "../../src/zelinqa/engine/index.js";
import { CORPUS } from "./answers.js";
import type { CorpusEntry } from "./answers.js";
import { eventDomainChanges } from "./event-domain.js";
import { flatshareDomainChanges } from "./flatshare-domain.js";
import { insuranceDomainChanges } from "./insurance-domain.js";
import { jobDomainChanges } from "./job-domain.js";
import { movingDomainChanges } from "./moving-domain.js";
import { rentalDomainChanges } from "./rental-domain.js";
import { travelDomainChanges } from "./travel-domain.js";
import { carDomainChanges } from "./car-domain.js";
import { gymDomainChanges } from "./gym-domain.js";
import { loanDomainChanges } from "./loan-domain.js";
import { renoDomainChanges } from "./reno-domain.js";
import { internetDomainChanges } from "./internet-domain.js";
import { languageDomainChanges } from "./language-domain.js";
import { petDomainChanges } from "./pet-domain.js";
import { weddingDomainChanges } from "./wedding-domain.js";
import { childcareDomainChanges } from "./childcare-domain.js";
import { physioDomainChanges } from "./physio-domain.js";
import { restaurantDomainChanges } from "./restaurant-domain.js";
import { solarDomainChanges } from "./solar-domain.js";
import { garageDomainChanges } from "./garage-domain.js";
import { universityDomainChanges } from "./university-domain.js";
import { leaveDomainChanges } from "./leave-domain.js";
import { homeDomainChanges } from "./home-domain.js";
import { dentistDomainChanges } from "./dentist-domain.js";
import { bikeDomainChanges } from "./bike-domain.js";
import { taxDomainChanges } from "./tax-domain.js";
import { cleaningDomainChanges } from "./cleaning-domain.js";
import { opticianDomainChanges } from "./optician-domain.js";
import { helpdeskDomainChanges } from "./helpdesk-domain.js";
import { gardenDomainChanges } from "./garden-domain.js";
import { musicDomainChanges } from "./music-domain.js";
import { cateringDomainChanges } from "./catering-domain.js";
import { coworkingDomainChanges } from "./coworking-domain.js";
import { vetDomainChanges } from "./vet-domain.js";
import { hairdresserDomainChanges } from "./hairdresser-domain.js";
import { photographerDomainChanges } from "./photographer-domain.js";
import { calloutDomainChanges } from "./callout-domain.js";
import { drivingDomainChanges } from "./driving-domain.js";
import { tutoringDomainChanges } from "./tutoring-domain.js";
import { pharmacyDomainChanges } from "./pharmacy-domain.js";
import { volunteerDomainChanges } from "./volunteer-domain.js";
import { kitchenDomainChanges } from "./kitchen-domain.js";
import { vegboxDomainChanges } from "./vegbox-domain.js";
import { storageDomainChanges } from "./storage-domain.js";
import { runningDomainChanges } from "./running-domain.js";
import { poolDomainChanges } from "./pool-domain.js";
import { boatDomainChanges } from "./boat-domain.js";
import { dogwalkDomainChanges } from "./dogwalk-domain.js";
import { roofingDomainChanges } from "./roofing-domain.js";
import { dietitianDomainChanges } from "./dietitian-domain.js";
import { chimneyDomainChanges } from "./chimney-domain.js";
import { boilerDomainChanges } from "./boiler-domain.js";
import { donationDomainChanges } from "./donation-domain.js";
import { giteDomainChanges } from "./gite-domain.js";
import { upholstererDomainChanges } from "./upholsterer-domain.js";
import { tattooDomainChanges } from "./tattoo-domain.js";
import { hearingDomainChanges } from "./hearing-domain.js";
import { pianoDomainChanges } from "./piano-domain.js";
import { tastingDomainChanges } from "./tasting-domain.js";
import { sleepDomainChanges } from "./sleep-domain.js";
import { evchargerDomainChanges } from "./evcharger-domain.js";
import { swimmingDomainChanges } from "./swimming-domain.js";
import { honeyDomainChanges } from "./honey-domain.js";

/** The corpus's reference instant: Tuesday 2026-12-01, 10:00 UTC. */
export const CORPUS_NOW = new Date("2026-12-01T10:00:00.000Z");

const REPO_ROOT = join(import.meta.dirname, "..", "..");

function furnitureChanges(): ConfigurationChange[] {
  const raw: unknown = JSON.parse(readFileSync(join(REPO_ROOT, "examples", "zelinqa", "furniture.json"), "utf8"));
  return ConfigurationChangesRequestSchema.parse(raw).changes;
}

function artifactOf(changes: ConfigurationChange[], domainName: string): CompiledArtifact {
  const applied = applyChanges(null, changes, { domainName });
  if (!applied.ok) throw new Error(`corpus domain ${domainName} rejected: ${JSON.stringify(applied.issues)}`);
  return loadArtifact(JSON.parse(JSON.stringify(compileArtifact(applied.draft))) as unknown);
}

export function corpusArtifacts(): Record<CorpusEntry["domain"], CompiledArtifact> {
  return {
    furniture: artifactOf(furnitureChanges(), "furniture"),
    rental: artifactOf(rentalDomainChanges(), "rental"),
    job: artifactOf(jobDomainChanges(), "job"),
    event: artifactOf(eventDomainChanges(), "event"),
    insurance: artifactOf(insuranceDomainChanges(), "insurance"),
    travel: artifactOf(travelDomainChanges(), "travel"),
    moving: artifactOf(movingDomainChanges(), "moving"),
    flatshare: artifactOf(flatshareDomainChanges(), "flatshare"),
    car: artifactOf(carDomainChanges(), "car"),
    reno: artifactOf(renoDomainChanges(), "reno"),
    gym: artifactOf(gymDomainChanges(), "gym"),
    loan: artifactOf(loanDomainChanges(), "loan"),
    pet: artifactOf(petDomainChanges(), "pet"),
    internet: artifactOf(internetDomainChanges(), "internet"),
    language: artifactOf(languageDomainChanges(), "language"),
    wedding: artifactOf(weddingDomainChanges(), "wedding"),
    restaurant: artifactOf(restaurantDomainChanges(), "restaurant"),
    childcare: artifactOf(childcareDomainChanges(), "childcare"),
    solar: artifactOf(solarDomainChanges(), "solar"),
    physio: artifactOf(physioDomainChanges(), "physio"),
    garage: artifactOf(garageDomainChanges(), "garage"),
    university: artifactOf(universityDomainChanges(), "university"),
    leave: artifactOf(leaveDomainChanges(), "leave"),
    home: artifactOf(homeDomainChanges(), "home"),
    dentist: artifactOf(dentistDomainChanges(), "dentist"),
    bike: artifactOf(bikeDomainChanges(), "bike"),
    tax: artifactOf(taxDomainChanges(), "tax"),
    cleaning: artifactOf(cleaningDomainChanges(), "cleaning"),
    optician: artifactOf(opticianDomainChanges(), "optician"),
    helpdesk: artifactOf(helpdeskDomainChanges(), "helpdesk"),
    garden: artifactOf(gardenDomainChanges(), "garden"),
    music: artifactOf(musicDomainChanges(), "music"),
    catering: artifactOf(cateringDomainChanges(), "catering"),
    coworking: artifactOf(coworkingDomainChanges(), "coworking"),
    vet: artifactOf(vetDomainChanges(), "vet"),
    hairdresser: artifactOf(hairdresserDomainChanges(), "hairdresser"),
    photographer: artifactOf(photographerDomainChanges(), "photographer"),
    callout: artifactOf(calloutDomainChanges(), "callout"),
    driving: artifactOf(drivingDomainChanges(), "driving"),
    tutoring: artifactOf(tutoringDomainChanges(), "tutoring"),
    pharmacy: artifactOf(pharmacyDomainChanges(), "pharmacy"),
    volunteer: artifactOf(volunteerDomainChanges(), "volunteer"),
    kitchen: artifactOf(kitchenDomainChanges(), "kitchen"),
    vegbox: artifactOf(vegboxDomainChanges(), "vegbox"),
    storage: artifactOf(storageDomainChanges(), "storage"),
    running: artifactOf(runningDomainChanges(), "running"),
    pool: artifactOf(poolDomainChanges(), "pool"),
    boat: artifactOf(boatDomainChanges(), "boat"),
    dogwalk: artifactOf(dogwalkDomainChanges(), "dogwalk"),
    roofing: artifactOf(roofingDomainChanges(), "roofing"),
    dietitian: artifactOf(dietitianDomainChanges(), "dietitian"),
    chimney: artifactOf(chimneyDomainChanges(), "chimney"),
    boiler: artifactOf(boilerDomainChanges(), "boiler"),
    donation: artifactOf(donationDomainChanges(), "donation"),
    gite: artifactOf(giteDomainChanges(), "gite"),
    upholsterer: artifactOf(upholstererDomainChanges(), "upholsterer"),
    tattoo: artifactOf(tattooDomainChanges(), "tattoo"),
    hearing: artifactOf(hearingDomainChanges(), "hearing"),
    piano: artifactOf(pianoDomainChanges(), "piano"),
    tasting: artifactOf(tastingDomainChanges(), "tasting"),
    sleep: artifactOf(sleepDomainChanges(), "sleep"),
    evcharger: artifactOf(evchargerDomainChanges(), "evcharger"),
    swimming: artifactOf(swimmingDomainChanges(), "swimming"),
    honey: artifactOf(honeyDomainChanges(), "honey"),
  };
}

function deps(): EngineDeps {
  let n = 0;
  return { now: () => CORPUS_NOW, newId: (prefix) => `${prefix}_${++n}` };
}

export interface EntryResult {
  readonly entry: CorpusEntry;
  readonly pass: boolean;
  /** Targets holding a `confirmed` value nobody should have recorded. */
  readonly wrongConfirmed: string[];
  readonly got: { outcome: string | undefined; targets: SessionState["targets"] };
}

/** The same value; a multiple choice's selections in any order (people name them in theirs, the engine in the configuration's). */
const same = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x) => b.some((y) => same(x, y)))
    : JSON.stringify(a) === JSON.stringify(b);

function judge(entry: CorpusEntry, mainId: string, state: SessionState): EntryResult {
  const outcome = state.outcomes.at(-1)?.outcome;
  const main = state.targets[mainId];
  const hasValue = main?.value !== undefined;
  const e = entry.expect;
  let pass: boolean;
  const accepted: unknown[] = [];
  if ("outcome" in e) pass = outcome === e.outcome && !hasValue;
  else if ("nothing" in e) pass = !hasValue;
  else {
    accepted.push(e.value, ...(e.alternatives ?? []));
    pass = hasValue && accepted.some((a) => same(a, main.value)) && (!e.tentative || main.status === "tentative");
  }
  for (const [id, value] of Object.entries(entry.also ?? {})) {
    if (!same(state.targets[id]?.value, value)) pass = false;
  }
  const wrongConfirmed: string[] = [];
  for (const [id, t] of Object.entries(state.targets)) {
    if (t.status !== "confirmed") continue;
    const ok = id === mainId ? accepted.some((a) => same(a, t.value)) : same(entry.also?.[id], t.value);
    if (!ok) wrongConfirmed.push(id);
  }
  return { entry, pass, wrongConfirmed, got: { outcome, targets: state.targets } };
}

/** Answers one entry in a fresh session and judges what the engine stored. */
export async function runEntry(artifact: CompiledArtifact, entry: CorpusEntry): Promise<EntryResult> {
  const d = deps();
  const created = await createSession(artifact, {}, d);
  if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
  const next = await nextQuestions(
    artifact,
    created.value.state,
    { state_version: created.value.state.state_version, previous_turn: { question_id: entry.question, user_text: entry.text } },
    d,
  );
  if (!next.ok) throw new Error(`${entry.question} "${entry.text}": ${JSON.stringify(next.error)}`);
  const q = artifact.questionById.get(entry.question);
  const mainId = q?.targets.find((t) => t.kind === "data")?.id;
  if (mainId === undefined) throw new Error(`${entry.question} has no data target`);
  return judge(entry, mainId, next.value.state);
}

export async function runCorpus(entries: readonly CorpusEntry[] = CORPUS): Promise<EntryResult[]> {
  const artifacts = corpusArtifacts();
  const results: EntryResult[] = [];
  for (const entry of entries) results.push(await runEntry(artifacts[entry.domain], entry));
  return results;
}

export interface ScoreRow {
  readonly group: string;
  readonly passed: number;
  readonly total: number;
  readonly wrongConfirmed: number;
}

function rowsBy(results: readonly EntryResult[], key: (r: EntryResult) => string): ScoreRow[] {
  const groups = new Map<string, EntryResult[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, list]) => ({
      group,
      passed: list.filter((r) => r.pass).length,
      total: list.length,
      wrongConfirmed: list.filter((r) => r.wrongConfirmed.length > 0).length,
    }));
}

export function scoreTables(results: readonly EntryResult[]): Record<"overall" | "category" | "domain" | "split" | "blind", ScoreRow[]> {
  return {
    overall: rowsBy(results, () => "all"),
    category: rowsBy(results, (r) => r.entry.category),
    domain: rowsBy(results, (r) => r.entry.domain),
    split: rowsBy(results, (r) =>
      r.entry.blind
        ? "blind"
        : r.entry.blind3
          ? "blind3"
          : r.entry.blind4
            ? "blind4"
            : r.entry.blind5
              ? "blind5"
              : r.entry.blind6
                ? "blind6"
                : r.entry.blind7
                  ? "blind7"
                  : r.entry.blind8
                    ? "blind8"
                    : r.entry.blind9
                      ? "blind9"
                      : r.entry.blind10
                        ? "blind10"
                        : r.entry.blind11
                          ? "blind11"
                          : r.entry.blind12
                            ? "blind12"
                            : r.entry.blind13
                              ? "blind13"
                              : r.entry.blind14
                                ? "blind14"
                                : r.entry.blind15
                                  ? "blind15"
                                  : r.entry.fresh
                                    ? "fresh"
                                    : r.entry.h
                                      ? "held-out"
                                      : "tuned",
    ),
    /** Per category, only the domains written by the second tester before reading the rules. */
    blind: rowsBy(
      results.filter((r) => r.entry.blind),
      (r) => r.entry.category,
    ),
  };
}

export const rate = (row: ScoreRow) => (row.total === 0 ? 1 : row.passed / row.total);
