import type { JourneyInitiateResponse } from '@pravesh/core/aggregator/schemas.ts';

export type Bank = JourneyInitiateResponse['banks'][number];

/**
 * spec 001 §9 lists over the bank table of §3: the popular banks shown as tiles, and every bank
 * for the search list with the top banks (production: HDFC, SBI, ICICI, Axis, Kotak; a different
 * list in development) first, the rest by name.
 */
export function popularBanks(initiate: JourneyInitiateResponse): Bank[] {
  return initiate.popularBanks.flatMap((id) => initiate.banks.filter((bank) => bank.id === id));
}

export function orderedBanks(initiate: JourneyInitiateResponse): Bank[] {
  const rank = (bank: Bank) => {
    const top = initiate.topBanks.indexOf(bank.id);
    return top === -1 ? initiate.topBanks.length : top;
  };
  return [...initiate.banks].sort((a, b) => rank(a) - rank(b) || a.bankName.localeCompare(b.bankName, 'en-IN'));
}

/** Search by any word of the name's start ("bar" finds Bank of Baroda) or the initials ("sbi"). */
export function searchBanks(banks: readonly Bank[], query: string): Bank[] {
  const wanted = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (wanted === '') return [...banks];
  return banks.filter((bank) => {
    const name = bank.bankName.toLowerCase();
    const words = name.split(/[\s()]+/).filter(Boolean);
    const initials = words
      .filter((word) => word !== 'of')
      .map((word) => word[0])
      .join('');
    return name.includes(wanted) || words.some((word) => word.startsWith(wanted)) || initials.startsWith(wanted);
  });
}
