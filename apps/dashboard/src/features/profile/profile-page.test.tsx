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
        [PROFILE_ROUTES.update]: (body: unknown) => {
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
          };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add email' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Add your email address' });
    const field = within(dialog).getByRole('textbox', { name: 'New email address' });
    // The loose rule (a 2-letter domain ending) refuses this before any call.
    fireEvent.change(field, { target: { value: 'ananya.rao@example.c' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Please enter a valid email address',
    );
    expect(page.calls.some((call) => call.path === PROFILE_ROUTES.update)).toBe(false);

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
    expect(page.calls.filter((call) => call.path === PROFILE_ROUTES.update).map((call) => call.body)).toEqual([
      { updateType: 'email', customerId: CUSTOMER.customerId, email: 'ananya.rao@example.in' },
      { updateType: 'email', customerId: CUSTOMER.customerId, email: 'ananya.rao@example.in', otp: '111111' },
      { updateType: 'email', customerId: CUSTOMER.customerId, email: 'ananya.rao@example.in', otp: '246810' },
    ]);
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
        [PROFILE_ROUTES.update]: (body: unknown) => {
          const request = body as { mobileNo: string; otp?: string };
          if (request.mobileNo === '9123400000') {
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
          return { outcome: 'verified', message: 'Your mobile number verified successfully.', mobileNo, email: null };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change mobile number' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Change your mobile number' });
    const field = within(dialog).getByRole('textbox', { name: 'New mobile number' });
    fireEvent.change(field, { target: { value: '9123400000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(
      await within(dialog).findByText(
        'This mobile number is registered to another account. Please use a different number',
      ),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: '9123456711' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    const otp = await within(dialog).findByRole('textbox', { name: 'OTP' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    // spec 001 §5 "Resent" text, gone after 5000 ms (spec 001 §9).
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Please enter OTP re-sent to your mobile number'));
    await waitFor(() => expect(status.textContent).toBe(''), { timeout: 7000 });
    fireEvent.change(otp, { target: { value: '135790' } });
    expect(await screen.findByText('Your mobile number verified successfully.')).toBeTruthy();
    expect(page.store.getState().user.userData?.mobileNo).toBe('9123456711');
    expect(await screen.findByText('+91 91******11')).toBeTruthy();
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
