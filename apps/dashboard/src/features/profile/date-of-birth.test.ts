import { describe, expect, it } from 'vitest';
import { formatWhileTyping, indianDateToIso, isoToIndianDate } from './date-of-birth.ts';

describe('dates of birth in Indian order (DD/MM/YYYY)', () => {
  it('reads day first, then month', () => {
    expect(indianDateToIso('04/11/1992')).toBe('1992-11-04');
    expect(indianDateToIso('4/1/1992')).toBe('1992-01-04');
    expect(indianDateToIso('18-04-1992')).toBe('1992-04-18');
    expect(indianDateToIso('1992-04-18x')).toBe('1992-04-18x');
  });

  it('shows a saved date day first', () => {
    expect(isoToIndianDate('1992-11-04')).toBe('04/11/1992');
    expect(isoToIndianDate('')).toBe('');
  });

  it('puts the slashes in while digits are typed', () => {
    expect(formatWhileTyping('', '1')).toBe('1');
    expect(formatWhileTyping('1', '18')).toBe('18/');
    expect(formatWhileTyping('18/', '18/0')).toBe('18/0');
    expect(formatWhileTyping('18/0', '18/04')).toBe('18/04/');
    expect(formatWhileTyping('', '18041992')).toBe('18/04/1992');
    expect(formatWhileTyping('', '180419921')).toBe('18/04/1992');
    expect(formatWhileTyping('18/', '18')).toBe('18');
    expect(formatWhileTyping('4', '4/')).toBe('4/');
    expect(formatWhileTyping('4/1', '4/1/')).toBe('4/1/');
  });
});
