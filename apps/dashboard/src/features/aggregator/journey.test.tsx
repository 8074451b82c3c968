// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import { CUSTOMER, refusal, renderDashboard, signedInState, type Reply } from '../../test/harness.tsx';
import { CONSENT_HANDLE, LINK_REF, consentFixture, discovered, initiateFixture } from './fixtures.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const RIGHT_OTP = '482913';
const RIGHT_OTP_8 = '48291377';

/** The OVI service of a new customer, answering as the server does; `overrides` replace routes. */
function journeyRoutes(overrides: Record<string, Reply> = {}): Record<string, Reply> {
  let fipId = 'HDFC-FIP';
  return {
    [AGGREGATOR_ROUTES.journeyInitiate]: initiateFixture(),
    [AGGREGATOR_ROUTES.consent]: consentFixture(CUSTOMER.mobileNo),
    [AGGREGATOR_ROUTES.discover]: (body: unknown) => {
      fipId = (body as { fipId: string }).fipId;
      const accounts = fipId === 'finsharebank' ? [] : discovered(fipId, fipId === 'dhanagarbank' ? 1 : 2);
      return {
        stateId: accounts.length ? 'ACCOUNT_DISCOVERED' : 'ACCOUNT_CHECKED_NOT_DISCOVERED',
        fipId,
        accounts,
      };
    },
    [AGGREGATOR_ROUTES.link]: (body: unknown) => ({
      refNumber: LINK_REF,
      otpLength: (body as { fipId: string }).fipId === 'dhanagarbank' ? 8 : 6,
    }),
    [AGGREGATOR_ROUTES.linkConfirm]: (body: unknown) => {
      const { otp } = body as { otp: string };
      if (otp !== RIGHT_OTP && otp !== RIGHT_OTP_8) {
        return Object.assign(refusal('otpIncorrect', 400), {
          body: {
            status: false,
            statusCode: 'otpIncorrect',
            statusMessage: 'OTP is Incorrect, Please enter valid OTP',
          },
        });
      }
      return { stateId: 'ACCOUNT_LINKED', fipId, accounts: discovered(fipId, fipId === 'dhanagarbank' ? 1 : 2) };
    },
    [AGGREGATOR_ROUTES.decide]: (body: unknown) =>
      (body as { decision: string }).decision === 'APPROVE'
        ? {
            stateId: 'CONSENT_GIVEN',
            consentRequestStatus: 'APPROVED',
            consentStatus: 'ACTIVE',
            verificationStatus: 'VERIFIED',
          }
        : { stateId: 'AA_LOGIN', consentRequestStatus: 'REJECTED', consentStatus: null, verificationStatus: 'FAILED' },
    ...overrides,
  };
}

