// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import { OFFER_ROUTES } from '@pravesh/core/offers/routes.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { ALL_OFFERS, HEALTH_COVER_OFFER, LOAN_OFFER, SECURED_CARD_OFFER } from './fixtures.ts';

afterEach(cleanup);

const section = () => screen.findByRole('region', { name: 'Offers for you' }, { timeout: 5000 });
const personalization = (totalOffers: number) => ({
  totalOffers,
  offers: {},
  generatedAt: '2026-11-25T06:00:00.000Z',
});

const LEAD = {
  leadId: '8d3c1f0e-5a7b-4c2d-9e1f-0a1b2c3d4e5f',
  offerId: LOAN_OFFER.offerId,
  product: 'PL',
  lenderId: 'sahyadri-bank',
  lenderName: 'Sahyadri Bank',
  productName: 'Sahyadri Personal Loan',
  partnerImage: null,
  status: 'CREATED',
  statusLabel: 'Application started',
  nextStep: 'Finish your application on Sahyadri Bank’s site.',
  partnerStatus: null,
  continueUrl: 'http://localhost:4100/partner/apply?ref=8d3c1f0e-5a7b-4c2d-9e1f-0a1b2c3d4e5f',
  createdAt: '2026-11-25T06:00:00.000Z',
  updatedAt: '2026-11-25T06:00:00.000Z',
};

