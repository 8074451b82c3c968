// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';

afterEach(cleanup);

const section = () => screen.findByRole('region', { name: 'Your applications' }, { timeout: 5000 });

describe('Your applications (leads)', () => {
  it('lists the leads with their status, next step and a continue link', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [LEAD_ROUTES.getLeads]: {
          leads: [
            {
              leadId: 'lead-1',
              offerId: 'offer-1',
              product: 'PL',
              lenderId: 'hdfc',
              lenderName: 'HDFC Bank',
              productName: 'Personal Loan',
              partnerImage: null,
              status: 'SUBMITTED',
              statusLabel: 'Application submitted',
              nextStep: 'The bank will call you within two working days.',
              partnerStatus: null,
              continueUrl: 'https://partner.example.in/continue?ref=lead-1',
              createdAt: '2026-11-20T06:00:00.000Z',
              updatedAt: '2026-11-21T06:00:00.000Z',
            },
          ],
        },
      },
    });
    const region = await section();
    const item = await within(region).findByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Personal Loan · HDFC Bank' })).toBeTruthy();
    expect(item.textContent).toContain('Application submitted');
    expect(item.textContent).toContain('21 November 2026');
    expect(
      within(item).getByRole('link', { name: 'Continue your Personal Loan application' }).getAttribute('href'),
    ).toBe('https://partner.example.in/continue?ref=lead-1');
  });

  it('says there are none yet, or that they could not be loaded', async () => {
    renderDashboard('/dashboard', { preloaded: signedInState() });
    expect(await within(await section()).findByRole('heading', { name: 'No applications yet' })).toBeTruthy();
    cleanup();
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [LEAD_ROUTES.getLeads]: refusal('somethingWentWrong', 503) },
    });
    expect(await within(await section()).findByText(/couldn’t load your applications/)).toBeTruthy();
    // getLeads is retried once (spec 001 §7) before it is given up and listed in API_ERROR.
    expect(page.calls.filter((call) => call.path === LEAD_ROUTES.getLeads)).toHaveLength(2);
    expect(page.store.getState().utility.apiErrors.map((entry) => entry.path)).toContain(LEAD_ROUTES.getLeads);
  });
});
