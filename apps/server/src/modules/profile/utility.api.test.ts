import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPLOYER_SEARCH_LIMIT,
  PROFILE_ROUTES,
  institutionPath,
  type CityListResponse,
  type EmployerSearchResponse,
  type InstitutionListResponse,
  type TurnoverRangeListResponse,
} from '@pravesh/core';
import { refEmployers } from '../../db/schema/profile.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../../test/instance.ts';
import { employerNameKey } from './employer-search.ts';
import { employerSeedList, seedEmployers } from './employers-seed.ts';
import { testClient } from '../../test/client.ts';

/** spec 001 §7 BSP utility/*: reference data stored in the database, employer search with a limit. */
describe.each(DATABASE_KINDS)('profile reference lists on %s', (kind) => {
  let server: TestInstance;

  const get = <T>(url: string, pass = true) => testClient(server).get<T>(url, pass ? {} : { pass: false });
  const search = (q: string) => get<EmployerSearchResponse>(`${PROFILE_ROUTES.employer}?q=${encodeURIComponent(q)}`);

  beforeAll(async () => {
    server = await getTestInstance(kind);
    // The seed step, as `npm run seed` runs it: the whole list, as the benchmark searches it.
    await seedEmployers({ db: server.database.db, config: server.config });
  }, 120_000);
  afterAll(() => server?.close());

  it('seeds tens of thousands of employers, the same ones every time, once', async () => {
    const list = employerSeedList();
    expect(list.length).toBeGreaterThan(20_000);
    expect(await server.database.db.$count(refEmployers)).toBe(list.length);
    expect(await seedEmployers({ db: server.database.db, config: server.config })).toBe(
      `0 of ${list.length} employers added`,
    );
    expect(employerSeedList().map((employer) => employer.name)).toEqual(list.map((employer) => employer.name));
    expect(new Set(list.map((employer) => employer.name)).size).toBe(list.length);
  });

  it('finds an employer by the start of its words, ranked, and never more than the limit', async () => {
    const tcs = await search('tata cons');
    expect(tcs.reply.statusCode).toBe(200);
    expect(tcs.body.response?.employers[0]?.name).toBe('Tata Consultancy Services Limited');
    // Word prefixes in any order, punctuation and case ignored.
    expect((await search("REDDY'S dr")).body.response?.employers.map((e) => e.name)).toContain(
      "Dr. Reddy's Laboratories Limited",
    );
    // A common word matches thousands: the answer stops at the limit and says more match.
    const many = await search('textiles');
    expect(many.body.response?.employers).toHaveLength(EMPLOYER_SEARCH_LIMIT);
    expect(many.body.response).toMatchObject({ limit: EMPLOYER_SEARCH_LIMIT, more: true });
    for (const employer of many.body.response!.employers) {
      expect(employerNameKey(employer.name).split(' ')).toContain('textiles');
    }
    // Names starting with the term come before names that only contain it.
    const balaji = (await search('balaji')).body.response!.employers;
    expect(employerNameKey(balaji[0]!.name).startsWith('balaji')).toBe(true);
    // Every word must match: a narrow term answers few, with nothing more.
    const narrow = (await search('infosys')).body.response!;
    expect(narrow).toEqual({
      employers: [expect.objectContaining({ name: 'Infosys Limited' })],
      limit: 20,
      more: false,
    });
    expect((await search('zzqx')).body.response).toEqual({ employers: [], limit: EMPLOYER_SEARCH_LIMIT, more: false });
    // Legal-form words alone still search (by the start of the name).
    expect((await search('ltd')).body.response?.employers).toEqual([]);
  });

  it('refuses a term shorter than 2 letters or a missing one with a 4xx', async () => {
    for (const q of ['', 't', ' ,. ']) {
      const { reply, body } = await search(q);
      expect(reply.statusCode, q).toBe(400);
      expect(body).toEqual({
        status: false,
        statusCode: 'employerSearchTooShort',
        statusMessage: 'Please type at least 2 letters of your employer’s name',
      });
    }
    const missing = await get(PROFILE_ROUTES.employer);
    expect(missing.reply.statusCode).toBe(400);
    expect(missing.body.statusMessage).toBe('[q] is required');
    expect((await search('x'.repeat(201))).reply.statusCode).toBe(400);
  });

  it('answers Indian cities with their states, and the top cities in order', async () => {
    const all = await get<CityListResponse>(PROFILE_ROUTES.city);
    expect(all.reply.statusCode).toBe(200);
    expect(all.reply.headers['cache-control']).toBe('public, max-age=3600');
    const cities = all.body.response!.cities;
    expect(cities.length).toBeGreaterThan(300);
    expect(cities).toContainEqual(expect.objectContaining({ name: 'Pune', state: 'Maharashtra' }));
    expect(cities).toContainEqual(expect.objectContaining({ name: 'Coimbatore', state: 'Tamil Nadu' }));
    const names = cities.map((city) => city.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const top = (await get<CityListResponse>(PROFILE_ROUTES.getTopCity)).body.response!.cities;
    expect(top.slice(0, 4).map((city) => city.name)).toEqual(['Mumbai', 'Delhi', 'Bengaluru', 'Hyderabad']);
    expect(top.length).toBeLessThan(20);
  });

  it('answers the banks of category 4, the five top banks of spec 001 §9, and refuses other categories', async () => {
    const banks = (await get<InstitutionListResponse>(institutionPath(4))).body.response!.institutions;
    expect(banks.length).toBeGreaterThan(60);
    expect(banks.map((bank) => bank.name)).toEqual(expect.arrayContaining(['Federal Bank', 'AU Small Finance Bank']));
    const top = (await get<InstitutionListResponse>(PROFILE_ROUTES.getTopInstitution)).body.response!.institutions;
    expect(top.map((bank) => bank.shortName)).toEqual(['HDFC Bank', 'SBI', 'ICICI Bank', 'Axis Bank', 'Kotak Bank']);
    const other = await get(institutionPath(3));
    expect(other.reply.statusCode).toBe(404);
    expect(other.body.statusCode).toBe('unknownInstitutionCategory');
    expect((await get('/BSP/api/v1/utility/institution/banks')).reply.statusCode).toBe(400);
  });

  it('answers the annual turnover bands, lowest first, without gaps', async () => {
    const ranges = (await get<TurnoverRangeListResponse>(PROFILE_ROUTES.getAnnualTurnoverRange)).body.response!.ranges;
    expect(ranges[0]).toMatchObject({ minRupees: 0, label: 'Up to ₹10 lakh' });
    expect(ranges.at(-1)?.maxRupees).toBeNull();
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.minRupees).toBe(ranges[i - 1]!.maxRupees);
  });

  it('names the special bands (spec 001 §3 specialAnnualTurnOverKeys): those from ₹50 lakh a year', async () => {
    const answer = (await get<TurnoverRangeListResponse>(PROFILE_ROUTES.getAnnualTurnoverRange)).body.response!;
    const from50Lakh = answer.ranges.filter((range) => range.minRupees >= 5_000_000).map((range) => range.rangeId);
    expect(from50Lakh.length).toBeGreaterThan(0);
    expect(answer.specialAnnualTurnOverKeys).toEqual(from50Lakh);
    expect(answer.ranges.find((range) => range.rangeId === answer.specialAnnualTurnOverKeys[0])?.label).toBe(
      '₹50 lakh to ₹1 crore',
    );
  });

  it('needs the pass token on every reference route (the shield)', async () => {
    for (const url of [
      `${PROFILE_ROUTES.employer}?q=tata`,
      PROFILE_ROUTES.city,
      PROFILE_ROUTES.getTopCity,
      PROFILE_ROUTES.getTopInstitution,
      institutionPath(4),
      PROFILE_ROUTES.getAnnualTurnoverRange,
    ]) {
      const { reply, body } = await get(url, false);
      expect(reply.statusCode, url).toBe(401);
      expect(body.statusCode).toBe('clientTokenMissingException');
    }
  });
});
