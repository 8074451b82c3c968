// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import { PROFILE_ROUTES } from '@pravesh/core/profile/routes.ts';
import { CUSTOMER, DEFAULT_ROUTES, refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { SAVED_DETAILS } from './fixtures.ts';

afterEach(cleanup);

const DETAILS = DEFAULT_ROUTES[MY_ACCOUNT_ROUTES.getCustomerDetails] as Record<string, unknown>;

function refusedWith(statusCode: string, statusMessage: string, httpStatus = 400) {
  return Object.assign(refusal(statusCode, httpStatus), { body: { status: false, statusCode, statusMessage } });
}

const PROOF = 'proof-of-the-current-number';
const REAUTH_CODE = '112233';

/**
 * customerProfile/update as the server answers it: the `reauthenticate` step (a code to the current
 * number, then the proof), and `change` for the email or number calls, which must carry the proof.
 */
function updateRoute(change: (body: Record<string, unknown>) => unknown) {
  return (body: unknown) => {
    const request = body as Record<string, unknown>;
    if (request.updateType === 'reauthenticate') {
      if (!request.otp) {
        return {
          outcome: 'otpSent',
          message: 'Please enter the OTP sent to 98******34',
          otp: { sentTo: '98******34', resent: false, resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 },
        };
      }
      if (request.otp !== REAUTH_CODE) return refusedWith('otpIncorrect', 'OTP is Incorrect, Please enter valid OTP');
      return {
        outcome: 'reauthenticated',
        message: 'Thanks for confirming it’s you',
        reauthToken: PROOF,
        expiresInSeconds: 600,
      };
    }
    if (request.reauthToken !== PROOF) {
      return refusedWith(
        'reauthenticationRequired',
        'For your security, please confirm it’s you with an OTP before changing your contact details',
        403,
      );
    }
    return change(request);
  };
}

/** The dialog's first step: the code to the current number, a wrong one, then the right one. */
async function confirmItsYou(dialog: HTMLElement) {
  expect(within(dialog).getByText('First, let’s confirm it’s you')).toBeTruthy();
  expect(within(dialog).getByText('+91 98******34')).toBeTruthy();
  expect(within(dialog).getByRole('list', { name: 'Step 1 of 3' })).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
  const otp = await within(dialog).findByRole('textbox', { name: 'OTP' });
  fireEvent.change(otp, { target: { value: '999999' } });
  expect(await within(dialog).findByText('OTP is Incorrect, Please enter valid OTP')).toBeTruthy();
  fireEvent.change(otp, { target: { value: REAUTH_CODE } });
  expect(await within(dialog).findByText('Thanks, you’re confirmed.')).toBeTruthy();
  expect(within(dialog).getByRole('list', { name: 'Step 2 of 3' })).toBeTruthy();
}

describe('Profile (spec 001 §2 profile)', () => {
  it('shows the contact details masked (spec 001 §5) and the saved personal details', async () => {
    renderDashboard('/profile', {
      preloaded: signedInState(),
      routes: {
        [MY_ACCOUNT_ROUTES.getCustomerDetails]: {
          ...DETAILS,
          email: 'ananya.rao@example.in',
          personalDetails: SAVED_DETAILS,
        },
      },
    });
    const contact = await screen.findByRole('region', { name: 'Contact details' }, { timeout: 5000 });
    expect(within(contact).getByText('+91 98******34')).toBeTruthy();
    expect(within(contact).getByText('an******ao@example.in')).toBeTruthy();
    expect(contact.textContent).not.toContain(CUSTOMER.mobileNo);
    const personal = screen.getByRole('region', { name: 'Personal details' });
    for (const text of [
      'Ananya Rao',
      'AB******4K',
      'Salaried · Infosys Limited',
      '₹85,000',
      'Pune, Maharashtra',
      'HDFC Bank',
    ]) {
      expect(within(personal).getByText(text)).toBeTruthy();
    }
    expect(within(personal).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/personal-details');
  });

  it('invites a customer without details to add them', async () => {
    renderDashboard('/profile', { preloaded: signedInState() });
    expect(
      await screen.findByRole('heading', { name: 'No personal details added yet' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add personal details' }).getAttribute('href')).toBe('/personal-details');
    expect(screen.getByText('Not added yet')).toBeTruthy();
  });

  it('adds an email: the rules of spec 001 §5 first, then the OTP sent to it, wrong and right', async () => {
    let email: string | null = null;
    const page = renderDashboard('/profile', {
      preloaded: signedInState(),
      routes: {
        [MY_ACCOUNT_ROUTES.getCustomerDetails]: () => ({ ...DETAILS, email }),
        [PROFILE_ROUTES.update]: updateRoute((body) => {
          const request = body as { email: string; otp?: string };
          if (!request.otp) {
            return {
              outcome: 'otpSent',
              message: 'Please enter the OTP sent to an******ao@example.in',
              otp: {
                sentTo: 'an******ao@example.in',
                resent: false,
                resendAfterSeconds: 30,
                expiresInSeconds: 300,
                otpLength: 6,
              },
            };
          }
          if (request.otp !== '246810') return refusedWith('otpIncorrect', 'OTP is Incorrect, Please enter valid OTP');
          email = request.email;
          return {
            outcome: 'verified',
            message: 'Your email address verified successfully.',
            mobileNo: CUSTOMER.mobileNo,
            email,
            otherDevicesSignedOut: 0,
          };
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add email' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Add your email address' });
    await confirmItsYou(dialog);
    const field = within(dialog).getByRole('textbox', { name: 'New email address' });
    // The loose rule (a 2-letter domain ending) refuses this before any call.
    fireEvent.change(field, { target: { value: 'ananya.rao@example.c' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Please enter a valid email address',
    );
    const changeCalls = () =>
      page.calls
        .filter((call) => call.path === PROFILE_ROUTES.update)
        .map((call) => call.body as Record<string, unknown>)
        .filter((body) => body.updateType !== 'reauthenticate');
    expect(changeCalls()).toEqual([]);

    fireEvent.change(field, { target: { value: 'ananya.rao@example.in' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    const otp = await within(dialog).findByRole('textbox', { name: 'OTP' });
    // The field's hint says where the OTP went (read with the field); the status line waits for a resend.
    expect(otp.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(otp.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Enter the 6-digit OTP sent to an******ao@example.in. It is valid for 5 minutes.',
    );
    expect(within(dialog).getByRole('status').textContent).toBe('');
    expect(within(dialog).getByText(/Resend OTP in 0:\d\d/)).toBeTruthy();
    fireEvent.change(otp, { target: { value: '111111' } });
    expect(await within(dialog).findByText('OTP is Incorrect, Please enter valid OTP')).toBeTruthy();
    fireEvent.change(otp, { target: { value: '246810' } });
    expect(await screen.findByText('Your email address verified successfully.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('an******ao@example.in')).toBeTruthy();
    const change = {
      updateType: 'email',
      customerId: CUSTOMER.customerId,
      email: 'ananya.rao@example.in',
      reauthToken: PROOF,
    };
    expect(changeCalls()).toEqual([change, { ...change, otp: '111111' }, { ...change, otp: '246810' }]);
    // A wrong OTP is the customer's input, not a broken session: nothing in the API_ERROR list.
    expect(page.store.getState().utility.apiErrors).toEqual([]);
  });

  it('changes the mobile number (re-sent text shown 5 s) and keeps the new one in the session data', async () => {
    let mobileNo = CUSTOMER.mobileNo;
    let sends = 0;
    const page = renderDashboard('/profile', {
      preloaded: signedInState(),
      routes: {
        [MY_ACCOUNT_ROUTES.getCustomerDetails]: () => ({ ...DETAILS, mobileNo }),
        [PROFILE_ROUTES.update]: updateRoute((body) => {
          const request = body as { mobileNo: string; otp?: string };
          // Another account's number is refused only once its code checks out (no oracle before).
          if (request.mobileNo === '9123400000' && request.otp) {
            return refusedWith(
              'mobileNumberInUse',
              'This mobile number is registered to another account. Please use a different number',
              409,
            );
          }
          if (!request.otp) {
            sends += 1;
            const resent = sends > 1;
            return {
              outcome: 'otpSent',
              message: resent
                ? 'Please enter OTP re-sent to your mobile number'
                : 'Please enter the OTP sent to 91******11',
              otp: { sentTo: '91******11', resent, resendAfterSeconds: 0, expiresInSeconds: 300, otpLength: 6 },
            };
          }
          mobileNo = request.mobileNo;
          return {
            outcome: 'verified',
            message: 'Your mobile number verified successfully.',
            mobileNo,
            email: null,
            otherDevicesSignedOut: 2,
          };
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change mobile number' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Change your mobile number' });
    await confirmItsYou(dialog);
    const field = within(dialog).getByRole('textbox', { name: 'New mobile number' });
    fireEvent.change(field, { target: { value: '9123400000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'OTP' }), { target: { value: '246802' } });
    expect(
      await within(dialog).findByText(
        'This mobile number is registered to another account. Please use a different number',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a different number' }));
    sends = 0;
    const field2 = within(dialog).getByRole('textbox', { name: 'New mobile number' });
    fireEvent.change(field2, { target: { value: '9123456711' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    const otp = await within(dialog).findByRole('textbox', { name: 'OTP' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    // spec 001 §5 "Resent" text, gone after 5000 ms (spec 001 §9).
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Please enter OTP re-sent to your mobile number'));
    await waitFor(() => expect(status.textContent).toBe(''), { timeout: 7000 });
    fireEvent.change(otp, { target: { value: '135790' } });
    expect(await screen.findByText('Your mobile number verified successfully.')).toBeTruthy();
    expect(screen.getByText(/we signed you out on 2 other devices/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your active devices' }).getAttribute('href')).toBe('/active-devices');
    expect(page.store.getState().user.userData?.mobileNo).toBe('9123456711');
    expect(await screen.findByText('+91 91******11')).toBeTruthy();
  });

  it('goes back to confirming it’s you when the confirmation has lapsed', async () => {
    let lapsed = false;
    renderDashboard('/profile', {
      preloaded: signedInState(),
      routes: {
        [MY_ACCOUNT_ROUTES.getCustomerDetails]: DETAILS,
        [PROFILE_ROUTES.update]: (body: unknown) =>
          lapsed && (body as { updateType: string }).updateType !== 'reauthenticate'
            ? refusedWith(
                'reauthenticationRequired',
                'For your security, please confirm it’s you with an OTP before changing your contact details',
                403,
              )
            : updateRoute(() => ({ outcome: 'otpSent', message: '', otp: {} }))(body),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change mobile number' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Change your mobile number' });
    await confirmItsYou(dialog);
    lapsed = true;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New mobile number' }), {
      target: { value: '9123456711' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByText('Please confirm it’s you again')).toBeTruthy();
    expect(within(dialog).getByText('First, let’s confirm it’s you')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'New mobile number' })).toBeNull();
  });

  it('says so when the details cannot be loaded, and tries again', async () => {
    let fail = true;
    renderDashboard('/profile', {
      preloaded: signedInState(),
      routes: {
        [MY_ACCOUNT_ROUTES.getCustomerDetails]: () => (fail ? refusal('somethingWentWrong', 500) : DETAILS),
      },
    });
    expect(await screen.findByText('We couldn’t load your details', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Contact details' })).toBeTruthy();
  });
});
