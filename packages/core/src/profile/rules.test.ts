import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../sso/constants.ts';
import { maskAccountNumber, maskAmount, maskEmail, maskIdentifier } from '../masking.ts';
import {
  ageOn,
  isAcceptableEmail,
  isLooseEmail,
  normalisePersonalDetails,
  personalDetailsProblems,
  type PersonalDetailsInput,
  specialAnnualTurnOverKeys,
} from './rules.ts';

const SALARIED: PersonalDetailsInput = {
  fullName: 'Ananya Rao',
  dateOfBirth: '1992-04-18',
  gender: 'FEMALE',
  pan: 'ABCPR1234K',
  employmentType: 1,
  employerId: 12,
  monthlyIncome: 85_000,
  cityId: 3,
  bankId: null,
};

describe('the email rules of spec 001 §5', () => {
  it.each([
    ['ana@mail.com', true],
    ['a@bc.in', true],
    ['ana@mail.c', false], // the dot among the last 2 characters
    ['@mail.com', false], // @ at position 0
    ['ana@.com', false], // the dot right after the @
    ['ana@mailcom', false], // no dot after the @
    ['ana.mail@com', false], // the only dot before the @
  ])('loose: %s → %s', (email, loose) => {
    expect(isLooseEmail(email)).toBe(loose);
  });

  it('accepts an address only when both rules hold (the strict one refuses spaces and double dots)', () => {
    expect(isLooseEmail('an a@mail.com')).toBe(true);
    expect(isValidEmail('an a@mail.com')).toBe(false);
    expect(isAcceptableEmail('an a@mail.com')).toBe(false);
    expect(isLooseEmail('ana@mail..com')).toBe(true);
    expect(isAcceptableEmail('ana@mail..com')).toBe(false);
    expect(isValidEmail('ana@mail.c')).toBe(true);
    expect(isAcceptableEmail('ana@mail.c')).toBe(false);
    expect(isAcceptableEmail('  Ana.Rao@Mail.co.in ')).toBe(true);
  });
});

describe('masking (spec 001 §5)', () => {
  it('keeps the first 2 and last 2 characters of a short identifier', () => {
    expect(maskIdentifier('9876543210')).toBe('98******10');
    expect(maskIdentifier('ABCPR1234K')).toBe('AB******4K');
    expect(maskIdentifier('abcd')).toBe('****');
  });

  it('masks the mailbox of an email address, keeping the domain', () => {
    expect(maskEmail('ananya.rao@example.in')).toBe('an******ao@example.in');
    expect(maskEmail('ana@example.in')).toBe('a**@example.in');
    expect(maskEmail('meera.iyer.2026@example.in')).toBe('me******26@example.in');
  });

  it('shows the last 4 characters of an account number and hides every alphanumeric of an amount', () => {
    expect(maskAccountNumber('50100012345678')).toBe('XXXXXXXXXX5678');
    expect(maskAmount('₹45,000')).toBe('₹**,***');
  });
});

describe('personal details rules', () => {
  const today = '2026-11-21';

  it('finds nothing wrong with complete details of each employment type', () => {
    expect(personalDetailsProblems(SALARIED, today)).toEqual([]);
    const professional = { ...SALARIED, employmentType: 2, professionType: 26, annualTurnoverId: 2, employerId: null };
    expect(personalDetailsProblems(professional, today)).toEqual([]);
    const business = { ...SALARIED, employmentType: 3, businessType: 37, annualTurnoverId: 8, pan: '' };
    expect(personalDetailsProblems(business, today)).toEqual([]);
  });

  it('names every field that breaks a rule, in the form’s order', () => {
    const problems = personalDetailsProblems(
      { ...SALARIED, fullName: ' ', dateOfBirth: '2009-11-22', pan: 'ABC', employerId: null, monthlyIncome: null },
      today,
    );
    expect(problems).toEqual([
      { field: 'fullName', error: 'invalidFullName' },
      { field: 'dateOfBirth', error: 'ageOutOfRange' },
      { field: 'pan', error: 'invalidPan' },
      { field: 'employerId', error: 'unknownEmployer' },
      { field: 'monthlyIncome', error: 'invalidMonthlyIncome' },
    ]);
    expect(personalDetailsProblems({ ...SALARIED, employmentType: 2, professionType: 4 }, today)).toEqual([
      { field: 'professionType', error: 'invalidProfessionType' },
      { field: 'annualTurnoverId', error: 'unknownTurnoverRange' },
    ]);
  });

  it('asks for the bank at a special turnover band (specialAnnualTurnOverKeys), and only for the self-employed', () => {
    const bands = [
      { rangeId: 3, minRupees: 25_00_000 },
      { rangeId: 4, minRupees: 50_00_000 },
      { rangeId: 8, minRupees: 10_00_00_000 },
    ];
    expect(specialAnnualTurnOverKeys(bands)).toEqual([4, 8]);
    const business = { ...SALARIED, employmentType: 3, businessType: 37, employerId: null, bankId: null };
    expect(personalDetailsProblems({ ...business, annualTurnoverId: 8 }, today, [4, 8])).toEqual([
      { field: 'bankId', error: 'bankRequiredForTurnover' },
    ]);
    expect(personalDetailsProblems({ ...business, annualTurnoverId: 3 }, today, [4, 8])).toEqual([]);
    expect(personalDetailsProblems({ ...business, annualTurnoverId: 8, bankId: 13 }, today, [4, 8])).toEqual([]);
    expect(personalDetailsProblems({ ...SALARIED, bankId: null, annualTurnoverId: 8 }, today, [4, 8])).toEqual([]);
  });

  it('counts whole years of age on the day, birthdays included', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(personalDetailsProblems({ ...SALARIED, dateOfBirth: '2008-11-21' }, today)).toEqual([]);
    expect(personalDetailsProblems({ ...SALARIED, dateOfBirth: '1926-11-21' }, today)).toEqual([]);
    expect(personalDetailsProblems({ ...SALARIED, dateOfBirth: '1925-11-21' }, today)).toEqual([
      { field: 'dateOfBirth', error: 'ageOutOfRange' },
    ]);
  });

  it('keeps only the chosen employment type’s fields, PAN upper-cased, name tidied', () => {
    const switched = normalisePersonalDetails({
      ...SALARIED,
      fullName: '  ananya   rao ',
      pan: 'abcpr 1234k',
      employmentType: 3,
      businessType: 34,
      professionType: 22,
      annualTurnoverId: 4,
    });
    expect(switched).toMatchObject({
      fullName: 'ananya rao',
      pan: 'ABCPR1234K',
      employerId: null,
      monthlyIncome: null,
      professionType: null,
      businessType: 34,
      annualTurnoverId: 4,
    });
  });
});
