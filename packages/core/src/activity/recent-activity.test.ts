import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECENT_ACTIVITY_SITES } from './recent-activity-sites.ts';
import { selectRecentActivity } from './recent-activity.ts';

const PL = RECENT_ACTIVITY_SITES.PL_MARKETPLACE.siteId;
const HL = RECENT_ACTIVITY_SITES.HOME_LOAN.siteId;
const CC = RECENT_ACTIVITY_SITES.CREDIT_CARD.siteId;

function item(id: string, updatedAt: unknown, continueUrl: unknown = `https://site.example/${id}`) {
  return { id, type: 'lead', product: 'PL', title: `t-${id}`, continueUrl, updatedAt };
}

describe('recent-activity site list', () => {
  it('names the six product lines with the spec titles', () => {
    expect(Object.keys(RECENT_ACTIVITY_SITES)).toEqual([
      'PL_MARKETPLACE',
      'DIGITAL_LENDING',
      'HOME_LOAN',
      'CREDIT_CARD',
      'MUTUAL_FUND',
      'STEP_UP_CARD',
    ]);
    expect(Object.values(RECENT_ACTIVITY_SITES).map((site) => [site.siteId, site.title])).toEqual([
      [3, 'Personal Loan'],
      [5, 'Personal Loan'],
      [6, 'Home Loan'],
      [7, 'Credit Card'],
      [9, 'Mutual Fund'],
      [10, 'Step Up Credit Card'],
    ]);
    for (const site of Object.values(RECENT_ACTIVITY_SITES)) {
      expect(site.subtitle).not.toBe('');
      expect(site.icon).toMatch(/^[a-z-]+$/);
    }
  });
});

describe('selectRecentActivity', () => {
  it('labels an application that can no longer be continued by its last application state', () => {
    const withState = (id: string, ...states: unknown[]) => ({
      ...item(id, 1),
      application: states.map((state) => ({ id, state })),
    });
    const rows = selectRecentActivity(
      {
        [PL]: {
          data: [
            withState('withdrawn', 'WITHDRAWN'),
            withState('rejected', 'REJECTED'),
            withState('reopened', 'EXPIRED', 'SUBMITTED'),
            withState('partner-words', 'Closed by bank'),
            item('no-application', 1),
          ],
        },
      },
      { perSite: 5 },
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.closedLabel]))).toEqual({
      withdrawn: 'Withdrawn',
      rejected: 'Not approved',
      reopened: undefined,
      'partner-words': undefined,
      'no-application': undefined,
    });
  });

  it('an item without a status takes the one another site keeps for its continue address', () => {
    const closed = { ...item('lead-1', 1), application: [{ id: 'lead-1', state: 'EXPIRED' }] };
    const rows = selectRecentActivity(
      { [CC]: { data: [item('note', 2, closed.continueUrl), item('other', 1)] }, 99: { data: [closed] } },
      { sites: [RECENT_ACTIVITY_SITES.CREDIT_CARD] },
    );
    expect(rows.map((row) => [row.id, row.closedLabel])).toEqual([
      ['note', 'Expired'],
      ['other', undefined],
    ]);
  });

  it('hides items without continueUrl or updatedAt and skips sites not configured', () => {
    const rows = selectRecentActivity({
      [PL]: {
        data: [item('a', 5), item('b', undefined), item('c', 6, ''), { ...item('d', 7), continueUrl: undefined }],
      },
      1: { data: [item('credit-report', 9)] },
      99: { data: [item('nowhere', 9)] },
    });
    expect(rows.map((row) => row.id)).toEqual(['a']);
    expect(rows[0]).toMatchObject({
      siteId: PL,
      title: 'Personal Loan',
      subtitle: RECENT_ACTIVITY_SITES.PL_MARKETPLACE.subtitle,
      icon: 'personal-loan',
      itemTitle: 't-a',
      product: 'PL',
      continueUrl: 'https://site.example/a',
      updatedAt: 5,
    });
  });

  it('shows 2 per site and 10 in all, newest first', () => {
    const entries = Object.fromEntries(
      Object.values(RECENT_ACTIVITY_SITES).map((site, s) => [
        site.siteId,
        { data: [1, 2, 3].map((n) => item(`${site.siteId}-${n}`, s * 10 + n)) },
      ]),
    );
    const rows = selectRecentActivity(entries);
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.id)).toEqual(['10-3', '10-2', '9-3', '9-2', '7-3', '7-2', '6-3', '6-2', '5-3', '5-2']);
    expect(selectRecentActivity(entries, { perSite: 1, total: 3 }).map((row) => row.id)).toEqual([
      '10-3',
      '9-3',
      '7-3',
    ]);
    expect(selectRecentActivity(entries, { sites: [RECENT_ACTIVITY_SITES.HOME_LOAN] }).map((r) => r.id)).toEqual([
      '6-3',
      '6-2',
    ]);
  });

  it('reads ISO and epoch times alike, and keeps stored order on ties', () => {
    const rows = selectRecentActivity({
      [HL]: { data: [item('iso', '2026-01-01T00:00:00.000Z'), item('ms', Date.UTC(2026, 0, 2))] },
      [CC]: { data: [item('tie-1', 1), item('tie-2', 1)] },
    });
    expect(rows.map((row) => row.id)).toEqual(['ms', 'iso', 'tie-1', 'tie-2']);
  });

  it('keeps only web addresses and same-site paths as continue links', () => {
    const urls = ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/apply/1', 'http://a.example/x'];
    const rows = selectRecentActivity({ [PL]: { data: urls.map((url, n) => item(`u${n}`, n, url)) } }, { perSite: 9 });
    expect(rows.map((row) => row.continueUrl)).toEqual(['http://a.example/x', '/apply/1']);
  });

  it('never throws on stored garbage', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('3', '5', '6', '7', 'x'), fc.anything()), (entries) => {
        const rows = selectRecentActivity(entries);
        expect(rows.length).toBeLessThanOrEqual(10);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 6 }), (data) => {
        expect(selectRecentActivity({ [PL]: { data } }).length).toBeLessThanOrEqual(2);
      }),
    );
  });
});
