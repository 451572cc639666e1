// The FR/EN lexicons of docs/zelinqa-api.md §10.3 (refusal, don't know) and §10.5.3 (booleans), as normalised phrases, widened
// [ext] with the ways people actually say them ("je préfère ne pas le dire", "no clue", "idk", "of course not").
import { tokenise } from "./normalise.js";

const phrases = (list: readonly string[]) => list.map((p) => p.split(" "));

export const REFUSAL_PHRASES = phrases([
  // docs/zelinqa-api.md §10.3
  "je prefere ne pas repondre",
  "je ne veux pas repondre",
  "je ne souhaite pas repondre",
  "pas de commentaire",
  "ca ne vous regarde pas",
  "i d rather not",
  "i would rather not",
  "prefer not to say",
  "no comment",
  "i won t answer",
  "none of your business",
  // [ext]
  "je prefere ne pas le dire",
  "je prefere ne pas en parler",
  "je prefere garder ca pour moi",
  "je prefere ne pas",
  "je ne veux pas le dire",
  "je veux pas le dire",
  "je veux pas repondre",
  "je ne souhaite pas le dire",
  "je ne souhaite pas en parler",
  "pas envie de repondre",
  "pas envie de le dire",
  "pas envie d en parler",
  "je refuse de repondre",
  "je ne repondrai pas",
  "ca ne vous concerne pas",
  "ca vous regarde pas",
  "ca me regarde",
  "c est personnel",
  "c est prive",
  "c est confidentiel",
  "sans commentaire",
  "question suivante",
  // (s27) Not "je passe" anywhere: "je passe le chercher", "je passe samedi" come by; said alone it is a whole-answer
  // refusal ("passe" below).
  "je passe mon tour",
  "passons",
  "i don t want to answer",
  "i do not want to answer",
  "don t want to answer",
  "i don t want to say",
  "don t want to say",
  "i d prefer not",
  "i would prefer not",
  "prefer not to answer",
  "rather not say",
  "rather not answer",
  "rather not",
  "i won t say",
  "i will not answer",
  "not telling",
  "not saying",
  "i decline",
  "decline to answer",
  "mind your own business",
  "that s private",
  "that s personal",
  "it s private",
  "it s personal",
  "that s none of your",
  "next question",
  "skip this",
  "no comments",
  "je prefere pas dire",
  "je prefere pas le dire",
  "je prefere pas repondre",
  "prefere pas dire",
  "je veux pas dire",
  "je ne dirai pas",
  "je dirai pas",
  "je ne vous le dirai pas",
  "je garde ca pour moi",
  "i won t tell",
  "not going to tell",
  "not going to say",
  "keep that to myself",
  "keep it to myself",
  "rather keep it private",
  "je prefere garder ca prive",
  "pas vos affaires",
  "pas tes affaires",
  "pas vos oignons",
  "not your business",
  "ne souhaite pas communiquer",
  "prefere ne pas communiquer",
  "veux pas communiquer",
  "ne souhaite pas partager",
  "prefere ne pas partager",
  "don t wish to answer",
  "don t wish to say",
  "rather not share",
  "prefer not to share",
  "not comfortable sharing",
  "keep that private",
  "keep it private",
  "keep this private",
  "rather keep that",
  "prefere pas repondre",
  "passer cette question",
  "passer la question",
  "pas envie de donner",
  "pas envie de dire",
  "bit personal",
  "a bit private",
  "no way i m telling",
  "je ne donne pas",
  "je donne pas",
  "je ne peux pas vous dire",
  "je peux pas vous dire",
  "can t tell you",
  "cannot tell you",
  "i won t tell",
  "je ne vous le donnerai pas",
  "je ne communique pas",
  // [ext] A deferral to a conversation: the person will say it, not write it here.
  "prefere en parler",
  "prefere en discuter",
  "en parler de vive voix",
  "en discuter de vive voix",
  "en parler par telephone",
  "en parler au telephone",
  "en parler directement",
  "on en parlera",
  "on en reparlera",
  "rather discuss it",
  "rather talk about it",
  "prefer to discuss it",
  "prefer to talk about it",
  "rather tell you in person",
  "discuss it in person",
  "talk about it in person",
  "discuss it over the phone",
  "talk about it over the phone",
  // [ext] Said in other words: a deferral to explain by phone or in person, a "prefer not" before giving the thing asked
  // ("je préfère pas donner mon adresse"), and a question back that disputes the asking ("ça vous regarde ?", "what's it
  // to you?", "en quoi ça vous intéresse ?"): the person will not give the value, whatever its kind.
  "rather explain",
  "prefer to explain",
  "explain on the phone",
  "explain over the phone",
  "explain in person",
  "rather tell you on the phone",
  "rather call",
  "prefere expliquer",
  "expliquer au telephone",
  "expliquer par telephone",
  "expliquer de vive voix",
  "prefere vous appeler",
  "prefere pas donner",
  "prefere ne pas donner",
  "rather not give",
  "prefer not to give",
  "rather not tell",
  "prefer not to tell",
  "rather not disclose",
  "prefer not to disclose",
  "mind your own",
  "none of yours",
  "not your concern",
  "none of your concern",
  "what s it to you",
  "what is it to you",
  "is that any of your",
  "what business is it",
  "how is that relevant",
  "how is that any of",
  "too personal",
  "trop personnel",
  "c est indiscret",
  "question indiscrete",
  "ca vous regarde",
  "ca te regarde",
  "ca vous concerne",
  "en quoi ca vous",
  "en quoi ca te",
  "de quoi je me mele",
  "de quoi vous vous melez",
  "occupez vous de vos affaires",
  "mele toi de tes affaires",
  "ce sont mes affaires",
  "c est mes affaires",
  "je vois pas le rapport",
  "je ne vois pas le rapport",
]);

