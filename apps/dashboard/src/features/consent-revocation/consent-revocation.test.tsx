// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES } from '@pravesh/core/consent/constants.ts';
import { SELF_SERVICE_ROUTES } from '@pravesh/core/self-service/routes.ts';
import type { MyConsent } from '@pravesh/core/self-service/schemas.ts';
import { CUSTOMER, refusal, renderDashboard, signedInState } from '../../test/harness.tsx';

afterEach(cleanup);

const HOMEPAGE: MyConsent = {
  contractId: 'pb-tnc-homepage',
  title: 'Kosh terms of use',
  contractVersionId: '1',
  status: 'accepted',
  givenAt: '2026-11-20T06:00:00.000Z',
  withdrawnAt: null,
  siteId: 2,
  siteName: 'Kosh home',
};

describe('Consent revocation (spec 001 §2 consent-revocation)', () => {
  it('lists consents and withdraws one with a single button', async () => {
    let consents = [HOMEPAGE];
    const page = renderDashboard('/consent-revocation', {
      preloaded: signedInState(),
      routes: {
        [SELF_SERVICE_ROUTES.consents]: () => ({ consents }),
        [CONSENT_ROUTES.withdraw]: () => {
          consents = [{ ...HOMEPAGE, status: 'withdrawn', withdrawnAt: '2026-11-21T06:00:00.000Z' }];
          return { status: 'withdrawn' };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Your consents' }, { timeout: 5000 });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('heading', { name: 'Kosh terms of use' })).toBeTruthy();
    expect(row.textContent).toContain('Version 1, given 20 November 2026 on Kosh home');
    expect(row.textContent).toContain('Active');

    fireEvent.click(within(row).getByRole('button', { name: 'Withdraw consent to Kosh terms of use' }));
    expect(await screen.findByText(/Your consent to “Kosh terms of use” is withdrawn/)).toBeTruthy();
    expect(page.calls.find((call) => call.path === CONSENT_ROUTES.withdraw)?.body).toEqual({
      contractId: 'pb-tnc-homepage',
      customerId: CUSTOMER.customerId,
      visitorId: 'visitor-1',
      visitId: 'visit-1',
    });
    expect(await screen.findByText('Withdrawn 21 November 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Withdraw consent/ })).toBeNull();
  });

  it('has designed empty and error states', async () => {
    renderDashboard('/consent-revocation', {
      preloaded: signedInState(),
      routes: { [SELF_SERVICE_ROUTES.consents]: { consents: [] } },
    });
    expect(await screen.findByRole('heading', { name: 'No consents to show' }, { timeout: 5000 })).toBeTruthy();
    cleanup();
    renderDashboard('/consent-revocation', {
      preloaded: signedInState(),
      routes: { [SELF_SERVICE_ROUTES.consents]: refusal('somethingWentWrong', 503) },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('We couldn’t load your consents')).toBeTruthy();
  });
});