function open(path = '/account-aggregator', overrides: Record<string, Reply> = {}) {
  return renderDashboard(path, { preloaded: signedInState(), routes: journeyRoutes(overrides) });
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const popularBank = (name: string) =>
  fireEvent.click(within(screen.getByRole('region', { name: 'Popular banks' })).getByRole('button', { name }));

async function toBankStep() {
  fireEvent.click(await screen.findByRole('button', { name: 'Get started' }, { timeout: 5000 }));
  expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeTruthy();
  click('Continue');
  return screen.findByRole('heading', { name: 'Select your bank' });
}

async function enterOtp(code: string) {
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox');
  fireEvent.change(input, { target: { value: code } });
  return dialog;
}

describe('account aggregator journey (spec 001 §2 steps 1–6)', () => {
  it('links a new customer’s accounts: mobile, bank, accounts, bank OTP, permissions in plain words, Verification Complete', async () => {
    const page = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link your bank accounts' }, { timeout: 5000 }),
    ).toBeTruthy();
    await toBankStep();
    const consentCall = page.calls.find((call) => call.path === AGGREGATOR_ROUTES.consent);
    expect(consentCall?.body).toEqual({ mobileNo: CUSTOMER.mobileNo, source: 'myaccount' });
    // Progress: step 2 of 5.
    expect(screen.getByText('Step 2 of 5: Select bank')).toBeTruthy();
    expect(
      screen.getByRole('navigation', { name: 'Progress' }).querySelector('[aria-current="step"]')?.textContent,
    ).toContain('Select bank');

    // The popular banks of spec 001 §9, then every bank.
    const popular = screen.getByRole('region', { name: 'Popular banks' });
    // Each tile: the bank's drawn monogram (hidden from screen readers) and its name.
    expect(
      within(popular)
        .getAllByRole('button')
        .map((button) => button.querySelector('span')?.textContent),
    ).toEqual(['HDFC Bank', 'State Bank of India', 'ICICI Bank', 'Axis Bank', 'Bank of Baroda', 'Federal Bank']);
    fireEvent.click(within(popular).getByRole('button', { name: 'HDFC Bank' }));

    expect(await screen.findByRole('heading', { name: 'Choose the accounts to link' })).toBeTruthy();
    expect(page.calls.find((call) => call.path === AGGREGATOR_ROUTES.discover)?.body).toEqual({
      consentHandle: CONSENT_HANDLE,
      fipId: 'HDFC-FIP',
    });
    const accounts = screen.getByRole('group', { name: 'Accounts at HDFC Bank' });
    const boxes = within(accounts).getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(accounts.textContent).toContain('Savings account');
    expect(accounts.textContent).toContain('Current account');
    expect(accounts.textContent).toContain('XXXXXXXX4411');
    click('Link 2 accounts');

    // The bank's OTP: 6 digits at HDFC.
    const dialog = await screen.findByRole('dialog', { name: 'Enter the OTP from HDFC Bank' });
    expect(dialog.textContent).toContain('6-digit OTP to 98******34');
    expect(within(dialog).getByRole('textbox').getAttribute('maxlength')).toBe('6');
    await enterOtp('000000');
    expect(await within(dialog).findByText('OTP is Incorrect, Please enter valid OTP')).toBeTruthy();
    // A typo is answered in place: not an API_ERROR that would send the next page load to the root.
    expect(page.store.getState().utility.apiErrors).toEqual([]);
    await enterOtp(RIGHT_OTP);

    // Access permissions: the artefact in plain words.
    expect(await screen.findByRole('heading', { name: 'Review what you share' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const terms = document.querySelector('.ma-aa-terms')!;
    expect(terms.textContent).toContain(
      'Your account holder details, balance and transactions, from your savings and current accounts',
    );
    expect(terms.textContent).toContain('the last 2 years');
    expect(terms.textContent).toContain('1 year, until 27 November 2027');
    expect(terms.textContent).toContain('At most once an hour, while your consent is active');
    expect(terms.textContent).toContain('To show you your balances, spending patterns and budgets in one place');
    expect(terms.textContent).toContain('Up to 1 month after each update, then deleted (stored securely)');
    expect(terms.textContent).toContain('98******34@finvu');
    click('Approve');

    expect(await screen.findByRole('heading', { name: 'Verification Complete' })).toBeTruthy();
    expect(page.calls.find((call) => call.path === AGGREGATOR_ROUTES.decide)?.body).toEqual({
      consentHandle: CONSENT_HANDLE,
      decision: 'APPROVE',
    });
    expect(screen.getByRole('link', { name: 'View linked accounts' }).getAttribute('href')).toBe('/linked-accounts');
    expect(page.store.getState().finvu.AAConsentData.verificationStatus).toBe('VERIFIED');
  });

  it('a declined consent is "Verification Incomplete" — "We couldn’t verify your account"', async () => {
    open();
    await toBankStep();
    popularBank('Axis Bank');
    await screen.findByRole('heading', { name: 'Choose the accounts to link' });
    click('Link 2 accounts');
    await enterOtp(RIGHT_OTP);
    await screen.findByRole('heading', { name: 'Review what you share' });
    click('Decline');
    expect(await screen.findByRole('heading', { name: 'Verification Incomplete' })).toBeTruthy();
    expect(screen.getByText('We couldn’t verify your account')).toBeTruthy();
    // Try again starts over from the mobile number.
    click('Try again');
    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeTruthy();
  });

  it('asks 8 digits at an 8-digit OTP bank (dhanagarbank), found by search', async () => {
    const page = open();
    await toBankStep();
    const search = screen.getByRole('searchbox', { name: 'Search for your bank' });
    fireEvent.change(search, { target: { value: 'dhan' } });
    expect(screen.queryByRole('region', { name: 'Popular banks' })).toBeNull();
    expect(screen.getByText('1 bank found')).toBeTruthy();
    click('Dhanagar Bank (test)');
    await screen.findByRole('heading', { name: 'Choose the accounts to link' });
    click('Link account');
    const dialog = await screen.findByRole('dialog', { name: 'Enter the OTP from Dhanagar Bank (test)' });
    expect(dialog.textContent).toContain('8-digit OTP');
    expect(within(dialog).getByRole('textbox').getAttribute('maxlength')).toBe('8');
    // Six digits are not a whole code here.
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '482913' } });
    click('Verify and link');
    expect(await within(dialog).findByText('Enter the 8-digit OTP from Dhanagar Bank (test).')).toBeTruthy();
    expect(page.calls.filter((call) => call.path === AGGREGATOR_ROUTES.linkConfirm)).toHaveLength(0);
    await enterOtp(RIGHT_OTP_8);
    expect(await screen.findByRole('heading', { name: 'Review what you share' })).toBeTruthy();
  });

  it('shows each bank once: the popular ones as tiles, the others in the list below', async () => {
    open();
    await toBankStep();
    const popular = screen.getByRole('region', { name: 'Popular banks' });
    const others = screen.getByRole('region', { name: 'Other banks' });
    for (const name of ['HDFC Bank', 'State Bank of India', 'Axis Bank']) {
      expect(screen.getAllByRole('button', { name })).toHaveLength(1);
      expect(within(popular).getByRole('button', { name })).toBeTruthy();
    }
    // A bank that is not popular is in the list, and a search finds popular ones again.
    expect(within(others).getByRole('button', { name: 'Kotak Mahindra Bank' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for your bank' }), { target: { value: 'hdfc' } });
    expect(screen.getAllByRole('button', { name: 'HDFC Bank' })).toHaveLength(1);
  });

  it('searches by name or initials, and says when nothing matches', async () => {
    open();
    await toBankStep();
    const search = screen.getByRole('searchbox', { name: 'Search for your bank' });
    fireEvent.change(search, { target: { value: 'baroda' } });
    expect(screen.getAllByRole('button', { name: /Bank of Baroda/ })).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'sbi' } });
    expect(screen.getByRole('button', { name: 'State Bank of India' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText(/No bank matches “zzz”/)).toBeTruthy();
  });

  it('says so when a bank has no accounts for the number, and the customer can choose another', async () => {
    open();
    await toBankStep();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for your bank' }), {
      target: { value: 'finshare' },
    });
    click('Finshare Bank (test)');
    expect(await screen.findByText('No accounts found at Finshare Bank (test)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Select your bank' })).toBeTruthy();
  });

  it('gives up on discovery after 5000 ms (spec 001 §9) and offers to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('/account-aggregator', { [AGGREGATOR_ROUTES.discover]: () => new Promise(() => undefined) });
    await toBankStep();
    popularBank('ICICI Bank');
    expect(await screen.findByText(/Looking for your accounts at/)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(4900);
    expect(screen.queryByText('ICICI Bank is taking too long to answer')).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(await screen.findByText('ICICI Bank is taking too long to answer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('waits at most 3000 ms for the verification status (spec 001 §9): no answer is Verification Incomplete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('/account-aggregator', { [AGGREGATOR_ROUTES.decide]: () => new Promise(() => undefined) });
    await toBankStep();
    popularBank('HDFC Bank');
    await screen.findByRole('heading', { name: 'Choose the accounts to link' });
    click('Link 2 accounts');
    await enterOtp(RIGHT_OTP);
    await screen.findByRole('heading', { name: 'Review what you share' });
    click('Approve');
    expect(await screen.findByText(/Verifying your account with HDFC Bank/)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2900);
    expect(screen.queryByRole('heading', { name: 'Verification Incomplete' })).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(await screen.findByRole('heading', { name: 'Verification Incomplete' })).toBeTruthy();
  });

  it('an active consent: the landing offers the linked accounts and another bank', async () => {
    open('/account-aggregator', { [AGGREGATOR_ROUTES.journeyInitiate]: initiateFixture('CONSENT_GIVEN') });
    expect(await screen.findByRole('link', { name: 'View linked accounts' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add another bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another bank' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Select your bank' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Add another bank" shows its loader, then the failure in the dialog', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const page = open('/account-aggregator', {
      [AGGREGATOR_ROUTES.journeyInitiate]: initiateFixture('CONSENT_GIVEN'),
      [AGGREGATOR_ROUTES.consent]: () => new Promise((resolve) => (answer = resolve)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add another bank' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another bank' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Getting FINVU ready for your next bank…')).toBeTruthy();
    expect(page.calls.find((call) => call.path === AGGREGATOR_ROUTES.consent)?.body).toMatchObject({
      addAnotherBank: true,
    });
    answer(Promise.reject(refusal('aggregatorPageError', 500)));
    expect(await within(dialog).findByText('Some error occured, Please refresh the page')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('the loan variant asks the pl consent window and says why it helps', async () => {
    const page = renderDashboard('/account-aggregator?source=pl', {
      preloaded: signedInState(),
      routes: journeyRoutes(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }, { timeout: 5000 }));
    expect(await screen.findByText(/Lenders can offer you more/)).toBeTruthy();
    click('Continue');
    await screen.findByRole('heading', { name: 'Select your bank' });
    expect(page.calls.find((call) => call.path === AGGREGATOR_ROUTES.consent)?.body).toMatchObject({ source: 'pl' });
  });

  it('hides the header button for a mobile or webview source (spec 001 §2)', async () => {
    renderDashboard('/account-aggregator?utm_source=app_android', {
      preloaded: signedInState(),
      routes: journeyRoutes(),
    });
    await screen.findByRole('button', { name: 'Get started' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    cleanup();
    renderDashboard('/account-aggregator', { preloaded: signedInState(), routes: journeyRoutes() });
    await screen.findByRole('button', { name: 'Get started' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy());
  });

  it('records each step (consent/stateCapture) and brings a customer who left back to the step they left', async () => {
    const page = open();
    await toBankStep();
    popularBank('ICICI Bank');
    expect(await screen.findByRole('heading', { name: 'Choose the accounts to link' })).toBeTruthy();
    await waitFor(() =>
      expect(
        page.calls.filter((call) => call.path === AGGREGATOR_ROUTES.stateCapture).map((call) => call.body),
      ).toEqual([
        { stateId: 'AA_LOGIN', consentHandle: CONSENT_HANDLE },
        { stateId: 'ACCOUNT_DISCOVERED', consentHandle: CONSENT_HANDLE, fipId: 'ICICI-FIP' },
      ]),
    );
    cleanup();

    // Back another day: the server kept the linked accounts of the waiting request.
    const linked = discovered('ICICI-FIP', 1);
    const back = open('/account-aggregator', {
      [AGGREGATOR_ROUTES.getState]: {
        stateId: 'ACCOUNT_LINKED',
        consentHandle: CONSENT_HANDLE,
        updatedAt: '2026-11-27T05:01:00.000Z',
        fipId: 'ICICI-FIP',
        consent: consentFixture(CUSTOMER.mobileNo).consent,
        linked,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Review what you share' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Accounts you’re sharing' }).textContent).toContain('ICICI Bank');
    expect(back.store.getState().finvu.AAConsentData).toMatchObject({
      steps: 'permissions',
      fipId: 'ICICI-FIP',
      linked,
    });
  });
});