/** [ext] Refusals only when they are the whole answer (give or take politeness): "pass", "skip", "private". */
export const WHOLE_ANSWER_REFUSALS = phrases([
  "pass",
  "skip",
  "passe",
  "private",
  "personal",
  "personnel",
  "prive",
  "confidentiel",
  "confidential",
  "secret",
  "joker",
  "next",
  "suivant",
  "suivante",
  "no answer",
  "pas de reponse",
  "nope not telling",
  // [ext] (s27) Preferring not, with nothing after it ("je préfère pas", "j'aime mieux pas"): "je préfère pas le matin"
  // prefers a time.
  "prefere pas",
  "prefererais pas",
  "aime mieux pas",
  "aimerais mieux pas",
  "j aime mieux pas",
  "j aimerais mieux pas",
]);

/** [ext] Nothing to report: "rien à signaler", "RAS", "nothing to report", "nothing to declare" (a no, said as a whole). */
export const NOTHING_TO_REPORT = [
  ...["rien a signaler", "ras", "rien a declarer", "rien de particulier a signaler", "nothing to report", "nothing to declare"],
] as const;

/**
 * [ext] (s26) A condition not met today: the answer hangs on someone or something else ("depends on my daughter", "ça
 * dépend du prix", "depends what the artist says"): a don't-know. "ça dépend" alone stays indifference; a value said in
 * another clause ("depends on the week, 20 to 60") is a hesitant answer, held loosely; the clause of the condition names
 * what the answer hangs on, never the answer (withoutHesitation drops it).
 */
const DEPENDS_ON_WORDS = [
  ...["depends on", "depend on", "depends what", "depends who", "depends if", "depends whether", "depends how", "depends when"],
  ...["depend de", "depend du", "depend des", "depend d", "depend si", "dependra de", "dependra du", "dependra des", "dependra si"],
];
const DEPENDS_ON = phrases(DEPENDS_ON_WORDS);

export const DONT_KNOW_PHRASES = phrases([
  // docs/zelinqa-api.md §10.3
  "je ne sais pas",
  "je sais pas",
  "sais pas",
  "aucune idee",
  "pas sur",
  "pas sure",
  "peut etre",
  "i don t know",
  "don t know",
  "dunno",
  "not sure",
  "no idea",
  "maybe",
  // [ext]
  "j en sais rien",
  "je n en sais rien",
  "j en sais trop rien",
  "sais rien",
  "chais pas",
  "chai pas",
  "jsais pas",
  "j sais pas",
  "je ne sais plus",
  "je sais plus",
  "pas la moindre idee",
  "aucune espece d idee",
  "pas d idee",
  "je n ai pas d idee",
  "je n ai aucune idee",
  "pas encore decide",
  "pas encore sur",
  "pas encore sure",
  "pas encore fixe",
  "pas encore choisi",
  "je n ai pas encore decide",
  "je ne suis pas sur",
  "je ne suis pas sure",
  "on verra",
  "je verrai",
  "je reflechis",
  "je reflechis encore",
  "difficile a dire",
  "dur a dire",
  "aucune idee",
  "bonne question",
  "je ne saurais pas dire",
  "no clue",
  "not a clue",
  "haven t a clue",
  "no idea",
  "not sure yet",
  "haven t decided",
  "have not decided",
  "not decided",
  "undecided",
  "we ll see",
  "hard to say",
  "can t say",
  "cannot say",
  "who knows",
  "i forget",
  "good question",
  "not yet decided",
  "i m not sure",
  "don t really know",
  "no freaking idea",
  "j hesite",
  "on hesite",
  "nous hesitons",
  "je ne sais pas encore",
  "on ne sait pas",
  "on sait pas",
  "nous ne savons pas",
  "we don t know",
  "we re not sure",
  "still deciding",
  "not decided yet",
  "je n ai pas encore choisi",
  "on n a pas encore decide",
  "rien n est decide",
  "nothing decided",
  "je ne me souviens pas",
  "je me souviens plus",
  "je me rappelle plus",
  "i don t remember",
  "can t remember",
  // [ext] Not remembered, not known yet, to be asked of someone else.
  "don t remember",
  "dont remember",
  "do not remember",
  // [ext] Written without the apostrophe, or as "recall"; someone else not knowing (the person answers for a child, a
  // colleague): "cant remember", "il sait pas encore", "she doesn't know".
  "cant remember",
  "cannot remember",
  "can t recall",
  "cant recall",
  "don t recall",
  "dont recall",
  "je ne m en souviens plus",
  "je m en souviens plus",
  // [ext] Each way of saying it, without its "ne" (isDontKnow drops it): "je (ne) me rappelle pas", "je (ne) m'en
  // rappelle plus", "je (ne) me souviens pas".
  "je me souviens pas",
  "je me rappelle pas",
  "je m en souviens pas",
  "je m en rappelle plus",
  "je m en rappelle pas",
  "il sait pas",
  "elle sait pas",
  "il ne sait pas",
  "elle ne sait pas",
  "ils savent pas",
  "elles savent pas",
  "ils ne savent pas",
  "he doesn t know",
  "she doesn t know",
  "they don t know",
  "he does not know",
  "she does not know",
  "they do not know",
  "he doesnt know",
  "she doesnt know",
  "dont know",
  "don t recall",
  "lost count",
  "perdu le compte",
  "not known yet",
  "not known",
  "pas encore connu",
  "i ll ask them",
  "i ll have to ask",
  "need to ask",
  "je dois demander",
  "je vais leur demander",
  "je vais demander",
  // [ext] Answered by someone else, or later: "let me ask my fiancé first", "je vois avec mon mari et je vous dis".
  "let me ask",
  "let me check",
  "i ll check with",
  "need to check with",
  "have to check with",
  "i ll get back to you",
  "get back to you on",
  "come back to you",
  "i ll ask the",
  "i ll ask my",
  "je reviens vers vous",
  "je reviendrai vers vous",
  "i ll let you know",
  "faut que je demande",
  "il faut que je demande",
  "je dois voir avec",
  "je vais voir avec",
  "je vois avec",
  "faut que je voie avec",
  "je vous redirai",
  "je vous dirai",
  "je vous redis",
  // [ext] (s24) Someone else to be asked: "faudrait demander au poseur", "you'd have to ask my wife", "ask the landlord".
  "faudrait demander",
  "il faudrait demander",
  "faut demander",
  "faudra demander",
  "faudrait voir avec",
  "faut voir avec",
  "you d have to ask",
  "you ll have to ask",
  "you would have to ask",
  "i d have to ask",
  "i would have to ask",
  "would have to ask",
  // [ext] A question back that says the person cannot know: "how would I know?", "comment je saurais ?", "you tell me".
  "how would i know",
  "how should i know",
  "how am i supposed to know",
  "how do i know",
  "comment je saurais",
  "comment je pourrais savoir",
  "comment voulez vous que je sache",
  "comment veux tu que je sache",
  "qu est ce que j en sais",
  "j en sais rien moi",
  "you tell me",
  "you re the expert",
  "you re the pro",
  "c est vous le pro",
  "c est vous l expert",
  "a vous de me dire",
  "idk",
  "idek",
  "je ne suis pas certain",
  "pas certain",
  "pas certaine",
  "not certain",
  "unsure",
  "aucune certitude",
  "haven t figured",
  "not figured out",
  "pas encore defini",
  "pas encore definie",
  "pas encore determine",
  "not defined yet",
  "not set yet",
  "pas encore fixee",
  "ask me later",
  // [ext] Not decided phrased as not fixed, set or planned yet: the value does not exist yet.
  "haven t fixed",
  "have not fixed",
  "not fixed yet",
  "not yet fixed",
  "haven t set",
  "have not set",
  "not yet set",
  "haven t settled",
  "not settled yet",
  "haven t picked",
  "haven t chosen",
  "have not chosen",
  "not chosen yet",
  "not planned yet",
  "not scheduled yet",
  "nothing is set",
  "nothing set yet",
  "nothing fixed yet",
  "no date yet",
  "no date set",
  "to be decided",
  "to be determined",
  "to be confirmed",
  "tbd",
  "tbc",
  "rien n est fixe",
  "rien de fixe",
  "rien n est encore fixe",
  "pas encore arrete",
  "pas encore arretee",
  "pas encore cale",
  "pas encore calee",
  "pas encore planifie",
  "pas encore de date",
  "pas de date pour l instant",
  "pas de date pour le moment",
  "on n a pas encore fixe",
  "on n a pas encore choisi",
  "a definir",
  "a determiner",
  "a confirmer",
  "c est a voir",
  "on verra bien",
  // [ext] (s26) A condition not met today (DEPENDS_ON below).
  ...DEPENDS_ON_WORDS,
  // [ext] (s26) Knowing nothing of the matter, or no memory of it: "je connais rien au vin", "aucun souvenir".
  ...["connais rien a", "connais rien au", "connais rien aux", "y connais rien", "m y connais pas", "m y connais rien"],
  ...["know nothing about", "don t know anything about", "dont know anything about", "no clue about"],
  ...["aucun souvenir", "pas de souvenir", "pas souvenir", "no recollection", "no memory of"],
  // [ext] (s27) A count too large to have been kept ("too many to count", "j'ai perdu le compte") and a start older than
  // memory ("as long as I can remember", "aussi loin que je me souvienne"): no figure, no date to store.
  ...["too many to count", "lost count", "lose count", "perdu le compte", "trop pour compter", "trop pour les compter"],
  ...["as long as i can remember", "for as long as i remember", "aussi loin que je me souvienne", "aussi loin que je me rappelle"],
]);

