// French and English function words several readers skip or test for: the articles and partitives, and the
// possessives of the speaker. One list each, so that a reader adding its own words starts from the same ones.

/** French articles and partitives, elided forms included ("l", "d"). */
export const FR_ARTICLES: readonly string[] = ["un", "une", "le", "la", "les", "l", "de", "du", "des", "d"];
/** French and English articles and partitives. */
export const FR_EN_ARTICLES: readonly string[] = [...FR_ARTICLES, "a", "an", "the"];
/** The speaker's possessives, French and English ("my", "mon", "ma", "mes"). */
export const MY_POSSESSIVES: readonly string[] = ["my", "mon", "ma", "mes"];
