// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import type { Purchase } from '@pravesh/core/add-ons/schemas.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { accountUserInformationFixture, productFixture } from './fixtures.ts';

afterEach(cleanup);

const section = () => screen.findByRole('region', { name: 'Services for your credit' }, { timeout: 5000 });
const PURCHASE_ID = '5b1d7a8e-2f34-4c6b-9a0d-7e8f9a0b1c2d';

const purchase = (status: Purchase['status']): Purchase => ({
  purchaseId: PURCHASE_ID,
  addOn: 'CREDIT_HEALTH',
  name: 'Credit Health Report',
  status,
  price: productFixture('CREDIT_HEALTH').price,
  orderId: 'sim_order_1',
  createdAt: '2026-11-25T06:00:00.000Z',
  paidAt: status === 'SUCCESS' ? '2026-11-25T06:00:05.000Z' : null,
  failureReason: status === 'FAILED' ? 'Your bank declined the payment' : null,
});

describe('Services for your credit (paid add-ons)', () => {
  it('shows each add-on as eligible with its GST-inclusive price, active, or not eligible with why', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.accountUserInformation]: accountUserInformationFixture('ELIGIBLE', {
          creditAdvisor: { eligible: false, reason: 'SCORE_IN_GOOD_SHAPE' },
          collection: {
            eligible: false,
            subscribed: true,
            reason: 'SUBSCRIBED',
            lastPaymentDetails: {
              purchaseId: PURCHASE_ID,
              paymentStatus: 'SUCCESS',
              createdAt: '2026-10-02T06:00:00.000Z',
              paidAt: '2026-10-02T06:00:00.000Z',
            },
          },
        }),
      },
    });
    const region = await section();
    const card = async (name: string) =>
      (await within(region).findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement;
    const health = await card('Credit Health Report');
    expect(health.textContent).toContain('₹199');
    expect(health.textContent).toContain('incl. GST');
    expect(within(health).getByRole('button', { name: 'Buy now Credit Health Report' })).toBeTruthy();
    const advisor = await card('Credit Advisor');
    expect(within(advisor).queryByRole('button')).toBeNull();
    expect(advisor.textContent).toContain('already in good shape');
    const collection = await card('Overdue Account Resolution');
    expect(collection.textContent).toContain('Active');
    expect(collection.textContent).toContain('You bought this on 2 October 2026');
  });

  it('buys through a confirm dialog: price with GST, pay, then the success state', async () => {
    const orders: unknown[] = [];
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.accountUserInformation]: accountUserInformationFixture('ELIGIBLE'),
        [ADD_ON_ROUTES.createOrder]: (body: unknown) => (orders.push(body), purchase('CREATED')),
        [ADD_ON_ROUTES.confirmPayment]: purchase('SUCCESS'),
      },
    });
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Buy now Credit Health Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credit Health Report' });
    expect(dialog.textContent).toContain('₹168.64');
    expect(dialog.textContent).toContain('GST (18%)');
    expect(dialog.textContent).toContain('₹30.36');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹199' }));
    expect(await within(dialog).findByText('Payment successful')).toBeTruthy();
    // What was bought opens from the confirmation.
    expect(within(dialog).getByRole('link', { name: 'Open your report' }).getAttribute('href')).toBe(
      '/credit-health-report',
    );
    expect(orders).toEqual([
      { addOn: 'CREDIT_HEALTH', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as string },
    ]);
    expect(page.calls.filter((call) => call.path === ADD_ON_ROUTES.confirmPayment)[0]!.body).toEqual({
      purchaseId: PURCHASE_ID,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a declined payment with a new attempt, and a pending one that can be checked again', async () => {
    const keys: string[] = [];
    let confirmAnswer: Purchase = purchase('FAILED');
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.accountUserInformation]: accountUserInformationFixture('ELIGIBLE'),
        [ADD_ON_ROUTES.createOrder]: (body: unknown) => {
          keys.push((body as { idempotencyKey: string }).idempotencyKey);
          return purchase('CREATED');
        },
        [ADD_ON_ROUTES.confirmPayment]: () => confirmAnswer,
        [ADD_ON_ROUTES.orderStatus]: purchase('SUCCESS'),
      },
    });
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Buy now Credit Health Report' }));
    let dialog = await screen.findByRole('dialog', { name: 'Buy Credit Health Report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹199' }));
    expect(await within(dialog).findByText('Payment failed')).toBeTruthy();
    expect(dialog.textContent).toContain('Your bank declined the payment. No money has been taken');

    confirmAnswer = purchase('PENDING');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    dialog = await screen.findByRole('dialog', { name: 'Buy Credit Health Report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹199' }));
    expect(await within(dialog).findByText('Payment being confirmed')).toBeTruthy();
    // A new attempt after a decline is a new purchase: a new idempotency key.
    expect(new Set(keys).size).toBe(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByText('Payment successful')).toBeTruthy();
  });

  it('says when the purchase could not start, keeping the dialog open to retry', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.accountUserInformation]: accountUserInformationFixture('ELIGIBLE'),
        [ADD_ON_ROUTES.createOrder]: Object.assign(refusal('paymentUnavailable', 503), {
          body: {
            status: false,
            statusCode: 'paymentUnavailable',
            statusMessage: 'Payments are unavailable right now. You have not been charged. Please try again later',
          },
        }),
      },
    });
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Buy now Credit Health Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credit Health Report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹199' }));
    expect(await within(dialog).findByText(/You have not been charged/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('has a designed error state with a retry', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [ADD_ON_ROUTES.accountUserInformation]: refusal('somethingWentWrong', 503) },
    });
    const region = await section();
    expect(await within(region).findByRole('heading', { name: 'We couldn’t load these services' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Upgrade your credit card (step-up)', () => {
  const stepUpSection = () => screen.findByRole('region', { name: 'Upgrade your credit card' }, { timeout: 5000 });

  it('explains the upgrade to a customer without a secured card', async () => {
    renderDashboard('/dashboard', { preloaded: signedInState() });
    expect(await within(await stepUpSection()).findByText(/card against a fixed deposit/)).toBeTruthy();
  });

  it('shows a holder’s progress and the card they can move to', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ADD_ON_ROUTES.getStepUpCardDetails]: {
          hasSecuredCard: true,
          securedCard: {
            productName: 'Kaveri Secure Credit Card',
            lenderName: 'Kaveri Small Finance Bank',
            issuedAt: '2026-04-10T06:00:00.000Z',
          },
          stepUp: {
            eligible: true,
            reason: 'READY',
            monthsHeld: 7,
            monthsRemaining: 0,
            monthsRequired: 6,
            offer: {
              offerId: 'kaveri-cc-cashback',
              productName: 'Kaveri Cashback Credit Card',
              lenderName: 'Kaveri Small Finance Bank',
              bullets: ['5% cashback on online shopping'],
              creditLimit: { min: 25_000, max: 1_50_000 },
            },
          },
        },
      },
    });
    const region = await stepUpSection();
    expect(
      await within(region).findByRole('heading', { name: 'You can now upgrade to the Kaveri Cashback Credit Card' }),
    ).toBeTruthy();
    expect(within(region).getByRole('progressbar', { name: '6 of 6 months towards your card upgrade' })).toBeTruthy();
    expect(region.textContent).toContain('₹1,50,000');
  });
});