/** [ext] Don't-know only when they are the whole answer: "idk", "jsp", "?". */
export const WHOLE_ANSWER_DONT_KNOW = phrases([
  "idk",
  "jsp",
  "dk",
  "pas encore",
  "not yet",
  "unknown",
  "inconnu",
  "nsp",
  "dunno yet",
  "idk yet",
]);

/** [ext] Indifference as a whole answer: an answer, but no value for a free-text target. */
export const INDIFFERENCE_PHRASES = phrases([
  "peu importe",
  "n importe",
  "n importe ou",
  "n importe quoi",
  "ca m est egal",
  "c est egal",
  "pas de preference",
  "aucune preference",
  "sans preference",
  "indifferent",
  "whatever",
  "no preference",
  "i don t mind",
  "don t mind",
  "doesn t matter",
  "it doesn t matter",
  "does not matter",
  "any",
  "anything",
  "either",
  "either is fine",
  "pareil",
  "comme vous voulez",
  "as you like",
  "up to you",
  "bof",
  "ca depend",
  "it depends",
  "depends",
]);

/** [ext] Hedges: the answer stands, held loosely (tentative). */
export const HEDGE_PHRASES = phrases([
  // [ext] "une petite heure", "un petit mois": a little under the unit.
  ...["une petite heure", "un petit mois", "une petite semaine", "une petite journee"],
  "peut etre",
  "maybe",
  "perhaps",
  "probably",
  "probablement",
  "je pense",
  "i think",
  "je crois",
  "i guess",
  "i suppose",
  "sans doute",
  "pas sur",
  "pas sure",
  "not sure",
  "disons",
  "let s say",
  "depend",
  "depends",
  "genre",
  // [ext] A guess said as what the person would say: "intermédiaire je dirais", "I'd say around 3".
  "je dirais",
  "j dirais",
  "on va dire",
  "i d say",
  "i would say",
  "i reckon",
  "je suppose",
  "idk",
  "jsp",
  "nsp",
  "idek",
  "je sais pas",
  "je ne sais pas",
  "don t know",
  "i believe",
  "normalement",
  "in theory",
  "en theorie",
  "a priori",
  "possibly",
  "possiblement",
  // [ext] A yes said with a lean, not outright: "plutôt oui", "rather yes", "mostly yes".
  "plutot oui",
  "oui plutot",
  "rather yes",
  "mostly yes",
  "yes mostly",
  "more yes than no",
  "plutot oui que non",
]);

