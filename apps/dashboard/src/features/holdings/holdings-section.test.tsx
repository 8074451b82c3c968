// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HOLDINGS_ROUTES } from '@pravesh/core/holdings/routes.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { INVESTED, NOT_INVESTED, ONDC_LOANS, policyFixture } from './fixtures.ts';

afterEach(cleanup);

const section = () => screen.findByRole('region', { name: 'Your investments, cover and loans' }, { timeout: 5000 });
const card = async (name: string) => within(await section()).findByRole('article', { name });

describe('Your investments, cover and loans (spec 001 §1 banners)', () => {
  it('shows the funds’ value, gain, SIPs and each fund behind a disclosure', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [HOLDINGS_ROUTES.getMutualFundStatus]: INVESTED },
    });
    const funds = await card('Mutual funds');
    // spec 001 §5: no decimals, Indian grouping.
    expect(await within(funds).findByText('₹1,61,317')).toBeTruthy();
    expect(funds.textContent).toContain('Invested ₹1,34,000');
    expect(funds.textContent).toContain('gain +₹27,317 (+20.4%)');
    expect(funds.textContent).toContain('2 SIPs running, ₹7,500 a month');
    expect(funds.textContent).toContain('Next SIP ₹5,000 on 5 December 2026');
    expect(within(funds).getByText('Invested')).toBeTruthy();

    const disclosure = within(funds).getByText('Your 2 funds');
    fireEvent.click(disclosure);
    const list = within(funds).getByRole('list');
    const [flexi, index] = within(list).getAllByRole('listitem');
    expect(flexi!.textContent).toContain('Sahyadri Flexi Cap Fund – Direct Plan – Growth');
    expect(flexi!.textContent).toContain('Folio XXXXXX6721');
    expect(flexi!.textContent).toContain('SIP ₹5,000 on day 5 of each month');
    expect(index!.textContent).toContain('SIP ₹2,500 paused');
    expect(within(funds).getByRole('link', { name: 'Invest more in mutual funds' }).getAttribute('href')).toBe(
      'http://localhost:4100/mutual-funds',
    );
  });

  it('follows the "ONDC eligible" switch (spec 001 §9): off, no ONDC banner and no ondc/loans call', async () => {
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [HOLDINGS_ROUTES.ondcLoans]: ONDC_LOANS },
      features: { ondcEligible: false },
    });
    const holdings = await screen.findByRole('region', { name: 'Your investments and cover' }, { timeout: 5000 });
    expect(await within(holdings).findByRole('article', { name: 'Wallet protection' })).toBeTruthy();
    expect(within(holdings).queryByRole('article', { name: 'Loans through ONDC' })).toBeNull();
    expect(screen.queryByRole('link', { name: /ONDC/ })).toBeNull();
    expect(page.calls.some((call) => call.path === HOLDINGS_ROUTES.ondcLoans)).toBe(false);
  });

  it('shows the wallet protection cover and renewal date, and asks to renew in the last 30 days', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [HOLDINGS_ROUTES.policyDetails]: policyFixture() },
    });
    let wallet = await card('Wallet protection');
    expect(await within(wallet).findByText('Active')).toBeTruthy();
    expect(wallet.textContent).toContain('₹1,00,000 cover');
    expect(wallet.textContent).toContain('Renews on 24 January 2027');
    expect(wallet.textContent).toContain('Policy XXXXXXXXX8213 · 4 cards covered · ₹999 a year');
    expect(within(wallet).getAllByRole('listitem')).toHaveLength(3);
    expect(within(wallet).getByRole('link', { name: 'Manage policy for wallet protection' })).toBeTruthy();
    cleanup();

    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [HOLDINGS_ROUTES.policyDetails]: policyFixture({
          status: 'RENEWAL_DUE',
          daysToRenewal: 12,
          endDate: '2026-12-03',
        }),
      },
    });
    wallet = await card('Wallet protection');
    expect(await within(wallet).findByText('Renew soon')).toBeTruthy();
    expect(wallet.textContent).toContain(
      'Your cover ends in 12 days, on 3 December 2026. Renew now to stay protected.',
    );
    expect(within(wallet).getByRole('link', { name: 'Renew now your wallet protection' }).getAttribute('href')).toBe(
      'http://localhost:4100/wallet-protect',
    );
  });

  it('shows an ONDC loan with its EMI, next EMI date and repayment progress', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [HOLDINGS_ROUTES.ondcLoans]: ONDC_LOANS },
    });
    const loans = await card('Loans through ONDC');
    const progress = await within(loans).findByRole('progressbar', { name: '6 of 24 EMIs paid' });
    expect(progress.getAttribute('value')).toBe('6');
    expect(progress.getAttribute('max')).toBe('24');
    expect(loans.textContent).toContain('Personal loan · Vistaar Capital');
    expect(loans.textContent).toContain('₹9,840 EMI a month');
    expect(loans.textContent).toContain('₹2,00,000 at 16.50% p.a. for 24 months, disbursed 30 April 2026');
    expect(loans.textContent).toContain('Next EMI on 5 December 2026 · ₹1,51,282 left to repay');
    expect(loans.textContent).toContain('Loan account XXXXXXXX1920');
    expect(within(loans).getByText('1 active')).toBeTruthy();
    expect(within(loans).getByRole('link', { name: 'Open ONDC dashboard' })).toBeTruthy();
  });

  it('invites a customer who holds nothing, with no status badges', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [HOLDINGS_ROUTES.getMutualFundStatus]: NOT_INVESTED,
        [HOLDINGS_ROUTES.policyDetails]: { policy: null, manageUrl: 'http://localhost:4100/wallet-protect' },
        [HOLDINGS_ROUTES.ondcLoans]: { loans: [], dashboardUrl: 'http://localhost:4100/ondc' },
      },
    });
    const funds = await card('Mutual funds');
    expect(await within(funds).findByText('Start a SIP from ₹500 a month')).toBeTruthy();
    expect(within(funds).getByRole('link', { name: 'Explore mutual funds' })).toBeTruthy();
    const wallet = await card('Wallet protection');
    expect(within(wallet).getByText('Lost your wallet? One call blocks every card')).toBeTruthy();
    expect(within(wallet).getByRole('link', { name: 'See plans for wallet protection' })).toBeTruthy();
    const loans = await card('Loans through ONDC');
    expect(within(loans).getByRole('link', { name: 'Explore ONDC loans' })).toBeTruthy();
    for (const badge of ['Invested', 'Active', 'Renew soon', 'Expired', '1 active']) {
      expect(within(await section()).queryByText(badge)).toBeNull();
    }
  });

  it('keeps the other banners when one call fails, and tries that one again in place', async () => {
    let fail = true;
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [HOLDINGS_ROUTES.getMutualFundStatus]: INVESTED,
        [HOLDINGS_ROUTES.ondcLoans]: () => (fail ? refusal('somethingWentWrong', 500) : ONDC_LOANS),
      },
    });
    const loans = await card('Loans through ONDC');
    expect(await within(loans).findByText('We couldn’t load your ONDC loans just now.')).toBeTruthy();
    expect(within(await card('Mutual funds')).getByText('₹1,61,317')).toBeTruthy();
    fail = false;
    fireEvent.click(within(loans).getByRole('button', { name: 'Try again to load your ONDC loans' }));
    expect(await within(loans).findByRole('progressbar', { name: '6 of 24 EMIs paid' })).toBeTruthy();
  });

  it('says what is loading while the answers are on their way', async () => {
    const pending = () => new Promise(() => undefined);
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [HOLDINGS_ROUTES.getMutualFundStatus]: pending,
        [HOLDINGS_ROUTES.policyDetails]: pending,
        [HOLDINGS_ROUTES.ondcLoans]: pending,
      },
    });
    const region = await section();
    expect(
      within(region)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toEqual(['Loading your mutual funds…', 'Loading your wallet protection…', 'Loading your ONDC loans…']);
  });
});
