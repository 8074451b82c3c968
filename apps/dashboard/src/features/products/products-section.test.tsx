// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';

afterEach(cleanup);

const section = () => screen.findByRole('region', { name: 'Explore Kosh' }, { timeout: 5000 });

describe('Explore Kosh (product tiles, spec 001 §9)', () => {
  it('groups the tiles and links each by its redirect key', async () => {
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.productList]: {
          products: [
            {
              redirectKey: 'productPL',
              name: 'Personal Loan',
              tagline: 'Instant loans',
              category: 'LOANS',
              url: 'http://localhost:4100/pl',
            },
            {
              redirectKey: 'productCC',
              name: 'Credit Cards',
              tagline: 'Compare cards',
              category: 'CARDS',
              url: 'http://localhost:4101/',
            },
            {
              redirectKey: 'productCarInsurance',
              name: 'Car Insurance',
              tagline: 'Renew',
              category: 'INSURANCE',
              url: 'http://localhost:4100/insurance/car',
            },
            { redirectKey: 'productBad', name: 'Bad', tagline: 'x', category: 'LOANS', url: 'javascript:alert(1)' },
          ],
        },
      },
    });
    const region = await section();
    const loans = await within(region).findByRole('list', { name: 'Loans' });
    const link = within(loans).getByRole('link', { name: /Personal Loan/ });
    expect(link.getAttribute('href')).toBe('http://localhost:4100/pl');
    expect(link.getAttribute('data-redirect-key')).toBe('productPL');
    expect(within(loans).queryByRole('link', { name: /Bad/ })).toBeNull();
    expect(within(region).getByRole('list', { name: 'Insurance' })).toBeTruthy();
    expect(
      within(region)
        .getByRole('link', { name: /Credit Cards/ })
        .getAttribute('href'),
    ).toBe('http://localhost:4101/');
    fireEvent.click(link);
    expect(page.events.some((event) => JSON.stringify(event).includes('productPL'))).toBe(true);
  });

  it('has designed empty and error states', async () => {
    renderDashboard('/dashboard', { preloaded: signedInState() });
    expect(await within(await section()).findByText(/No products are available/)).toBeTruthy();
    cleanup();
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [ADD_ON_ROUTES.productList]: refusal('somethingWentWrong', 503) },
    });
    expect(await within(await section()).findByText(/couldn’t load our products/)).toBeTruthy();
  });
});
