// [ext] What a named thing falls under: a small bilingual (EN/FR) table of everyday kinds. An option whose label names
// a kind ("House", "Congés payés", "Suburbs", "Informatique") is also named by the specific things of that kind that
// people say instead ("a bungalow", "vacances de Noël", "banlieue", "la programmation"). Such a reading goes through
// what the person means, not the option's own words: it is always loose (a tentative value at most), never read in
// passing, and a thing two options' kinds hold names neither. General words only, never one configuration's wording.
import type { Phrase } from "./phrase-match.js";

interface Kind {
  /** How an option's label names the kind, in either language: one of these inside the label, as whole words. */
  readonly heads: readonly string[];
  /** The specific things of the kind that people name. */
  readonly members: readonly string[];
  /** Heads too short to be looked for inside a label ("IT"): only a whole label names the kind. */
  readonly whole?: readonly string[];
}

const LANGUAGE_NAMES = [
  ...["anglais", "english", "espagnol", "spanish", "allemand", "german", "italien", "italian", "portugais", "portuguese"],
  ...["chinois", "chinese", "mandarin", "japonais", "japanese", "arabe", "arabic", "russe", "russian", "coreen", "korean"],
  ...["neerlandais", "dutch", "polonais", "polish", "grec", "greek", "turc", "turkish", "suedois", "swedish", "hebreu"],
  ...["hebrew", "hindi", "latin", "francais", "french", "langues etrangeres", "foreign languages", "fle"],
];

