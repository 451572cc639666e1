// [ext] More French ⇄ English everyday vocabulary for translations.ts, by area (property, work, health,
// training, food, travel, contact, sizes and levels, family status): so that an untuned configuration with
// English labels understands French answers and the reverse. General words only, never one domain's wording.

export const EVERYDAY_GROUPS: readonly (readonly string[])[] = [
  // property
  ["maison", "house"], ["appartement", "apartment", "flat", "appart", "appt"], ["terrain", "land", "plot", "building land", "terrain a batir", "terrain constructible"],
  ["immeuble", "building"], ["studio", "studio flat"], ["residence", "residence"],
  ["residence principale", "main residence", "primary residence", "main home", "pour y habiter", "pour y vivre", "to live in", "live in it", "y habiter"],
  ["residence secondaire", "second home", "holiday home", "maison de vacances", "vacation home", "secondary residence"],
  ["investissement locatif", "rental investment", "buy to let", "pour louer", "to rent out", "rent it out", "mettre en location", "investissement"],
  ["principal", "main", "primary", "principale"], ["secondaire", "secondary", "second"], ["location", "rental"], ["achat", "purchase", "buying"],
  ["vente", "sale", "selling"], ["travaux", "works", "renovation"], ["toit", "roof"], ["sol", "floor"], ["porte", "door"], ["cuisine equipee", "fitted kitchen"],
  // work
  ["fonctionnaire", "civil servant", "public sector", "fonction publique"], ["chef d entreprise", "business owner"], ["cadre", "manager", "executive"],
  ["ouvrier", "worker", "labourer"], ["employe", "employee", "clerk"], ["permanent", "cdi", "contrat a duree indeterminee"],
  ["a mon compte", "self employed", "my own boss", "own business", "a son compte", "independant"], ["benevole", "volunteer"],
  // health
  ["medecin", "doctor", "docteur"], ["generaliste", "gp", "general practitioner"], ["dentiste", "dentist"], ["kine", "physio", "physiotherapist", "kinesitherapeute"],
  ["infirmier", "nurse", "infirmiere"], ["urgence", "emergency"], ["consultation", "appointment", "rendez vous", "rdv"],
  ["teleconsultation", "video consultation", "video call", "visio"], ["clinique", "clinic"], ["hopital", "hospital"], ["douleur", "pain"], ["dos", "back"],
  ["genou", "knee"], ["epaule", "shoulder"], ["cheville", "ankle"], ["poignet", "wrist"], ["hanche", "hip"], ["cou", "neck"], ["tete", "head"],
  ["mal de tete", "headache"], ["fievre", "fever"], ["toux", "cough"], ["diabete", "diabetes"], ["asthme", "asthma"], ["enceinte", "pregnant"],
  ["grossesse", "pregnancy"], ["ordonnance", "prescription"], ["vaccin", "vaccine", "vaccination"], ["sommeil", "sleep"], ["stress", "stress"],
  ["blessure", "injury"], ["operation", "surgery"], ["traitement", "treatment"], ["medicament", "medication", "medicine"],
  // training and education
  ["formation", "training"], ["cours", "course", "class", "lesson"], ["en ligne", "online", "distanciel"], ["presentiel", "in person", "on site", "sur place", "face to face"],
  ["debutant", "beginner", "novice"], ["intermediaire", "intermediate"], ["avance", "advanced", "confirme"], ["expert", "expert"],
  ["diplome", "diploma", "degree"], ["certificat", "certificate", "certification"], ["licence", "bachelor"], ["doctorat", "phd"], ["lycee", "high school"],
  ["universite", "university", "fac", "college"], ["ecole", "school"],
  // food and drink
  ["dejeuner", "lunch"], ["diner", "dinner"], ["petit dejeuner", "breakfast"], ["viande", "meat"], ["boisson", "drink"], ["vin", "wine"], ["biere", "beer"],
  ["sans alcool", "alcohol free", "non alcoholic"], ["interieur", "indoors", "inside"], ["exterieur", "outdoors", "outside", "dehors"], ["traiteur", "caterer", "catering"],
  ["gateau", "cake"], ["buffet froid", "cold buffet"],
  // travel
  ["avion", "plane", "flight", "vol"], ["train", "train"], ["hotel", "hotel"], ["auberge de jeunesse", "hostel"], ["camping", "campsite", "camping site"],
  ["location de vacances", "holiday rental", "vacation rental", "airbnb"], ["tout compris", "all inclusive"], ["demi pension", "half board"], ["pension complete", "full board"],
  ["ville", "city", "town"], ["campagne", "countryside"], ["detente", "relaxation", "relax", "repos", "rest"], ["aventure", "adventure"], ["visites", "sightseeing"],
  ["culture", "culture", "cultural", "culturel"], ["vacances", "holiday", "holidays", "vacation"], ["voyage", "trip", "travel"], ["valise", "suitcase"], ["bagage", "luggage", "baggage"],
  // contact and time
  ["telephone", "phone", "appel", "call", "tel"], ["email", "mail", "courriel", "e mail"], ["sms", "text message", "texto"], ["courrier", "post", "letter"],
  ["midi", "noon", "lunchtime"], ["week end", "weekend"], ["jour ferie", "bank holiday", "public holiday"],
  // sizes, levels, frequency
  ["petit", "small"], ["moyen", "medium"], ["grand", "large", "big"], ["faible", "low"], ["eleve", "high"], ["court", "short"], ["long", "long"],
  ["rapide", "fast", "quick"], ["lent", "slow"], ["cher", "expensive"], ["pas cher", "cheap", "bon marche"], ["facile", "easy"], ["difficile", "hard", "difficult"],
  ["quotidien", "daily", "tous les jours", "every day"], ["rarement", "rarely"], ["souvent", "often"], ["jamais", "never"],
  // family status
  ["celibataire", "single"], ["marie", "married", "mariee"], ["pacse", "civil partnership", "pacsee"], ["divorce", "divorced", "divorcee"], ["veuf", "widowed", "veuve"],
  ["en couple", "in a relationship", "couple"],
];