/** [ext] "nearly new", "yearly if there's a discount": an approximation or a condition qualifies the choice. */
export const QUALIFIER_PHRASES = phrases([
  "partly",
  "partially",
  "en partie",
  "partiellement",
  "semi",
  "nearly",
  "almost",
  "presque",
  "quasi",
  "quasiment",
  "pratiquement",
  "practically",
  "sort of",
  "kind of",
  "more or less",
  "plus ou moins",
  // A condition, not the politeness of "si possible" / "if possible".
  "if there",
  "if it",
  "if the",
  "if you",
  "if they",
  "if we",
  "if i",
  "only if",
  "si c est",
  "si on",
  "si vous",
  "si le",
  "si la",
  "s il y a",
  "s il",
  "a condition",
  "provided",
  "as long as",
  "unless",
  "sauf si",
  "depending",
  "selon",
]);

/**
 * [ext] Yes/no said loosely: a hedge ("I don't think so", "pourquoi pas"), a habit of some frequency
 * ("occasionally", "de temps en temps"), an ignorance that leans ("pas que je sache"), or a stopped habit
 * ("j'ai arrêté", "I quit"). The answer stands, held loosely (tentative).
 */
const LOOSE_TRUE_LIST = [
  "pourquoi pas",
  "why not",
  "i think so",
  "je pense que oui",
  "je crois que oui",
  "i believe so",
  "probably",
  "probablement",
  "surement",
  "occasionally",
  "occasionnellement",
  "sometimes",
  "parfois",
  "de temps en temps",
  "de temps a autre",
  "from time to time",
  "now and then",
  "rarely",
  "rarement",
  "socially",
  "en soiree",
  // [ext] Part of it: "en partie", "partly".
  "en partie",
  "partiellement",
  "pour partie",
  "partly",
  "partially",
  "in part",
  // [ext] (s23) A yes said by denying a no: "I wouldn't say no", "je ne dirais pas non", "c'est pas de refus".
  ...["wouldn t say no", "wouldnt say no", "would not say no", "won t say no", "couldn t say no", "wouldn t refuse"],
  ...["je dirais pas non", "je ne dirais pas non", "je dis pas non", "je ne dis pas non", "c est pas de refus"],
  ...["ce n est pas de refus", "ce serait pas de refus", "ce ne serait pas de refus", "je ne refuserais pas"],
  // [ext] (s24) A yes hoped for, not yet known: "hopefully", "I hope so", "j'espère bien" ("hopefully not" is a no).
  ...["hopefully", "i hope so", "hope so", "j espere", "j espere bien", "j espere que oui", "fingers crossed"],
];
const LOOSE_FALSE_LIST = [
  "i don t think so",
  "don t think so",
  "je ne pense pas",
  "je pense pas",
  "je crois pas",
  "je ne crois pas",
  "je crois que non",
  "je pense que non",
  "probably not",
  "probablement pas",
  "surement pas",
  "pas que je sache",
  "pas a ma connaissance",
  "not that i know",
  "not as far as i know",
  "not to my knowledge",
  "j ai arrete",
  "je me suis arrete",
  "arrete depuis",
  "i quit",
  "i stopped",
  "gave up",
  "i gave up",
  "quit smoking",
  "ex fumeur",
  "ex fumeuse",
  "ancien fumeur",
  "ancienne fumeuse",
  "former smoker",
  "ex smoker",
  "used to",
  "plus depuis",
  // [ext] A wish that the thing asked not be done: "I'd prefer you didn't", "je préfère que non".
  "prefer you didn t",
  "prefer you didnt",
  "prefer you don t",
  "prefer if you didn t",
  "prefer if you didnt",
  "rather you didn t",
  "rather you didnt",
  "rather you don t",
  "rather you dont",
  "je prefere que non",
  // (s24) A no hoped for.
  "hopefully not",
  "i hope not",
  "hope not",
  "j espere que non",
  "j espere pas",
  "j aimerais mieux pas",
  "j aime mieux pas",
];
/** The loose yes/no phrases, as token lists. */
export const LOOSE_PHRASES = phrases([...LOOSE_TRUE_LIST, ...LOOSE_FALSE_LIST]);

export const TRUE_PHRASES = phrases([
  "oui",
  "ouais",
  "bien sur",
  "tout a fait",
  "absolument",
  "exactement",
  "effectivement",
  "vrai",
  "d accord",
  "yes",
  "yeah",
  "yep",
  "sure",
  "of course",
  "absolutely",
  "indeed",
  "true",
  "correct",
  // [ext]
  "ouep",
  "ouaip",
  "yup",
  "yea",
  "ok",
  "okay",
  "volontiers",
  "avec plaisir",
  "carrement",
  "certainement",
  "evidemment",
  "bien entendu",
  "oui oui",
  "affirmatif",
  "pourquoi pas",
  "why not",
  "certainly",
  "definitely",
  "totally",
  "of course yes",
  ...LOOSE_TRUE_LIST,
  "c est ca",
  "that s right",
  "sounds good",
  // [ext] Consent said as what suits the person: "fine by me", "ça me va", "go ahead".
  "fine by me",
  "fine with me",
  "ok by me",
  "ok with me",
  "ok for me",
  "works for me",
  "ca me va",
  "ca me convient",
  "go ahead",
  "allez y",
  "vas y",
  "feel free",
  "no problem",
  "pas de probleme",
  "pas de souci",
  "sans probleme",
  "no worries",
  "bien evidemment",
  "volontier",
  "je veux bien",
  "yes please",
]);