const KINDS: readonly Kind[] = [
  // housing
  {
    heads: ["house", "maison"],
    members: [
      ...["bungalow", "cottage", "villa", "chalet", "farmhouse", "longere", "manoir", "manor", "pavillon"],
      ...["detached", "detached house", "maison individuelle", "plain pied", "maison de plain pied", "single storey house"],
    ],
  },
  {
    heads: ["apartment", "appartement", "flat", "condo", "appart"],
    members: ["penthouse", "loft", "duplex", "triplex", "attique", "t1", "t2", "t3", "t4", "t5", "f1", "f2", "f3", "f4", "f5"],
  },
  {
    heads: ["townhouse", "town house", "maison de ville", "terraced house", "row house"],
    members: ["terraced house", "terrace house", "terraced", "row house", "rowhouse", "end of terrace", "maison de ville"],
  },
  { heads: ["land", "terrain", "plot"], members: ["building plot", "parcelle", "terrain constructible", "lot a batir"] },
  // places
  {
    heads: ["countryside", "campagne", "rural"],
    members: [
      ...["village", "hameau", "hamlet", "quiet village", "petit village", "in the country", "a la campagne", "farm"],
      ...["middle of nowhere", "en pleine nature", "bourg"],
    ],
  },
  {
    heads: ["suburbs", "suburb", "banlieue", "peripherie", "outskirts", "suburban", "periurbain"],
    members: [
      ...["outskirts", "banlieue", "peripherie", "en peripherie", "proche banlieue", "commuter town", "commuter belt"],
      ...["residential area", "quartier residentiel", "edge of town", "edge of the city", "just outside the city"],
      ...["suburb", "suburbs", "suburban", "periurbain", "ville dortoir"],
    ],
  },
  {
    heads: ["city centre", "city center", "centre ville", "town centre", "downtown", "hyper centre", "centre"],
    members: ["downtown", "in town", "hypercentre", "hyper centre", "heart of the city", "coeur de ville", "en plein centre"],
  },
  // study levels
  {
    heads: ["licence", "bachelor", "undergraduate", "bachelors"],
    members: ["l1", "l2", "l3", "bac 3", "bsc", "undergrad", "undergraduate", "licence pro", "licence professionnelle"],
  },
  {
    heads: ["master", "masters", "postgraduate", "graduate"],
    members: ["m1", "m2", "bac 4", "bac 5", "msc", "mba", "mphil", "postgrad", "postgraduate", "mastere", "ecole d ingenieur"],
  },
  {
    heads: ["doctorat", "phd", "doctorate"],
    members: ["bac 8", "phd", "doctorat", "doctorate", "doctoral", "dphil", "these de doctorat"],
  },
  // study subjects, fields of work
  {
    heads: ["informatique", "computer science", "computing"],
    whole: ["it", "dsi", "tech"],
    members: [
      ...["computer science", "programmation", "programming", "coding", "developpement", "developpeur", "developer"],
      ...["dev", "software", "logiciel", "data science", "algorithmique", "intelligence artificielle", "machine learning"],
      ...["cybersecurite", "cybersecurity", "sysadmin", "informaticien", "web development", "developpement web", "dsi"],
    ],
  },
  { heads: ["langues", "languages", "langue", "language"], members: LANGUAGE_NAMES },
  {
    heads: ["mathematiques", "mathematics", "maths", "math"],
    members: ["algebre", "algebra", "statistiques", "statistics", "stats", "probabilites", "probability", "geometrie", "geometry"],
  },
  { heads: ["economie", "economics"], members: ["macroeconomie", "microeconomie", "econometrie", "econometrics", "economist"] },
  { heads: ["droit", "law"], members: ["juridique", "legal", "juriste", "lawyer", "avocat", "notaire"] },
  { heads: ["histoire", "history"], members: ["archeologie", "archaeology", "historien", "historian"] },
  {
    heads: ["comptabilite", "accounting", "accountancy", "compta"],
    members: ["comptable", "accountant", "bookkeeping", "bookkeeper", "expert comptable", "controle de gestion", "paie", "payroll"],
  },
  { heads: ["ventes", "vente", "sales"], members: ["vendeur", "vendeuse", "salesman", "saleswoman", "sales rep", "commerciale"] },
  {
    heads: ["ressources humaines", "human resources", "rh", "hr"],
    members: ["recrutement", "recruitment", "recruiter", "recruteur", "recruteuse", "people team"],
  },
  { heads: ["production"], members: ["usine", "factory", "atelier", "workshop", "chaine de production", "assembly line"] },
  // leave and absence
  {
    heads: ["conges payes", "conge paye", "paid leave", "paid holiday", "annual leave"],
    members: [
      ...["vacances", "holiday", "holidays", "vacation", "vacances de noel", "vacances d ete", "christmas holidays"],
      ...["summer holidays", "annual leave", "conges annuels", "cp"],
    ],
  },
  {
    heads: ["maladie", "sick", "sickness", "sick leave", "arret maladie"],
    members: [
      ...["malade", "sick", "ill", "illness", "grippe", "flu", "covid", "arret de travail", "certificat medical"],
      ...["doctor s note", "sick note", "hospitalisation", "hospitalised", "hospitalized", "burn out", "burnout"],
    ],
  },
  {
    heads: ["sans solde", "unpaid"],
    members: ["non paye", "non payes", "non remunere", "non remuneree", "sans salaire", "without pay", "unpaid leave"],
  },
  {
    heads: ["parental", "parentale"],
    members: ["maternite", "paternite", "maternity", "paternity", "conge maternite", "conge paternite", "naissance", "adoption"],
  },
  // vehicles
  {
    heads: ["voiture", "car"],
    members: ["berline", "sedan", "suv", "hatchback", "citadine", "estate car", "monospace", "minivan", "cabriolet"],
  },
  { heads: ["moto", "motorbike", "motorcycle", "deux roues"], members: ["scooter", "mobylette", "moped", "trail bike"] },
  { heads: ["utilitaire", "van", "camionnette"], members: ["camionnette", "fourgon", "fourgonnette", "pickup", "pick up"] },
  // [ext] (s21) The general word: a vehicle is any of the everyday road vehicles, for "A vehicle" / "Un véhicule" beside
  // options that are no vehicles (furniture, archives…). Road vehicles only: a boat or a bike is not what such forms mean.
  {
    heads: ["vehicle", "vehicles", "vehicule", "vehicules"],
    members: [
      ...["car", "voiture", "motorbike", "motorcycle", "moto", "scooter", "van", "caravan", "caravane", "campervan"],
      ...["motorhome", "trailer", "remorque", "quad", "tractor", "tracteur", "truck", "camion", "lorry"],
    ],
  },
  // what is wrong with a thing: noises, leaks, vibrations, starting, warning lights
  {
    heads: ["noise", "noises", "bruit", "bruits", "sound", "sounds"],
    members: [
      ...["clunk", "clunking", "knocking", "knock", "squeal", "squealing", "squeak", "squeaking", "grinding", "rattle"],
      ...["rattling", "whistling", "humming", "ticking", "clicking", "banging", "cliquetis", "claquement", "claque"],
      ...["grincement", "grince", "sifflement", "siffle", "couinement", "fait du bruit", "sound", "sounds", "noisy", "bruyant"],
    ],
  },
  {
    heads: ["leak", "leaks", "fuite", "fuites", "leaking"],
    members: ["dripping", "drip", "drips", "puddle", "flaque", "fuit", "goutte", "coule", "perd de l huile", "leaks"],
  },
  {
    heads: ["vibration", "vibrations", "shaking"],
    members: [
      ...["shakes", "shaking", "shake", "shudder", "shudders", "shuddering", "wobble", "wobbles", "wobbling", "judder"],
      ...["juddering", "tremble", "tremblement", "tremblements", "vibre", "vibrates", "vibrating"],
    ],
  },
  {
    heads: ["won t start", "wont start", "no start", "ne demarre pas", "demarrage", "does not start", "starting problem"],
    members: [
      ...["doesn t start", "doesnt start", "does not start", "won t start", "wont start", "can t start", "cant start"],
      ...["dead battery", "battery dead", "flat battery", "battery is dead", "batterie a plat", "ne demarre pas", "ne demarre plus"],
      ...["won t turn over", "refuse de demarrer"],
    ],
  },
  {
    heads: ["warning light", "warning lights", "voyant", "voyants", "dashboard light", "temoin"],
    members: ["check engine", "engine light", "voyant moteur", "voyant", "temoin", "dashboard light", "light on the dashboard"],
  },
  { heads: ["brake", "brakes", "frein", "freins", "freinage"], members: ["plaquettes", "brake pads", "pedale de frein"] },
  // parts of a home
  {
    heads: ["parking", "garage", "stationnement"],
    members: ["driveway", "carport", "allee", "place de parking", "parking space", "off street parking", "box ferme"],
  },
  { heads: ["garden", "jardin", "yard"], members: ["lawn", "pelouse", "outdoor space", "espace exterieur", "potager"] },
  { heads: ["balcony", "balcon", "terrace", "terrasse"], members: ["loggia", "roof terrace", "toit terrasse", "patio"] },
  {
    heads: ["home office", "bureau", "office"],
    members: ["workspace", "espace de travail", "coin bureau", "room to work", "piece pour travailler"],
  },
  // food and events
  {
    heads: ["vegetarian", "vegetarien", "vegetarienne", "veggie"],
    members: [
      ...["no meat", "doesn t eat meat", "don t eat meat", "doesnt eat meat", "dont eat meat", "meat free", "meatless"],
      ...["ne mange pas de viande", "mange pas de viande", "sans viande", "pas de viande", "no meat or fish"],
    ],
  },
  {
    heads: ["vegan", "vegetalien", "vegetalienne"],
    members: ["plant based", "vegetal", "no animal products", "sans produits animaux", "aucun produit animal"],
  },
  { heads: ["gluten free", "sans gluten"], members: ["coeliac", "celiac", "coeliaque", "celiaque", "gluten intolerance"] },
  {
    heads: ["nut allergy", "nuts", "allergie aux noix", "fruits a coque", "arachide", "peanut"],
    members: ["peanut", "peanuts", "cacahuete", "cacahuetes", "noisette", "noisettes", "hazelnut", "almond", "amande", "cashew"],
  },
  { heads: ["buffet"], members: ["self service", "help themselves", "serve themselves", "se servir", "on se sert"] },
  {
    heads: ["cocktail", "finger food", "aperitif", "apero"],
    members: [
      ...["aperitif dinatoire", "apero dinatoire", "standing", "debout", "mingling", "walking dinner", "amuse bouche"],
      ...["amuse bouches", "bouchees", "verrines", "petits fours", "nibbles"],
    ],
  },
  {
    heads: ["seated", "assis", "plated", "a table"],
    members: ["sit down", "sit down dinner", "sit down meal", "repas assis", "served at the table", "service a l assiette"],
  },
  {
    heads: ["dining room", "salle principale", "main room", "salle de restaurant"],
    members: ["in the restaurant", "au restaurant", "dans le restaurant", "with the other diners", "main room", "grande salle"],
  },
  {
    heads: ["private room", "salle privee", "privatise", "privatisee", "salon prive"],
    members: ["just for us", "rien que pour nous", "privatiser", "privatisation", "separate room", "salle a part", "our own room"],
  },
  {
    heads: ["catering", "traiteur", "own venue", "my venue"],
    members: ["at home", "a la maison", "chez moi", "chez nous", "at our place", "at my place", "at our house", "our venue"],
  },
  // why people do a thing: save money, the planet, independence
  {
    heads: ["facture", "factures", "save money", "saving money", "economies", "bills", "bill"],
    members: [
      ...["economiser", "faire des economies", "economies", "save money", "saving money", "lower bills", "lower my bills"],
      ...["payer moins", "pay less", "cut costs", "reduce costs", "baisser la facture", "cheaper bills", "moins cher"],
    ],
  },
  {
    heads: ["ecologique", "ecologie", "ecology", "environment", "environnement", "environmental", "green"],
    members: [
      ...["planete", "planet", "the planet", "climat", "climate", "carbone", "carbon", "co2", "carbon footprint"],
      ...["empreinte carbone", "ecolo", "sustainability", "developpement durable", "environnement", "environment"],
    ],
  },
  {
    heads: ["autonomie", "autonomy", "autonome", "independance", "self sufficiency", "self sufficient"],
    members: [
      ...["independant du reseau", "off grid", "off the grid", "self sufficient", "autosuffisant", "autoconsommation"],
      ...["independance energetique", "energy independence", "ne plus dependre"],
    ],
  },
  // how ill one feels
  {
    heads: ["fever", "fievre"],
    members: ["temperature", "high temperature", "de la temperature", "feverish", "fievreux", "fievreuse", "chills", "frissons"],
  },
  { heads: ["fatigue", "tiredness"], members: ["tired", "exhausted", "epuise", "epuisee", "creve", "crevee", "fatigue e"] },
  // pain and its kinds
  {
    heads: ["at night", "la nuit", "nocturne", "nocturnes", "night"],
    members: ["can t sleep", "cannot sleep", "wakes me up", "wake up at night", "me reveille", "empeche de dormir", "insomnia"],
  },
  {
    heads: ["sharp pain", "douleur vive", "douleur aigue", "sharp"],
    members: ["stabbing", "shooting pain", "lancinante", "coup de poignard", "douleur aigue", "like a knife"],
  },
  // leisure
  {
    heads: ["sport", "sports"],
    members: [
      ...["football", "foot", "tennis", "running", "jogging", "rugby", "basketball", "basket", "swimming", "natation"],
      ...["cycling", "cyclisme", "yoga", "gym", "fitness", "musculation", "handball", "volleyball", "ski", "escalade"],
      ...["climbing", "boxe", "boxing", "martial arts", "arts martiaux", "judo", "karate", "golf", "equitation", "riding"],
    ],
  },
  {
    heads: ["musique", "music"],
    members: ["guitar", "guitare", "piano", "violin", "violon", "drums", "singing", "chant", "chorale", "choir", "concerts"],
  },
  { heads: ["lecture", "reading"], members: ["books", "livres", "novels", "romans", "bd", "comics", "mangas"] },
  {
    heads: ["cooking", "cuisiner"],
    members: ["cook", "cuisiner", "baking", "patisserie", "faire la cuisine", "faire a manger", "recettes", "recipes"],
  },
  // where people stay
  {
    heads: ["camping", "campsite"],
    members: ["tent", "tente", "caravan", "caravane", "camping car", "motorhome", "camper van", "mobil home", "glamping"],
  },
  {
    heads: ["hotel", "hotels"],
    members: ["motel", "bed and breakfast", "b b", "chambre d hotes", "chambres d hotes", "inn", "resort"],
  },
  // how a course or a meeting is held
  {
    heads: ["hybride", "hybrid", "mixte", "mixed", "blended"],
    members: [
      ...["mix", "un mix", "mix des deux", "mix of both", "a bit of both", "un peu des deux", "melange", "un melange"],
      ...["half and half", "moitie moitie", "combination of both", "alternate between"],
    ],
  },
  {
    heads: ["presentiel", "on site", "in person", "sur place", "face to face", "on campus"],
    members: ["campus", "sur le campus", "on campus", "in class", "en classe", "en salle", "in the classroom", "in person"],
  },
  {
    heads: ["a distance", "remote", "online", "en ligne", "distanciel"],
    members: ["from home", "de chez moi", "depuis chez moi", "visio", "zoom", "e learning", "elearning", "par correspondance"],
  },
  // everyday devices, by the names people give them
  {
    heads: ["phone", "telephone", "smartphone", "mobile"],
    members: ["iphone", "smartphone", "android", "cellphone", "cell phone", "mobile phone", "portable phone", "gsm"],
  },
  { heads: ["tablet", "tablette"], members: ["ipad", "galaxy tab", "android tablet", "tablette android"] },
  { heads: ["laptop", "ordinateur portable", "notebook"], members: ["macbook", "chromebook", "ultrabook", "thinkpad"] },
  { heads: ["desktop", "ordinateur fixe", "tour"], members: ["imac", "pc fixe", "desktop computer", "tower pc", "unite centrale"] },
];

