import { BUREAUS, creditReportSchema, diffReports, istDay, isValidScore, type Bureau } from '@pravesh/core';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/index.ts';
import { assertBureauProductionReady, loadBureauConfig } from '../../config/bureau.ts';
import {
  BureauError,
  createBureauProvider,
  createBureauSimulator,
  simulatedProfile,
  type BureauRequest,
  type SimulatedProfile,
} from './index.ts';

const NOW = Date.parse('2026-11-25T12:00:00+05:30');
const consent = { reference: 'consent-1', givenAt: NOW - 60_000 };
const ids = Array.from(
  { length: 240 },
  (_, index) => `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
);
const request = (customerId: string, bureau: Bureau): BureauRequest => ({ customerId, bureau, consent });

function idOf(profile: SimulatedProfile): string {
  const found = ids.find((id) => simulatedProfile(id) === profile);
  if (!found) throw new Error(`no ${profile} id among the test ids`);
  return found;
}

describe('bureau simulator', () => {
  it('answers the same for the same customer, and differently for another', async () => {
    const id = idOf('SCORED');
    const first = createBureauSimulator({ now: () => NOW });
    const second = createBureauSimulator({ now: () => NOW });
    for (const bureau of BUREAUS) {
      expect(await first.pullReport(request(id, bureau))).toEqual(await second.pullReport(request(id, bureau)));
      expect(await first.getScore(request(id, bureau))).toEqual(await second.getScore(request(id, bureau)));
    }
    const other = ids.filter((candidate) => candidate !== id && simulatedProfile(candidate) === 'SCORED')[0]!;
    expect((await first.pullReport(request(other, 'CIBIL'))).report).not.toEqual(
      (await first.pullReport(request(id, 'CIBIL'))).report,
    );
  });

  it('gives every profile to some ids, and every scored file a 300–900 score with 12+ months of history', async () => {
    const simulator = createBureauSimulator({ now: () => NOW });
    const seen = new Set<SimulatedProfile>();
    for (const id of ids) {
      seen.add(simulatedProfile(id));
      for (const bureau of BUREAUS) {
        const score = await simulator.getScore(request(id, bureau));
        if (score.state.kind !== 'SCORE') {
          expect(score.history).toEqual([]);
          continue;
        }
        expect(isValidScore(score.state.score)).toBe(true);
        expect(score.history.length).toBeGreaterThanOrEqual(12);
        for (const point of score.history) expect(isValidScore(point.score)).toBe(true);
        // Consecutive months ending with the month of the latest rescore, which holds the score.
        const months = score.history.map((point) => point.month);
        expect([...months].sort()).toEqual(months);
        expect(new Set(months).size).toBe(months.length);
        expect(score.history.at(-1)!.score).toBe(score.state.score);
        expect(score.history.at(-1)!.month).toBe(
          new Date(score.lastUpdated! + 5.5 * 3_600_000).toISOString().slice(0, 7),
        );
        expect(score.lastUpdated!).toBeLessThanOrEqual(NOW);
      }
    }
    expect(seen).toEqual(new Set(['SCORED', 'PARTIAL', 'NEW_TO_CREDIT', 'NO_HIT']));
  });

  it('sends reports that fit the schema: accounts with a 36-month DPD grid, enquiries, utilisation and oldest account age', async () => {
    const simulator = createBureauSimulator({ now: () => NOW });
    for (const id of ids.slice(0, 120)) {
      for (const bureau of BUREAUS) {
        const pull = await simulator.pullReport(request(id, bureau));
        if (pull.report === null) {
          expect(pull.state.kind).toBe('NO_HIT');
          continue;
        }
        const report = creditReportSchema.parse(pull.report);
        expect(report.creditBureau).toBe(bureau);
        expect(report.scoreState).toBe(pull.state.kind);
        const { summary } = report;
        expect(summary.totalAccounts).toBe(report.accounts.length);
        const revolving = report.accounts.filter(
          (account) => account.closedDate === null && (account.type === 'CC' || account.type === 'OD'),
        );
        expect(summary.creditUtilisation === null).toBe(revolving.length === 0);
        expect(summary.oldestAccountAgeMonths === null).toBe(report.accounts.length === 0);
        for (const account of report.accounts) {
          expect(account.balance).toBeLessThanOrEqual(account.sanctionedAmount);
          expect(account.dpdHistory.length).toBeLessThanOrEqual(36);
          if (account.closedDate !== null) expect(account.balance).toBe(0);
          expect(account.openedDate <= '2026-11-25').toBe(true);
        }
        for (const enquiry of report.enquiries) expect(enquiry.date <= '2026-11-25').toBe(true);
      }
    }
    // Old enough accounts carry the full 36 months.
    const longest = Math.max(
      ...(await Promise.all(ids.slice(0, 40).map((id) => simulator.pullReport(request(id, 'CIBIL'))))).flatMap(
        (pull) => pull.report?.accounts.map((account) => account.dpdHistory.length) ?? [],
      ),
    );
    expect(longest).toBe(36);
  });

  it('extends the history by a month a month later without rewriting the earlier months', async () => {
    const id = idOf('SCORED');
    const now = { at: NOW };
    const simulator = createBureauSimulator({ now: () => now.at });
    const before = await simulator.getScore(request(id, 'EXPERIAN'));
    now.at += 31 * 86_400_000;
    const after = await simulator.getScore(request(id, 'EXPERIAN'));
    const earlier = new Map(before.history.map((point) => [point.month, point.score]));
    for (const point of after.history) {
      if (earlier.has(point.month)) expect(point.score).toBe(earlier.get(point.month));
    }
    expect(after.history.at(-1)!.month > before.history.at(-1)!.month).toBe(true);
  });

  it('keeps earlier enquiries on their days a month later, so comparing the pulls finds only new ones', async () => {
    const now = { at: NOW };
    const simulator = createBureauSimulator({ now: () => now.at });
    let compared = 0;
    for (const id of ids.slice(0, 60)) {
      const before = await simulator.pullReport(request(id, 'CIBIL'));
      now.at = NOW + 31 * 86_400_000;
      const after = await simulator.pullReport(request(id, 'CIBIL'));
      now.at = NOW;
      if (!before.report || !after.report) continue;
      compared += 1;
      const newer = diffReports(before.report, after.report).filter((change) => change.kind === 'NEW_ENQUIRY');
      // A report is the file as of its lastUpdated: what is new is dated after that day.
      const beforeDay = istDay(before.report.lastUpdated)!;
      for (const change of newer) expect(change.details.date! > beforeDay).toBe(true);
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('answers NO_HIT with the bureau raw code and no report, never a number', async () => {
    const id = idOf('NO_HIT');
    const simulator = createBureauSimulator({ now: () => NOW });
    const raw: Record<Bureau, string | null> = { CIBIL: '-1', EXPERIAN: '0', HIGHMARK: null, EQUIFAX: '-1' };
    for (const bureau of BUREAUS) {
      const pull = await simulator.pullReport(request(id, bureau));
      expect(pull.report).toBeNull();
      expect(pull.state.kind).toBe('NO_HIT');
      if (pull.state.kind !== 'NO_HIT') continue;
      if (bureau === 'HIGHMARK') expect(Number(pull.state.rawCode)).toBeGreaterThanOrEqual(11);
      else expect(pull.state.rawCode).toBe(raw[bureau]);
      expect((await simulator.reportStatus(request(id, bureau))).status).toBe('NO_HIT');
      expect((await simulator.getScore(request(id, bureau))).lastUpdated).toBeNull();
    }
  });

  it('answers NEW_TO_CREDIT at CIBIL and EXPERIAN with a report and no score, NO_HIT elsewhere', async () => {
    const id = idOf('NEW_TO_CREDIT');
    const simulator = createBureauSimulator({ now: () => NOW });
    for (const bureau of BUREAUS) {
      const pull = await simulator.pullReport(request(id, bureau));
      const status = await simulator.reportStatus(request(id, bureau));
      if (bureau === 'CIBIL' || bureau === 'EXPERIAN') {
        expect(pull.state.kind).toBe('NEW_TO_CREDIT');
        expect(pull.report?.score).toBeNull();
        expect(pull.report?.rawScore).toMatch(/^[0-6]$/);
        expect(pull.report!.accounts.length).toBeLessThanOrEqual(1);
        expect(status.status).toBe('REPORT_RECEIVED');
      } else {
        expect(pull.state.kind).toBe('NO_HIT');
        expect(status.status).toBe('NO_HIT');
      }
    }
  });

  it('takes fixed profiles for named customers over the hash', async () => {
    const scored = idOf('SCORED');
    const simulator = createBureauSimulator({ now: () => NOW, profiles: { [scored]: 'NO_HIT' } });
    expect((await simulator.getScore(request(scored, 'CIBIL'))).state.kind).toBe('NO_HIT');
    const partial = createBureauSimulator({ now: () => NOW, profiles: { [scored]: 'PARTIAL' } });
    expect((await partial.getScore(request(scored, 'EXPERIAN'))).state.kind).toBe('SCORE');
    expect((await partial.getScore(request(scored, 'EQUIFAX'))).state.kind).toBe('NO_HIT');
  });

  it('waits the injected latency and fails as told, per bureau or all, at run time too', async () => {
    const sleeps: number[] = [];
    const simulator = createBureauSimulator({
      now: () => NOW,
      latencyMs: 250,
      timeoutMs: 7_000,
      failure: { EQUIFAX: 'unavailable', HIGHMARK: 'timeout' },
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
    });
    const id = idOf('SCORED');
    await expect(simulator.getScore(request(id, 'CIBIL'))).resolves.toMatchObject({ bureau: 'CIBIL' });
    expect(sleeps).toEqual([250]);
    await expect(simulator.pullReport(request(id, 'EQUIFAX'))).rejects.toMatchObject({
      name: 'BureauError',
      kind: 'unavailable',
      bureau: 'EQUIFAX',
    });
    sleeps.length = 0;
    const timedOut = await simulator.reportStatus(request(id, 'HIGHMARK')).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(BureauError);
    expect(timedOut).toMatchObject({ kind: 'timeout' });
    expect(sleeps).toEqual([250, 7_000]);

    simulator.setFailure('none');
    simulator.setLatency(0);
    sleeps.length = 0;
    await expect(simulator.pullReport(request(id, 'EQUIFAX'))).resolves.toMatchObject({ bureau: 'EQUIFAX' });
    expect(sleeps).toEqual([]);
    simulator.setFailure('unavailable', 'CIBIL');
    await expect(simulator.getScore(request(id, 'CIBIL'))).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(simulator.getScore(request(id, 'EXPERIAN'))).resolves.toMatchObject({ bureau: 'EXPERIAN' });
  });

  it('refuses a call without a consent reference, or with one given in the future', async () => {
    const simulator = createBureauSimulator({ now: () => NOW });
    const id = idOf('SCORED');
    for (const bad of [
      { reference: '', givenAt: NOW - 1 },
      { reference: 'c', givenAt: NOW + 60_000 },
      { reference: 'c', givenAt: NaN },
    ]) {
      await expect(simulator.pullReport({ customerId: id, bureau: 'CIBIL', consent: bad })).rejects.toMatchObject({
        kind: 'consentMissing',
      });
    }
  });
});

describe('bureau provider from configuration', () => {
  it('builds the simulator from the environment', async () => {
    const config = loadBureauConfig(
      { PRAVESH_BUREAU_SIM_FAILURE: 'unavailable', PRAVESH_BUREAU_SIM_PROFILES: '{"abc":"NO_HIT"}' },
      'local',
    );
    expect(config).toEqual({
      kind: 'simulator',
      latencyMs: 0,
      failure: 'unavailable',
      timeoutMs: 10_000,
      profiles: { abc: 'NO_HIT' },
      deadlineMs: 15_000,
    });
    expect(loadBureauConfig({ PRAVESH_BUREAU_DEADLINE_MS: '500' }, 'local').deadlineMs).toBe(500);
    const provider = createBureauProvider(config, { now: () => NOW });
    expect(provider.name).toBe('simulator');
    await expect(provider.getScore(request('abc', 'CIBIL'))).rejects.toMatchObject({ kind: 'unavailable' });
    const healthy = createBureauProvider({ ...config, failure: 'none' }, { now: () => NOW });
    expect((await healthy.getScore(request('abc', 'CIBIL'))).state.kind).toBe('NO_HIT');
  });

  it('without a bureau (none), every call fails as unavailable: nothing is made up', async () => {
    const none = createBureauProvider({ ...loadBureauConfig({ PRAVESH_BUREAU_PROVIDER: 'none' }, 'local') });
    expect(none.name).toBe('none');
    for (const call of [none.pullReport, none.getScore, none.reportStatus]) {
      await expect(call(request('abc', 'EXPERIAN'))).rejects.toMatchObject({ kind: 'unavailable', bureau: 'EXPERIAN' });
    }
  });

  it('refuses bad settings, and the simulator in production', () => {
    for (const env of [
      { PRAVESH_BUREAU_PROVIDER: 'cibil-http' },
      { PRAVESH_BUREAU_SIM_FAILURE: 'sometimes' },
      { PRAVESH_BUREAU_SIM_LATENCY_MS: '-5' },
      { PRAVESH_BUREAU_DEADLINE_MS: 'soon' },
      { PRAVESH_BUREAU_SIM_PROFILES: '{"abc":"RICH"}' },
      { PRAVESH_BUREAU_SIM_PROFILES: '[1]' },
      { PRAVESH_BUREAU_SIM_PROFILES: '{' },
    ]) {
      expect(() => loadBureauConfig(env, 'local'), JSON.stringify(env)).toThrow(ConfigError);
    }
    expect(() =>
      assertBureauProductionReady(loadBureauConfig({ PRAVESH_BUREAU_PROVIDER: 'simulator' }, 'production')),
    ).toThrow(ConfigError);
    // Production's default is no bureau at all, which the production check accepts.
    expect(loadBureauConfig({}, 'production').kind).toBe('none');
    expect(() => assertBureauProductionReady(loadBureauConfig({}, 'production'))).not.toThrow();
    expect(loadBureauConfig({}, 'staging').kind).toBe('simulator');
  });
});