export const FALSE_PHRASES = phrases([
  "non",
  "nan",
  "pas du tout",
  "pas vraiment",
  "absolument pas",
  "jamais",
  "aucun",
  "aucune",
  "faux",
  "no",
  "nope",
  "not really",
  "not at all",
  "never",
  "none",
  "false",
  // [ext]
  "nah",
  "non merci",
  "no thanks",
  "no thank you",
  "pas question",
  "hors de question",
  "certainly not",
  "definitely not",
  "absolutely not",
  "of course not",
  "no way",
  "surely not",
  "bien sur que non",
  "evidemment pas",
  "certainement pas",
  "i don t think so",
  "don t think so",
  "je ne pense pas",
  "je pense pas",
  "je crois pas",
  "je ne crois pas",
  "negatif",
  "pas necessaire",
  "not necessary",
  "pas besoin",
  "no need",
  "not needed",
  "plutot pas",
  // [ext] Consent refused as what does not suit the person.
  "ca ne me va pas",
  "ca me va pas",
  "ca ne me convient pas",
  "ca me convient pas",
  "not ok with me",
  "not fine by me",
  // [ext] Declining the thing asked (a refusal only with a word of saying, declinesTheThing).
  "rather not",
  "prefer not",
  "preferably not",
  "je prefere pas",
  "pas trop",
  "not anymore",
  "plus maintenant",
  "plus du tout",
  "pas forcement",
  "pas necessairement",
  "not necessarily",
  "pas specialement",
  "not particularly",
  "pas obligatoirement",
  "pas la peine",
  "pas pour l instant",
  "pas pour le moment",
  "not at the moment",
  "not for now",
  "not right now",
  "not currently",
  "pas actuellement",
  "not worth it",
  "pas utile",
  "inutile",
  "not useful",
  "je m en passe",
  ...LOOSE_FALSE_LIST,
]);

const FILLERS = new Set([
  "please",
  "svp",
  "merci",
  "thanks",
  "thank",
  "you",
  "sorry",
  "desole",
  "desolee",
  "pardon",
  "lol",
  "haha",
  "euh",
  "hmm",
  "bah",
  "ben",
  "well",
  "honestly",
  "franchement",
  "je",
  "i",
  "ll",
  "on",
  "this",
  "one",
  "question",
  "la",
  "that",
  "it",
  "s",
  "for",
  "now",
  "pour",
  "l",
  "instant",
  "moment",
  "le",
  "the",
  "yet",
  "encore",
  "tbh",
  "mdr",
  "oh",
  "ah",
  "um",
  "uh",
]);

type PhraseList = readonly (readonly string[])[];

/** `items` grouped by the first word of their phrase (`wordsOf`); an item whose phrase is empty is in no group. */
function groupByFirstWord<T>(items: Iterable<T>, wordsOf: (item: T) => readonly string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const first = wordsOf(item)[0];
    if (first === undefined) continue;
    const group = groups.get(first);
    if (group) group.push(item);
    else groups.set(first, [item]);
  }
  return groups;
}

function occursAt(tokens: readonly string[], phrase: readonly string[], at: number): boolean {
  if (at + phrase.length > tokens.length) return false;
  for (let j = 0; j < phrase.length; j++) if (tokens[at + j] !== phrase[j]) return false;
  return true;
}

/** The phrases of each constant list by their first word, built at its first use. */
const phrasesByFirstWord = new WeakMap<PhraseList, Map<string, (readonly string[])[]>>();

/**
 * True when a phrase of `list` occurs in `tokens`. A phrase found at a position opens on the token there, so each token
 * is tried against the phrases that open on it only, not every phrase of the list at every position (an empty phrase
 * occurs nowhere, as with findPhrase).
 */
export function hasAnyPhrase(tokens: readonly string[], list: PhraseList): boolean {
  let index = phrasesByFirstWord.get(list);
  if (index === undefined) {
    index = groupByFirstWord(list, (phrase) => phrase);
    phrasesByFirstWord.set(list, index);
  }
  for (let i = 0; i < tokens.length; i++) {
    const phrases = index.get(tokens[i]!);
    if (phrases !== undefined && phrases.some((phrase) => occursAt(tokens, phrase, i))) return true;
  }
  return false;
}

function isWholeAnswer(tokens: readonly string[], list: readonly (readonly string[])[]): boolean {
  const core = tokens.filter((t) => !FILLERS.has(t));
  if (core.length === 0) return false;
  return list.some((p) => p.length === core.length && p.every((w, i) => core[i] === w));
}

/** docs/zelinqa-api.md §10.3 + [ext]: whole-phrase match of the refusal lexicon on N(text), or a whole-answer refusal. */
export function isRefusal(text: string): boolean {
  const tokens = tokenise(text);
  return (
    hasAnyPhrase(tokens, REFUSAL_PHRASES) ||
    isWholeAnswer(tokens, WHOLE_ANSWER_REFUSALS) ||
    ratherNotSay(tokens) ||
    seesFirst(tokens) ||
    prefersToTalkItOver(tokens) ||
    keepsToThemselves(tokens) ||
    wontTell(tokens)
  );
}

/** Keeping: "keep", "garder". */
const KEEPING = new Set(["keep", "keeping", "garder", "garde", "gardons"]);
/** What is kept back when it is the answer: "it", "the rest", "the details", "ça", "le reste", "les détails". */
const KEPT_BACK = new Set("it that this the rest details those them all everything else my of ca cela le la les reste detail".split(" "));
/** Where it is kept: "private", "to myself", "pour moi", "privé". */
const KEPT_AT = phrases(["private", "to myself", "to ourselves", "confidential", "prive", "pour moi", "pour nous", "confidentiel"]);
/**
 * [ext] (s27) Keeping the answer back: "I'd rather keep the rest private", "keep the details to myself", "je préfère
 * garder le reste pour moi": a refusal. At most three words of what is kept ("the rest", "my reasons" is not: "my"
 * alone is no answer), between "keep" and "private"/"to myself"; "keep the garden private" keeps a thing, not the answer.
 */
