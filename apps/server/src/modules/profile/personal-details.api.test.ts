import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERSONAL_DETAILS_SAVES_PER_HOUR,
  PROFILE_ROUTES,
  type CityListResponse,
  type EmployerSearchResponse,
  type InstitutionListResponse,
  type PersonalDetailsInput,
  type TurnoverRangeListResponse,
} from '@pravesh/core';
import { customerProfiles } from '../../db/schema/profile.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { signInCustomer, ssoServer, type SignedInCustomer, type SsoTestServer } from '../../test/customers.ts';
import { WELL_KNOWN_EMPLOYERS } from './employer-names.ts';
import { seedEmployers } from './employers-seed.ts';
import { customerDetails, referenceList, updateProfile } from './test-support.ts';

/** spec 001 §7 customerProfile/update (personal details) and getCustomerDetails */
describe.each(DATABASE_KINDS)('personal details on %s', (kind) => {
  let server: SsoTestServer;
  let ana: SignedInCustomer;
  let ravi: SignedInCustomer;
  let details: PersonalDetailsInput;
  const ids = { infosys: 0, pune: 0, hdfc: 0, turnover: 0, special: 0 };

  const save = (customer: SignedInCustomer, personalDetails: unknown, customerId = customer.customerId) =>
    updateProfile(server, customer.accessToken, { updateType: 'personalDetails', customerId, personalDetails });
  const storedRow = async (customerId: string) =>
    (await server.database.db.select().from(customerProfiles).where(eq(customerProfiles.customerId, customerId)))[0];

  beforeAll(async () => {
    server = await ssoServer(kind);
    // The well-known employers are enough here; utility.api.test.ts seeds and searches the whole list.
    await seedEmployers({ db: server.database.db, config: server.config }, WELL_KNOWN_EMPLOYERS);
    const search = await referenceList<EmployerSearchResponse>(server, `${PROFILE_ROUTES.employer}?q=infosys`);
    ids.infosys = search.employers[0]!.employerId;
    const cities = await referenceList<CityListResponse>(server, PROFILE_ROUTES.city);
    ids.pune = cities.cities.find((city) => city.name === 'Pune')!.cityId;
    const banks = await referenceList<InstitutionListResponse>(server, PROFILE_ROUTES.getTopInstitution);
    ids.hdfc = banks.institutions[0]!.institutionId;
    const ranges = await referenceList<TurnoverRangeListResponse>(server, PROFILE_ROUTES.getAnnualTurnoverRange);
    ids.turnover = ranges.ranges[2]!.rangeId;
    ids.special = ranges.specialAnnualTurnOverKeys[0]!;
    details = {
      fullName: '  Ananya   Rao ',
      dateOfBirth: '1992-04-18',
      gender: 'FEMALE',
      pan: 'abcpr1234k',
      employmentType: 1,
      employerId: ids.infosys,
      monthlyIncome: 85_000,
      cityId: ids.pune,
      bankId: ids.hdfc,
    };
    ana = await signInCustomer(server);
    ravi = await signInCustomer(server);
  }, 120_000);
  afterAll(() => server?.close());

  it('has none until the first save, then shows them with names resolved and the PAN masked', async () => {
    expect((await customerDetails(server, ana)).personalDetails).toBeNull();
    const { reply, body } = await save(ana, details);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const expected = {
      fullName: 'Ananya Rao',
      dateOfBirth: '1992-04-18',
      gender: 'FEMALE',
      panMasked: 'AB******4K',
      employmentType: 1,
      employmentTypeLabel: 'Salaried',
      employerId: ids.infosys,
      employerName: 'Infosys Limited',
      monthlyIncome: 85_000,
      professionType: null,
      businessType: null,
      annualTurnoverId: null,
      cityName: 'Pune',
      state: 'Maharashtra',
      bankName: 'HDFC Bank',
      updatedAt: new Date(server.clock.now()).toISOString(),
    };
    expect(body.response?.outcome).toBe('saved');
    expect(body.response).toMatchObject({ personalDetails: expected });
    expect((await customerDetails(server, ana)).personalDetails).toEqual(
      body.response?.outcome === 'saved' ? body.response.personalDetails : null,
    );
    // At rest: one ciphertext, nothing readable, and the full PAN never answered.
    const row = await storedRow(ana.customerId);
    expect(row?.detailsEnc).toMatch(/^v1\.[^.]+\.[\w-]+\.[\w-]+$/);
    for (const plain of ['Ananya', 'ABCPR1234K', 'Infosys', '85000', '1992'])
      expect(row?.detailsEnc).not.toContain(plain);
    expect(reply.body).not.toContain('ABCPR1234K');
  });

  it('keeps only the chosen employment type’s fields, and asks each type for its own', async () => {
    const professional = {
      ...details,
      employmentType: 2,
      professionType: 22,
      annualTurnoverId: ids.turnover,
      businessType: 34,
    };
    const { body } = await save(ana, professional);
    expect(body.response).toMatchObject({
      outcome: 'saved',
      personalDetails: {
        employmentTypeLabel: 'Self Employed Professional',
        professionLabel: 'Chartered Accountant',
        employerId: null,
        employerName: null,
        monthlyIncome: null,
        businessType: null,
        annualTurnoverLabel: '₹25 lakh to ₹50 lakh',
      },
    });
    // Left out, the PAN on file stays (the customer only ever sees it masked); null removes it.
    const { pan: _pan, ...withoutPan } = details;
    const business = { ...withoutPan, employmentType: 3, businessType: 32, annualTurnoverId: ids.turnover };
    expect((await save(ana, business)).body.response).toMatchObject({
      personalDetails: { businessLabel: 'Proprietor', professionType: null, panMasked: 'AB******4K' },
    });
    expect((await save(ana, { ...business, pan: null })).body.response).toMatchObject({
      personalDetails: { panMasked: null },
    });
  });

  it('refuses each broken rule with its message and a 4xx, and changes nothing stored', async () => {
    expect((await save(ana, details)).reply.statusCode).toBe(200);
    const before = await storedRow(ana.customerId);
    const cases: [Partial<Record<keyof PersonalDetailsInput, unknown>>, string, string][] = [
      [{ fullName: 'A' }, 'invalidFullName', 'Please enter your full name as on your PAN card'],
      [{ fullName: 'R2D2 Rao' }, 'invalidFullName', 'Please enter your full name as on your PAN card'],
      [{ dateOfBirth: '1992-02-30' }, 'invalidDateOfBirth', 'Please enter a valid date of birth'],
      [{ dateOfBirth: '18/04/1992' }, 'invalidDateOfBirth', 'Please enter a valid date of birth'],
      [{ dateOfBirth: '2010-01-01' }, 'ageOutOfRange', 'You must be between 18 and 100 years old'],
      [{ gender: 'X' }, 'invalidGender', 'Please choose your gender'],
      [{ pan: 'ABCDE1234' }, 'invalidPan', 'Please enter a valid PAN, like ABCPE1234F'],
      [{ pan: 'ABCCE1234F' }, 'invalidPan', 'Please enter a valid PAN, like ABCPE1234F'],
      [{ employmentType: 4 }, 'invalidEmploymentType', 'Please choose your employment type'],
      [{ employerId: null }, 'unknownEmployer', 'Please choose your employer from the list'],
      [{ employerId: 99_999_999 }, 'unknownEmployer', 'Please choose your employer from the list'],
      [
        { monthlyIncome: 500 },
        'invalidMonthlyIncome',
        'Please enter your monthly take-home income between ₹1,000 and ₹1,00,00,000',
      ],
      [
        { monthlyIncome: 1234.5 },
        'invalidMonthlyIncome',
        'Please enter your monthly take-home income between ₹1,000 and ₹1,00,00,000',
      ],
      [
        { employmentType: 2, professionType: 4, annualTurnoverId: 1 },
        'invalidProfessionType',
        'Please choose your profession',
      ],
      [
        { employmentType: 3, businessType: 31, annualTurnoverId: 1 },
        'invalidBusinessType',
        'Please choose your business type',
      ],
      [
        { employmentType: 3, businessType: 33, annualTurnoverId: 999 },
        'unknownTurnoverRange',
        'Please choose your annual turnover',
      ],
      [{ cityId: 99_999 }, 'unknownCity', 'Please choose your city from the list'],
      [{ bankId: 99_999 }, 'unknownInstitution', 'Please choose your bank from the list'],
    ];
    for (const [change, statusCode, statusMessage] of cases) {
      const { reply, body } = await save(ana, { ...details, ...change });
      expect(reply.statusCode, JSON.stringify(change)).toBe(400);
      expect(body).toEqual({ status: false, statusCode, statusMessage });
    }
    for (const shape of [
      { ...details, cityId: 'Pune' },
      { ...details, nickname: 'Annu' },
      { fullName: 'Ananya Rao' },
    ]) {
      expect((await save(ana, shape)).reply.statusCode).toBe(400);
    }
    expect(await storedRow(ana.customerId)).toEqual(before);
  });

  it('asks a self-employed customer in a special turnover band (specialAnnualTurnOverKeys) for the bank', async () => {
    const meera = await signInCustomer(server);
    const business = { ...details, employmentType: 3, businessType: 34, annualTurnoverId: ids.turnover, bankId: null };
    // Below the special bands the bank stays optional.
    expect((await save(meera, business)).body.response).toMatchObject({
      personalDetails: { annualTurnoverLabel: '₹25 lakh to ₹50 lakh', bankId: null },
    });
    const before = await storedRow(meera.customerId);
    for (const bankId of [null, undefined]) {
      const { reply, body } = await save(meera, { ...business, annualTurnoverId: ids.special, bankId });
      expect(reply.statusCode).toBe(400);
      expect(body).toEqual({
        status: false,
        statusCode: 'bankRequiredForTurnover',
        statusMessage: 'Please choose the bank that holds your main business account',
      });
    }
    expect(await storedRow(meera.customerId)).toEqual(before);
    // With the bank it is saved; a salaried customer is never asked by turnover.
    const saved = await save(meera, { ...business, annualTurnoverId: ids.special, bankId: ids.hdfc });
    expect(saved.body.response).toMatchObject({
      personalDetails: {
        annualTurnoverId: ids.special,
        annualTurnoverLabel: '₹50 lakh to ₹1 crore',
        bankName: 'HDFC Bank',
      },
    });
    expect((await save(meera, { ...details, bankId: null, annualTurnoverId: ids.special })).reply.statusCode).toBe(200);
  });

  it('lets no one read or change another customer’s details', async () => {
    const before = await storedRow(ana.customerId);
    // Ravi's valid token naming Ana: refused; no token, a forged one: refused.
    const sneaky = await save(ravi, { ...details, fullName: 'Ravi Kumar' }, ana.customerId);
    expect(sneaky.reply.statusCode).toBe(401);
    expect(sneaky.body).toMatchObject({ statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' });
    for (const token of [undefined, 'not-a-token', `${ana.accessToken.slice(0, -4)}AAAA`]) {
      const { reply } = await updateProfile(server, token, {
        updateType: 'personalDetails',
        customerId: ana.customerId,
        personalDetails: details,
      });
      expect(reply.statusCode).toBe(401);
    }
    expect(await storedRow(ana.customerId)).toEqual(before);
    expect(await storedRow(ravi.customerId)).toBeUndefined();
    // Ravi's own details are his; Ana's name is nowhere in what he is answered.
    const own = await customerDetails(server, ravi);
    expect(own.personalDetails).toBeNull();
    expect(JSON.stringify(own)).not.toContain('Ananya');
  });

  it('limits a customer to 20 saves an hour, changing nothing past it, and no one else', async () => {
    const busy = await signInCustomer(server);
    for (let i = 0; i < PERSONAL_DETAILS_SAVES_PER_HOUR; i += 1) {
      expect((await save(busy, { ...details, monthlyIncome: 50_000 + i })).reply.statusCode).toBe(200);
    }
    const before = await storedRow(busy.customerId);
    const refused = await save(busy, { ...details, monthlyIncome: 99_000 });
    expect(refused.reply.statusCode).toBe(429);
    expect(refused.body).toMatchObject({
      statusCode: 'personalDetailsRateLimited',
      statusMessage: 'You’ve saved your details many times in a short while. Please try again in an hour',
    });
    expect(await storedRow(busy.customerId)).toEqual(before);
    expect((await save(ravi, details)).reply.statusCode).toBe(200);
    // An hour on (signed in afresh: access tokens last 15 minutes), the customer may save again.
    server.clock.advance(3_600_000);
    const later = await signInCustomer(server, busy.mobileNo);
    expect((await save(later, { ...details, monthlyIncome: 99_000 })).reply.statusCode).toBe(200);
  });
});