const single = (t: string) => (t.length > 3 && (t.endsWith("s") || t.endsWith("x")) ? t.slice(0, -1) : t);
const toTokens = (s: string) => s.split(" ").map(single);
const KIND_TOKENS = KINDS.map((k) => ({
  heads: k.heads.map(toTokens),
  whole: new Set(k.whole ?? []),
  members: k.members.map((m) => m.split(" ")),
}));

/** Each kind's heads by their first word, and its whole-label names: what a label's words can name. */
const KINDS_BY_WORD = new Map<string, { kind: number; head: readonly string[] }[]>();
const KINDS_BY_WHOLE = new Map<string, number[]>();
KIND_TOKENS.forEach((k, kind) => {
  for (const head of k.heads) {
    const first = head[0];
    if (first !== undefined) KINDS_BY_WORD.set(first, [...(KINDS_BY_WORD.get(first) ?? []), { kind, head }]);
  }
  for (const w of k.whole) KINDS_BY_WHOLE.set(w, [...(KINDS_BY_WHOLE.get(w) ?? []), kind]);
});

function holds(label: readonly string[], head: readonly string[]): boolean {
  for (let i = 0; i + head.length <= label.length; i++) if (head.every((w, j) => label[i + j] === w)) return true;
  return false;
}

const key = (v: unknown) => JSON.stringify(v);