function keepsToThemselves(tokens: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (!KEEPING.has(tokens[i] as string)) continue;
    for (let k = i + 1; k <= i + 4 && k < tokens.length; k++) {
      if (KEPT_AT.some((p) => p.every((w, j) => tokens[k + j] === w))) return true;
      if (!KEPT_BACK.has(tokens[k] as string)) break;
    }
  }
  return false;
}

/** Telling, said in the future or present: "dirai", "dis", "donnerai", "répondrai". */
const TELLING_LATER = new Set(["dirai", "dirais", "donnerai", "repondrai", "communiquerai"]);
/** What stands between "je" and the verb: "ne", "vous", "te", "le", "la", "l", "lui". */
const TELLING_PRONOUNS = new Set(["ne", "n", "vous", "te", "t", "le", "la", "l", "lui", "leur", "les", "en"]);
/**
 * [ext] (s27) "je vous dirai pas", "je le dirai pas", "j'en dirai rien": a first person who will not tell (French drops
 * the "ne" in speech): a refusal. "je vous dirai" alone promises an answer; "je dirai pas non" is a yes.
 */
function wontTell(tokens: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (!TELLING_LATER.has(tokens[i] as string)) continue;
    const next = tokens[i + 1];
    if ((next !== "pas" && next !== "rien") || tokens[i + 2] === "non") continue;
    let k = i - 1;
    while (k >= 0 && i - k <= 3 && TELLING_PRONOUNS.has(tokens[k] as string)) k--;
    if (tokens[k] === "je" || tokens[k] === "j") return true;
  }
  return false;
}

/** (s26) Wishing to do something else than answer here: "would prefer to", "I'd rather", "je préférerais". */
const PREFER_TO = phrases(["would prefer to", "d prefer to", "prefer to", "would rather", "d rather", "je prefere", "je prefererais"]);
/** Talking it over: the answer is kept for a conversation ("discuss", "talk", "en parler", "en discuter"). */
const TALKING = new Set("discuss talk speak explain parler discuter expliquer".split(" "));
/**
 * [ext] (s26) A reply that opens on wishing to talk it over instead ("would prefer to discuss in person", "I'd rather talk
 * about it", "je préférerais en parler"): a deferral to a conversation, a refusal. Only at the reply's start (a pronoun
 * or one filler before it), with at most one link ("en", "it", "about") before the word of talking.
 */
function prefersToTalkItOver(tokens: readonly string[]): boolean {
  for (let i = 0; i < 3 && i < tokens.length; i++) {
    const seq = PREFER_TO.find((p) => p.every((w, j) => tokens[i + j] === w));
    if (seq === undefined) continue;
    const k = i + seq.length;
    return TALKING.has(tokens[k] ?? "") || (["en", "it", "y", "about"].includes(tokens[k] ?? "") && TALKING.has(tokens[k + 1] ?? ""));
  }
  return false;
}

/** "I'd rather", "je préfère", "j'aimerais mieux": what the person would do instead. */
const RATHER = phrases([
  "i d rather",
  "i would rather",
  "i d prefer to",
  "i would prefer to",
  "je prefere",
  "j aimerais mieux",
  "je prefererais",
]);
/** Seeing or hearing something from the other side: "see your quote", "voir votre devis", "hear what you offer". */
const SEEING = new Set(["see", "hear", "know", "get", "have", "voir", "avoir", "connaitre", "recevoir", "savoir"]);
const YOURS = new Set(["your", "you", "vos", "votre", "what", "ce", "vous"]);
/** The word that puts the other side's offer before the answer: "first", "d'abord", "avant". */
const FIRST = new Set(["first", "abord", "avant"]);
/**
 * [ext] (s24) Answering after seeing what the other side offers: "I'd rather see your quote first", "je préfère voir
 * votre devis d'abord": the answer is withheld until then, a refusal. A "first"/"d'abord" must close it, and the
 * thing seen must be the other side's ("your", "votre", "what you…").
 */
function seesFirst(tokens: readonly string[]): boolean {
  if (!tokens.some((t) => FIRST.has(t))) return false;
  for (let i = 0; i < tokens.length; i++) {
    const seq = RATHER.find((p) => p.every((w, j) => tokens[i + j] === w));
    if (seq === undefined) continue;
    let k = i + seq.length;
    while (k < tokens.length && ["d", "abord", "to", "de"].includes(tokens[k] as string)) k++;
    if (SEEING.has(tokens[k] ?? "") && YOURS.has(tokens[k + 1] ?? "")) return true;
  }
  return false;
}

/**
 * [ext] "je préfère pas donner mon adresse", "I'd rather not share that": a "rather not" whose next words (up to two
 * links: "to", "de", "vous") are a word of saying declines to answer.
 */
function ratherNotSay(tokens: readonly string[]): boolean {
  const LINKS = new Set(["to", "de", "d", "vous", "le", "la", "l", "te", "you", "it", "en", "y"]);
  for (let i = 0; i < tokens.length; i++) {
    const seq = [...RATHER_NOT, ...NO_WISH_TO].find((p) => p.every((w, j) => tokens[i + j] === w));
    if (seq === undefined) continue;
    let k = i + seq.length;
    while (k < i + seq.length + 2 && LINKS.has(tokens[k] ?? "")) k++;
    if (SAYING.has(tokens[k] ?? "") || goesIntoIt(tokens, k)) return true;
  }
  return false;
}

