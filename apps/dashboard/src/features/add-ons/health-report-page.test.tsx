// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import type { CreditHealthReportResponse } from '@pravesh/core/add-ons/schemas.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { accountUserInformationFixture } from './fixtures.ts';

afterEach(cleanup);

const REPORT: CreditHealthReportResponse = {
  generatedAt: '2026-11-28T06:00:00.000Z',
  state: 'SCORED',
  activeBureau: 'CIBIL',
  headline: '4 factors of 5 are helping your score. Credit card utilisation is where you’ll gain most.',
  bureaus: [
    {
      creditBureau: 'CIBIL',
      scoreState: 'SCORE',
      score: 790,
      scoreBand: 'VERY_GOOD',
      reportDate: '2026-11-01T00:30:00.000Z',
      change: { from: 772, to: 790, delta: 18 },
      summary: {
        totalAccounts: 4,
        activeAccounts: 3,
        totalSanctioned: 900_000,
        totalBalance: 120_000,
        totalOverdue: 0,
        creditUtilisation: 34,
        oldestAccountAgeMonths: 75,
        enquiriesLast6Months: 1,
      },
      factors: [
        {
          id: 'UTILISATION',
          rating: 'FAIR',
          weightLevel: 'HIGH',
          name: 'Credit card utilisation',
          ratingName: 'Could be better',
          text: 'You use 34% of your card limits. Bringing it under 30% can raise your score.',
        },
      ],
      changes: [
        {
          kind: 'NEW_ACCOUNT',
          impact: 'NEGATIVE',
          title: 'New Credit Card with Axis Bank',
          explanation: 'A new account lowers the average age of your credit for a while.',
        },
      ],
    },
    {
      creditBureau: 'EQUIFAX',
      scoreState: 'NO_HIT',
      score: null,
      scoreBand: null,
      reportDate: null,
      change: null,
      summary: null,
      factors: [],
      changes: [],
    },
  ],
  nextSteps: [
    {
      title: 'Bring your card use under 30%',
      detail: 'You use 34% of your card limits. Bringing it under 30% can raise your score.',
      bureaus: ['CIBIL'],
    },
  ],
};

describe('Credit Health Report screen (spec 001 §1, §4)', () => {
  it('shows where the customer stands, what to do next and each bureau’s changes and factors', async () => {
    renderDashboard('/credit-health-report', {
      preloaded: signedInState(),
      routes: { [ADD_ON_ROUTES.creditHealthReport]: REPORT },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Credit Health Report' }, { timeout: 5000 }),
    ).toBeTruthy();
    const overview = await screen.findByRole('region', { name: 'Your credit health' }, { timeout: 5000 });
    expect(overview.textContent).toContain(REPORT.headline);
    const standing = within(overview).getByRole('list', { name: 'Your score at each bureau' });
    expect(standing.textContent).toContain('790');
    expect(standing.textContent).toContain('Very Good');
    expect(standing.textContent).toContain('Up 18 points');
    expect(standing.textContent).toContain('Report of 1 November 2026');
    expect(standing.textContent).toContain('No file yet');
    const next = screen.getByRole('region', { name: 'What to do next' });
    expect(next.textContent).toContain('Bring your card use under 30%');
    const cibil = screen.getByRole('region', { name: 'CIBIL' });
    expect(cibil.textContent).toContain('New Credit Card with Axis Bank');
    expect(within(cibil).getByRole('heading', { name: 'Credit card utilisation' })).toBeTruthy();
    // A bureau without a file has nothing to analyse.
    expect(screen.queryByRole('region', { name: 'Equifax' })).toBeNull();
  });

  it('downloads the same analysis as a PDF', async () => {
    const page = renderDashboard('/credit-health-report', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.creditHealthReport]: REPORT,
        [ADD_ON_ROUTES.creditHealthReportPdf]: {
          fileName: 'credit-health-report-2026-11-28.pdf',
          contentType: 'application/pdf',
          pdfBase64: btoa('%PDF-1.7'),
        },
      },
    });
    const overview = await screen.findByRole('region', { name: 'Your credit health' }, { timeout: 5000 });
    fireEvent.click(within(overview).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(page.calls.some((call) => call.path === ADD_ON_ROUTES.creditHealthReportPdf)).toBe(true),
    );
  });

  it('offers the report to a customer who has not bought it', async () => {
    renderDashboard('/credit-health-report', {
      preloaded: signedInState(),
      routes: { [ADD_ON_ROUTES.creditHealthReport]: refusal('creditHealthNotSubscribed', 403) },
    });
    expect(
      await screen.findByRole('heading', { name: 'Get your Credit Health Report' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Credit Health Report' }).getAttribute('href')).toBe(
      '/dashboard#credit-services',
    );
  });

  it('opens from the dashboard card once bought', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.accountUserInformation]: accountUserInformationFixture('ELIGIBLE', {
          creditHealth: { eligible: false, subscribed: true, reason: 'SUBSCRIBED' },
        }),
      },
    });
    const region = await screen.findByRole('region', { name: 'Services for your credit' }, { timeout: 5000 });
    const card = (await within(region).findByRole('heading', { name: 'Credit Health Report', level: 3 })).closest(
      'li',
    )!;
    expect(within(card).getByRole('link', { name: 'Open your report' }).getAttribute('href')).toBe(
      '/credit-health-report',
    );
  });
});