describe('Offers for you', () => {
  it('shows the banner and the pre-approved offers by product, each with its figure', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [OFFER_ROUTES.getOffers]: ALL_OFFERS, [OFFER_ROUTES.personalization]: personalization(2) },
    });
    const region = await section();
    expect(await within(region).findByText('Congratulations! You have 2 exclusive offers')).toBeTruthy();
    expect(within(region).getByRole('tab', { name: 'Loans (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(within(region).getByRole('tab', { name: 'Credit cards (1)' })).toBeTruthy();
    const loan = within(region).getByRole('heading', { name: 'Sahyadri Personal Loan' });
    expect(loan.closest('li')!.querySelector('strong')!.textContent).toBe('₹5,00,000');
  });

  it('opens the Key Facts Statement: APR, EMI, fees with GST, tenure, total payable', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [OFFER_ROUTES.getOffers]: ALL_OFFERS, [OFFER_ROUTES.personalization]: personalization(2) },
    });
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'View details of Sahyadri Personal Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sahyadri Personal Loan' });
    const kfs = LOAN_OFFER.kfs!;
    const text = dialog.textContent;
    expect(text).toContain('Key Facts Statement');
    expect(text).toContain(`${kfs.annualPercentageRate}%`);
    expect(text).toContain('10.99% p.a., fixed');
    expect(text).toContain('4 years (48 monthly instalments)');
    expect(text).toContain('Processing fee (1%, ₹999 to ₹7,500)');
    expect(text).toContain('₹5,900'); // 1% of ₹5,00,000 = ₹5,000 + 18% GST
    expect(text).toContain(`₹${kfs.totalAmountPayable.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(text).toContain('Sahyadri Bank Limited');
    // spec 001 §2 modal rules while it is open: scroll locked, offers and score not clickable.
    expect(document.documentElement.classList.contains('ma-modal-open')).toBe(true);
    expect(region.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(region.hasAttribute('inert')).toBe(false);
    expect(document.documentElement.classList.contains('ma-modal-open')).toBe(false);
  });

  it('applies through partner/quoteApply and the lead shows under Your applications', async () => {
    let leads: unknown[] = [];
    const harness = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [OFFER_ROUTES.getOffers]: ALL_OFFERS,
        [OFFER_ROUTES.personalization]: personalization(2),
        [LEAD_ROUTES.getLeads]: () => ({ leads }),
        [LEAD_ROUTES.quoteApply]: () => {
          leads = [LEAD];
          return { redirectUrl: LEAD.continueUrl, leadId: LEAD.leadId, status: 'CREATED', created: true };
        },
      },
    });
    const region = await section();
    expect(
      await within(screen.getByRole('region', { name: 'Your applications' })).findByText('No applications yet'),
    ).toBeTruthy();
    fireEvent.click(await within(region).findByRole('button', { name: 'View details of Sahyadri Personal Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sahyadri Personal Loan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply now' }));
    expect(await within(dialog).findByText('Application started')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Continue with Sahyadri Bank' }).getAttribute('href')).toBe(
      LEAD.continueUrl,
    );
    const apply = harness.calls.find((call) => call.path === LEAD_ROUTES.quoteApply)!;
    expect(apply.body).toEqual({ offerId: LOAN_OFFER.offerId, visitId: 'visit-1' });
    expect(apply.auth).toBe('session');
    const applications = screen.getByRole('region', { name: 'Your applications' });
    expect(
      await within(applications).findByRole('heading', { name: 'Sahyadri Personal Loan · Sahyadri Bank' }),
    ).toBeTruthy();
  });

  it('tells the customer when the apply fails, and keeps the offer open to try again', async () => {
    const harness = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [OFFER_ROUTES.getOffers]: ALL_OFFERS,
        [OFFER_ROUTES.personalization]: personalization(2),
        [LEAD_ROUTES.quoteApply]: refusal('somethingWentWrong', 500),
      },
    });
    fireEvent.click(await within(await section()).findByRole('button', { name: /View details of Sahyadri/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sahyadri Personal Loan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply now' }));
    expect(await within(dialog).findByText('We couldn’t start your application')).toBeTruthy();
    // spec 001 §7: quoteApply is retried once.
    expect(harness.calls.filter((call) => call.path === LEAD_ROUTES.quoteApply)).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Apply now' })).toBeTruthy();
  });

  it('a customer with no credit file sees the secured card with its terms, without tabs', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [OFFER_ROUTES.getOffers]: { CC: { subProductList: [SECURED_CARD_OFFER] } },
        [OFFER_ROUTES.personalization]: personalization(1),
      },
    });
    const region = await section();
    expect(await within(region).findByText('Congratulations! You have 1 exclusive offer')).toBeTruthy();
    expect(within(region).queryByRole('tab')).toBeNull();
    expect(within(region).getByRole('heading', { name: 'Credit cards' })).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'View details of Kaveri Secure Credit Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kaveri Secure Credit Card' });
    expect(dialog.textContent).toContain('Most important terms');
    expect(dialog.textContent).toContain('At least ₹10,000');
    expect(dialog.textContent).not.toContain('valid till');
  });

  it('shows insurance cover in its own tab with the policy terms: cover, premium, free-look period', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [OFFER_ROUTES.getOffers]: { ...ALL_OFFERS, INS: { subProductList: [HEALTH_COVER_OFFER] } },
        [OFFER_ROUTES.personalization]: personalization(3),
      },
    });
    const region = await section();
    const tab = await within(region).findByRole('tab', { name: 'Insurance (1)' });
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(region).getByRole('button', { name: 'View details of Suraksha Health Shield' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suraksha Health Shield' });
    const text = dialog.textContent;
    expect(text).toContain('Policy at a glance');
    expect(text).toContain('₹10 lakh');
    expect(text).toContain('₹9,200/year');
    expect(text).toContain('no GST on this cover');
    expect(text).toContain('30 days to return the policy');
    expect(text).not.toContain('Key Facts Statement');
  });

  it('says there are none yet when nothing matched', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [OFFER_ROUTES.getOffers]: {}, [OFFER_ROUTES.personalization]: personalization(0) },
    });
    expect(await within(await section()).findByRole('heading', { name: 'No offers to show yet' })).toBeTruthy();
  });

  it('retries getOffers once (spec 001 §7), then says so and offers to try again', async () => {
    const harness = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [OFFER_ROUTES.getOffers]: refusal('somethingWentWrong', 503),
        [OFFER_ROUTES.personalization]: refusal('somethingWentWrong', 503),
      },
    });
    const region = await section();
    expect(await within(region).findByRole('heading', { name: 'Unable to fetch your offers' })).toBeTruthy();
    expect(harness.calls.filter((call) => call.path === OFFER_ROUTES.getOffers)).toHaveLength(2);
    // The personalisation fetch has no retries of its own.
    expect(harness.calls.filter((call) => call.path === OFFER_ROUTES.personalization).length).toBeLessThanOrEqual(1);
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