/**
 * [ext] (s24) Having no wish to say it: "pas envie de détailler", "no wish to explain", "don't feel like going into it".
 * A refusal only before a word of saying (ratherNotSay): "pas envie de venir" declines the thing, not the question.
 */
const NO_WISH_TO = phrases(["pas envie", "pas trop envie", "pas vraiment envie", "no wish", "don t feel like", "dont feel like"]);
/** "go into", "get into", "rentrer dans", "entrer dans" (the details): saying more, as a word of saying. */
const GOING_INTO = new Set(["go", "going", "get", "getting", "rentrer", "entrer"]);
const INTO = new Set(["into", "dans"]);
/** What is gone into when it is the telling: "it", "details", "his medical stuff", "les détails" (not "the garden"). */
const GONE_INTO = new Set("it that this details detail specifics particulars his her my their our all les details ca cela tout".split(" "));
const goesIntoIt = (tokens: readonly string[], k: number) =>
  GOING_INTO.has(tokens[k] ?? "") &&
  INTO.has(tokens[k + 1] ?? "") &&
  (GONE_INTO.has(tokens[k + 2] ?? "") || (tokens[k + 2] === "the" && tokens[k + 3]?.startsWith("detail") === true));

/**
 * [ext] A short don't-know opening the reply before a pause ("idk, everything is broken lol", "jsp. peut-être 3"): the
 * reply is a don't-know, and what follows it is read as a hesitant reply (a value there is held loosely).
 */
const OPENING_DONT_KNOW = /^\s*(?:idk|jsp|nsp|dk|idek)\s*[,.;:!…-]/iu;

/** docs/zelinqa-api.md §10.3 + [ext]: whole-phrase match of the don't-know lexicon on N(text), or a whole-answer don't-know. */
export function isDontKnow(text: string): boolean {
  const tokens = tokenise(text);
  // [ext] (s27) "we're a listed building, not sure if that matters": the doubt is whether what is said is of use, not
  // what the answer is; the rest of the reply decides.
  const rest = withoutRelevanceDoubt(tokens);
  if (rest !== null) return hasAnyPhrase(rest, DONT_KNOW_PHRASES) || hasAnyPhrase(withoutNe(rest), DONT_KNOW_PHRASES);
  return (
    hasAnyPhrase(tokens, DONT_KNOW_PHRASES) ||
    // [ext] French says the "ne" of a negation or drops it: "je ne me souviens plus" is "je me souviens plus".
    (tokens.some((t) => t === "ne" || t === "n") && hasAnyPhrase(withoutNe(tokens), DONT_KNOW_PHRASES)) ||
    isWholeAnswer(tokens, WHOLE_ANSWER_DONT_KNOW) ||
    /^\s*\?+\s*$/.test(text) ||
    OPENING_DONT_KNOW.test(text)
  );
}

/** "if"/"whether"/"si" opening a doubt on what was said. */
const DOUBT_IF = new Set(["if", "whether", "si", "s"]);
/** The words between it and the word of use: "that", "it", "ça", "c'est", "is", "will". */
const DOUBT_SUBJECT = new Set("that it this is s will would does do ca cela c est ce sera serait il elle".split(" "));
/** Being of use: "matters", "helps", "relevant", "important", "useful", "compte", "utile", "sert", "important". */
const OF_USE = new Set("matters matter helps help relevant important useful counts compte utile utiles sert importe pertinent".split(" "));
/** What says the doubt before "if"/"si": "not sure", "je sais pas", "dunno", "no idea", "i don't know". */
const DOUBT_LEAD = new Set("not sure unsure pas sur sure je sais know don t i m dunno idk no idea ne n on".split(" "));
/**
 * The tokens without a doubt on whether the rest is of use ("not sure if that matters", "je sais pas si c'est utile"),
 * or null when there is no such doubt or nothing else. At most three words between "if" and the word of use, at most
 * four words of doubt before "if": one pass over the reply.
 */
function withoutRelevanceDoubt(tokens: readonly string[]): readonly string[] | null {
  for (let i = 0; i < tokens.length; i++) {
    if (!DOUBT_IF.has(tokens[i] as string)) continue;
    let r = i + 1;
    while (r < tokens.length && r <= i + 3 && DOUBT_SUBJECT.has(tokens[r] as string)) r++;
    if (r === i + 1 || !OF_USE.has(tokens[r] ?? "")) continue;
    let start = i;
    while (start > 0 && start > i - 4 && DOUBT_LEAD.has(tokens[start - 1] as string)) start--;
    if (start === i) continue;
    const rest = [...tokens.slice(0, start), ...tokens.slice(r + 1)];
    return rest.length > 0 ? rest : null;
  }
  return null;
}

/** The tokens without the "ne"/"n'" of French negations, which speech drops ("je sais pas", "j'ai pas"). */
const withoutNe = (tokens: readonly string[]) => tokens.filter((t) => t !== "ne" && t !== "n");

/** Declining without saying what is declined: "rather not", "je préfère pas", "plutôt pas". */
const RATHER_NOT = phrases([
  "rather not",
  "i d rather not",
  "i would rather not",
  "prefer not",
  "i prefer not",
  "preferably not",
  "je prefere pas",
  "je prefere ne pas",
  "plutot pas",
  "plutot non",
]);
/** What makes a declining a refusal to answer: "rather not say", "je préfère ne pas répondre", "prefer not to share". */
const SAYING = new Set(
  (
    "say tell answer share disclose comment discuss talk dire repondre parler communiquer preciser donner reveler " +
    // (s24) Saying more of it: "rather not elaborate", "pas envie de détailler", "je préfère ne pas expliquer".
    "elaborate explain detail detailler expliquer developper saying telling explaining elaborating discussing talking"
  ).split(" "),
);

