/**
 * How employer names are matched (utility/employer): lower-cased, every run of
 * characters other than letters and digits a single space, so "Dr. Reddy's Laboratories" and
 * "dr reddys lab" meet. The seed step keys names this way and the search keys the term this way:
 * one rule on both sides.
 */

/** Words of a company's legal form: in almost every name, so searching by them narrows nothing. */
export const LEGAL_FORM_WORDS: readonly string[] = [
  'private',
  'pvt',
  'limited',
  'ltd',
  'llp',
  'the',
  'and',
  'of',
  'co',
];

export function employerNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The search term as the key of a name's start, and the word prefixes to match (legal-form words
 * dropped unless nothing else is left). At most 5 words: more narrow nothing further.
 */
export function employerSearchTerms(term: string): { key: string; words: string[] } {
  const key = employerNameKey(term);
  const all = key === '' ? [] : key.split(' ');
  const meaningful = all.filter((word) => !LEGAL_FORM_WORDS.includes(word));
  return { key, words: (meaningful.length > 0 ? meaningful : []).slice(0, 5) };
}
