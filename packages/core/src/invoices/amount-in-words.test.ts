import { describe, expect, it } from 'vitest';
import { amountInWords, integerInIndianWords } from './amount-in-words.ts';

describe('integerInIndianWords (Indian numbering: thousand, lakh, crore)', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [40, 'Forty'],
    [99, 'Ninety Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety Nine'],
    [1000, 'One Thousand'],
    [1180, 'One Thousand One Hundred Eighty'],
    [99_999, 'Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [1_00_000, 'One Lakh'],
    [1_18_000, 'One Lakh Eighteen Thousand'],
    [12_34_567, 'Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven'],
    [99_99_999, 'Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [1_00_00_000, 'One Crore'],
    [1_00_00_001, 'One Crore One'],
    [10_05_00_000, 'Ten Crore Five Lakh'],
    [1000_00_00_000, 'One Thousand Crore'],
    [
      12_34_56_78_901,
      'One Thousand Two Hundred Thirty Four Crore Fifty Six Lakh Seventy Eight Thousand Nine Hundred One',
    ],
  ])('%i → %s', (n, words) => {
    expect(integerInIndianWords(n)).toBe(words);
  });

  it('never says million or billion', () => {
    expect(integerInIndianWords(25_000_000)).toBe('Two Crore Fifty Lakh');
    expect(integerInIndianWords(1_500_000)).toBe('Fifteen Lakh');
  });

  it('refuses what is not a whole, non-negative number', () => {
    expect(() => integerInIndianWords(-1)).toThrow(RangeError);
    expect(() => integerInIndianWords(1.5)).toThrow(RangeError);
  });
});

describe('amountInWords (paise)', () => {
  it('reads rupees and paise the way Indian invoices print them', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords(1180)).toBe('Rupees Eleven and Eighty Paise Only');
    expect(amountInWords(118_000)).toBe('Rupees One Thousand One Hundred Eighty Only');
    expect(amountInWords(11_800_000)).toBe('Rupees One Lakh Eighteen Thousand Only');
    expect(amountInWords(123_456_789)).toBe(
      'Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Eighty Nine Paise Only',
    );
    expect(amountInWords(1_00_00_000_01)).toBe('Rupees One Crore and One Paise Only');
  });

  it('refuses fractions of a paisa and negative amounts', () => {
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});