/**
 * [ext] A refusal that declines the thing asked, not the question: "rather not, I have confidential files" to "May we
 * connect to your computer?" is a no. True when the only refusal said is a "rather not" with no word of saying
 * ("rather not say" refuses to answer). The engine reads it as a no to a yes/no question only (evidence-plan.ts).
 */
export function declinesTheThing(text: string): boolean {
  const tokens = tokenise(text);
  if (!hasAnyPhrase(tokens, RATHER_NOT) || tokens.some((t) => SAYING.has(t))) return false;
  return !isRefusal(maskPhrases(text, RATHER_NOT));
}

/** Folded characters already seen: the same few accented letters recur in every reply. */
const foldedChars = new Map<string, string>();
const FOLDED_CHARS_MAX = 4096;
const ASCII_ONLY = /^\p{ASCII}*$/u;

function foldedChar(ch: string): string {
  let f = foldedChars.get(ch);
  if (f === undefined) {
    const n = ch.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    f = n.length === ch.length ? n : "_".repeat(ch.length);
    if (foldedChars.size < FOLDED_CHARS_MAX) foldedChars.set(ch, f);
  }
  return f;
}

/** Accent-folded lower case of `text`, of the same length (a character that would change length becomes "_"s). */
function folded(text: string): string {
  // An ASCII character has no decomposition and no mark, and lower-cases to one ASCII character.
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  let out = "";
  for (const ch of text) out += foldedChar(ch);
  return out;
}

/** One phrase's regex and its words: a text that lacks one of the words cannot match it. */
interface PhraseRegex {
  re: RegExp;
  words: readonly string[];
}

/**
 * A list's phrases by their first word, so that a reply is tried only against the phrases that open on one of its
 * words; phrases with a word that is not a run of letters and digits (never whole words of a split) are tried always.
 */
interface PhraseIndex {
  byFirstWord: Map<string, PhraseRegex[]>;
  always: PhraseRegex[];
}

const compiled = new WeakMap<PhraseList, PhraseIndex>();
const WORD = /^[\p{L}\p{N}]+$/u;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

function phraseIndex(list: PhraseList): PhraseIndex {
  let index = compiled.get(list);
  if (!index) {
    const entries = list.map((phrase) => {
      const body = phrase.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^\\p{L}\\p{N}]+");
      return { re: new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "gu"), words: phrase };
    });
    const indexed = (entry: PhraseRegex) => entry.words.length > 0 && entry.words.every((w) => WORD.test(w));
    index = { byFirstWord: groupByFirstWord(entries.filter(indexed), (entry) => entry.words), always: entries.filter((e) => !indexed(e)) };
    compiled.set(list, index);
  }
  return index;
}

/**
 * The text with every occurrence of the phrases blanked out, everything else untouched (digits keep their
 * separators): "aucune idée, 1 500 €" → "           , 1 500 €", to read what remains of a hesitant reply. A phrase's
 * regex matches each of its words as a whole run of letters and digits of the folded text, so only the phrases whose
 * words are all such runs of it are run; the blanks are the union of the matches, whatever their order.
 */
export function maskPhrases(text: string, list: readonly (readonly string[])[]): string {
  const f = folded(text);
  const { byFirstWord, always } = phraseIndex(list);
  const words = new Set(f.split(NOT_WORD));
  let chars: string[] | undefined;
  const mask = ({ re }: PhraseRegex) => {
    for (const m of f.matchAll(re)) {
      chars ??= text.split("");
      for (let i = m.index; i < m.index + m[0].length; i++) chars[i] = " ";
    }
  };
  for (const word of words) for (const entry of byFirstWord.get(word) ?? []) if (entry.words.every((w) => words.has(w))) mask(entry);
  for (const entry of always) if (entry.words.every((w) => f.includes(w))) mask(entry);
  return chars ? chars.join("") : text;
}

const HESITATION = [...DONT_KNOW_PHRASES, ...HEDGE_PHRASES];

/** (s27) A don't-know then "if"/"whether"/"si": what follows is the matter the person cannot settle. */
const UNKNOWN_IF = DONT_KNOW_PHRASES.flatMap((p) => ["if", "whether", "si"].map((w) => [...p, w]));
/** Words that keep a guess in the clause of doubt: "not sure if it's 3 or 4" still offers its values. */
const GUESS_KEPT = new Set(["or", "ou"]);

/**
 * (s27) A clause that says what the person does not know ("not sure if the landlord needs one", "no idea whether it's
 * included", "je sais pas si le jardin compte"): the question itself, restated, never its answer. A clause with a
 * figure or an "or" still offers values (a hesitant answer, held loosely), so it is kept.
 */
function namesWhatIsUnknown(clause: string): boolean {
  if (/\d/.test(clause)) return false;
  const tokens = tokenise(clause);
  return !tokens.some((t) => GUESS_KEPT.has(t)) && hasAnyPhrase(tokens, UNKNOWN_IF);
}

/** [ext] The don't-know and hedge phrases, blanked out before reading a value from a hesitant reply. */
export function withoutHesitation(text: string): string {
  // (s26) The clause of a condition ("depends on my sister") says what the answer hangs on: none of it is read.
  // (s27) Nor the clause of what is unknown ("not sure if the landlord needs one", "je sais pas si ça suffit").
  const clauses = text.split(/(?<=[,;.!?…\n])/u);
  const kept = clauses.filter((c) => !hasAnyPhrase(tokenise(c), DEPENDS_ON) && !namesWhatIsUnknown(c));
  return maskPhrases(kept.length === clauses.length ? text : kept.join(" "), HESITATION);
}

/** [ext] The whole answer only says it does not matter ("peu importe", "no preference"). */
export function isIndifferent(text: string): boolean {
  return isWholeAnswer(tokenise(text), INDIFFERENCE_PHRASES);
}
