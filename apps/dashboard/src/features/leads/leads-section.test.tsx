// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';

afterEach(cleanup);

const LEAD = {
  leadId: '7b1c6c8e-3f7a-4d2e-9a51-0c6f1e2d3a4b',
  offerId: 'CC-SAHYOG-02',
  product: 'CC',
  lenderId: 'sahyog',
  lenderName: 'Sahyog Finance',
  productName: 'Rewards Card',
  partnerImage: null,
  status: 'CREATED',
  statusLabel: 'Application started',
  nextStep: 'Complete your application with the lender to get a decision.',
  partnerStatus: null,
  continueUrl: 'https://partner.example.in/continue?ref=lead-2',
  createdAt: '2026-11-20T06:00:00.000Z',
  updatedAt: '2026-11-20T06:00:00.000Z',
} as const;
const WITHDRAWN = {
  ...LEAD,
  status: 'WITHDRAWN',
  statusLabel: 'Withdrawn',
  nextStep: 'This application was withdrawn. No action is needed.',
  updatedAt: '2026-11-22T06:00:00.000Z',
} as const;
const HISTORY = [
  { status: 'CREATED', partnerStatus: null, at: LEAD.createdAt },
  { status: 'WITHDRAWN', partnerStatus: null, at: WITHDRAWN.updatedAt },
];

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

  it('withdraws an undecided application after asking once more, then shows it withdrawn with its history', async () => {
    let withdrawn = false;
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [LEAD_ROUTES.getLeads]: () => ({ leads: [withdrawn ? WITHDRAWN : LEAD] }),
        [LEAD_ROUTES.withdrawLead]: () => {
          withdrawn = true;
          return { ...WITHDRAWN, history: HISTORY };
        },
        [LEAD_ROUTES.getUpdatedLeadDetails]: () => ({ ...WITHDRAWN, history: HISTORY }),
      },
    });
    const region = await section();
    const withdraw = await within(region).findByRole('button', { name: 'Withdraw your Rewards Card application' });
    fireEvent.click(withdraw);
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this application?' });
    expect(confirm.textContent).toContain('Sahyog Finance will be told');
    // Keeping it sends nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep application' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(page.calls.filter((call) => call.path === LEAD_ROUTES.withdrawLead)).toHaveLength(0);

    fireEvent.click(within(region).getByRole('button', { name: 'Withdraw your Rewards Card application' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, withdraw' }));
    expect(
      await within(region).findByText('Your Rewards Card application with Sahyog Finance was withdrawn.'),
    ).toBeTruthy();
    expect(page.calls.filter((call) => call.path === LEAD_ROUTES.withdrawLead).map((call) => call.body)).toEqual([
      { leadId: LEAD.leadId },
    ]);
    expect(await within(region).findByText('Withdrawn')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
    expect(within(region).queryByRole('link', { name: /^Continue/ })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'History of your Rewards Card application' }));
    const history = await within(region).findByRole('list', { name: 'Application history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Application started', 'Withdrawn']);
  });

  it('says so when the lender decided first, and offers no withdrawal of a decided one', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [LEAD_ROUTES.getLeads]: {
          leads: [
            LEAD,
            {
              ...LEAD,
              leadId: '0f0e0d0c-0b0a-4909-8807-060504030201',
              status: 'SANCTIONED',
              statusLabel: 'Sanctioned',
            },
          ],
        },
        [LEAD_ROUTES.withdrawLead]: refusal('leadNotWithdrawable', 409),
      },
    });
    const region = await section();
    const withdraws = await within(region).findAllByRole('button', { name: /^Withdraw/ });
    // Only the undecided one can be withdrawn.
    expect(withdraws).toHaveLength(1);
    fireEvent.click(withdraws[0]!);
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await within(confirm).findByText(/already decided on this application/)).toBeTruthy();
  });
});