/**
 * The phrases of the things each option's kind holds, loose and marked `kind`; none for a kind two options' labels
 * name, nor for a thing two options' kinds hold or that holds words already naming its option (`known`: the configured
 * phrases and their translations).
 */
export function kindPhrases(configured: readonly Phrase[], known: readonly Phrase[] = configured): Phrase[] {
  // Each label is matched through the kinds its own words can name (KINDS_BY_WORD), not against every kind and head:
  // a choice list of thousands of phrases took seconds per target.
  const namedBy = KIND_TOKENS.map(() => [] as Phrase[]);
  for (const p of configured) {
    if (p.translated === true) continue;
    const tokens = p.tokens.map(single);
    const kinds = new Set(KINDS_BY_WHOLE.get(p.tokens.join(" ")) ?? []);
    for (const w of new Set(tokens))
      for (const { kind, head } of KINDS_BY_WORD.get(w) ?? []) if (!kinds.has(kind) && holds(tokens, head)) kinds.add(kind);
    for (const kind of kinds) namedBy[kind]!.push(p);
  }
  const owners = new Map<string, { tokens: readonly string[]; phrase: Phrase; values: Set<string> }>();
  KIND_TOKENS.forEach((kind, index) => {
    const named = namedBy[index]!;
    const values = new Set(named.map((p) => key(p.value)));
    if (values.size !== 1) return;
    const phrase = named[0] as Phrase;
    for (const m of kind.members) {
      const k = m.join(" ");
      const entry = owners.get(k) ?? { tokens: m, phrase, values: new Set<string>() };
      entry.values.add(key(phrase.value));
      owners.set(k, entry);
    }
  });
  if (owners.size === 0) return [];
  const own = new Set(known.map((p) => p.tokens.join(" ")));
  // "à la campagne" adds nothing where "campagne" already names the option, and would make it loose.
  const ownByValue = new Map<string, (readonly string[])[]>();
  for (const p of known) {
    const k = key(p.value);
    const list = ownByValue.get(k);
    if (list) list.push(p.tokens);
    else ownByValue.set(k, [p.tokens]);
  }
  const out: Phrase[] = [];
  for (const [k, { tokens, phrase, values }] of owners) {
    if (values.size !== 1 || own.has(k) || (ownByValue.get(key(phrase.value)) ?? []).some((o) => holds(tokens, o))) continue;
    out.push({ tokens, value: phrase.value, order: phrase.order, translated: true, loose: true, kind: true });
  }
  return out;
}
