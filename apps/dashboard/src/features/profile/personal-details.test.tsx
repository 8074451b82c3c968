// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import { PROFILE_ROUTES } from '@pravesh/core/profile/routes.ts';
import { CUSTOMER, DEFAULT_ROUTES, refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { REFERENCE_ROUTES, SAVED_DETAILS } from './fixtures.ts';

afterEach(cleanup);

const DETAILS = DEFAULT_ROUTES[MY_ACCOUNT_ROUTES.getCustomerDetails] as Record<string, unknown>;

function render(routes: Record<string, unknown> = {}) {
  return renderDashboard('/personal-details', {
    preloaded: signedInState(),
    routes: { ...REFERENCE_ROUTES, ...routes },
  });
}

const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const key = (element: HTMLElement, name: string) => fireEvent.keyDown(element, { key: name });

describe('Personal details (spec 001 §2 personal-details)', () => {
  it('fills the form with the pickers from the keyboard and saves the details', async () => {
    let saved: unknown = null;
    const page = render({
      [MY_ACCOUNT_ROUTES.getCustomerDetails]: () => ({ ...DETAILS, personalDetails: saved }),
      [PROFILE_ROUTES.update]: (body: unknown) => {
        saved = SAVED_DETAILS;
        return { outcome: 'saved', personalDetails: SAVED_DETAILS, _sent: body };
      },
    });
    await screen.findByRole('textbox', { name: 'Full name (as on your PAN card)' }, { timeout: 5000 });
    type('Full name (as on your PAN card)', 'Ananya Rao');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '18/04/1992' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
    type(/^PAN/, 'abcpr1234k');
    fireEvent.click(screen.getByRole('radio', { name: 'Salaried' }));

    // Employer: a server search once typing pauses, from the second letter.
    const employer = screen.getByRole('combobox', { name: 'Employer' });
    fireEvent.change(employer, { target: { value: 'i' } });
    fireEvent.change(employer, { target: { value: 'inf' } });
    expect(await screen.findByRole('option', { name: 'Infosys Limited' }, { timeout: 3000 })).toBeTruthy();
    const searches = page.calls.filter((call) => call.path === PROFILE_ROUTES.employer);
    expect(searches.map((call) => call.query)).toEqual([{ q: 'inf' }]);
    key(employer, 'ArrowDown');
    key(employer, 'Enter');
    expect((employer as HTMLInputElement).value).toBe('Infosys Limited');
    type('Monthly take-home income', '85,000');

    // City: popular cities first, every city as one types.
    const city = screen.getByRole('combobox', { name: 'City you live in' });
    key(city, 'ArrowDown');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'MumbaiMaharashtra',
      'DelhiDelhi',
    ]);
    fireEvent.change(city, { target: { value: 'pu' } });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    key(city, 'ArrowDown');
    key(city, 'Enter');
    expect((city as HTMLInputElement).value).toBe('Pune');

    const bank = screen.getByRole('combobox', { name: /Bank of your main account/ });
    key(bank, 'ArrowDown');
    key(bank, 'Enter');
    expect((bank as HTMLInputElement).value).toBe('HDFC Bank');

    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your personal details are saved')).toBeTruthy();
    expect(page.calls.find((call) => call.path === PROFILE_ROUTES.update)?.body).toEqual({
      updateType: 'personalDetails',
      customerId: CUSTOMER.customerId,
      personalDetails: {
        fullName: 'Ananya Rao',
        dateOfBirth: '1992-04-18',
        gender: 'FEMALE',
        pan: 'ABCPR1234K',
        employmentType: 1,
        employerId: 2,
        monthlyIncome: 85_000,
        professionType: null,
        businessType: null,
        annualTurnoverId: null,
        cityId: 103,
        bankId: 13,
      },
    });
    // The saved details fill the form again; the PAN only masked, kept unless changed.
    expect(await screen.findByText('AB******4K')).toBeTruthy();
    expect(page.store.getState().user.personalDetails?.personalDetails).toEqual(SAVED_DETAILS);
  });

  it('says what to fix beside each field, focuses the first, and sends nothing', async () => {
    const page = render();
    const save = await screen.findByRole('button', { name: 'Save details' }, { timeout: 5000 });
    type('Full name (as on your PAN card)', 'A');
    fireEvent.click(screen.getByRole('radio', { name: 'Self Employed Business' }));
    fireEvent.click(save);
    expect(await screen.findByText('Please enter your full name as on your PAN card')).toBeTruthy();
    for (const text of [
      'Please enter a valid date of birth',
      'Please choose your gender',
      'Please choose your business type',
      'Please choose your annual turnover',
      'Please choose your city from the list',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Full name (as on your PAN card)' }));
    expect(page.calls.some((call) => call.path === PROFILE_ROUTES.update)).toBe(false);
    // Fixing a field clears its message.
    type('Full name (as on your PAN card)', 'Ananya Rao');
    expect(screen.queryByText('Please enter your full name as on your PAN card')).toBeNull();
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    render({
      [MY_ACCOUNT_ROUTES.getCustomerDetails]: { ...DETAILS, personalDetails: SAVED_DETAILS },
      [PROFILE_ROUTES.update]: Object.assign(refusal('unknownEmployer', 400), {
        body: {
          status: false,
          statusCode: 'unknownEmployer',
          statusMessage: 'Please choose your employer from the list',
        },
      }),
    });
    const name = await screen.findByRole<HTMLInputElement>(
      'textbox',
      { name: 'Full name (as on your PAN card)' },
      { timeout: 5000 },
    );
    expect(name.value).toBe('Ananya Rao');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Employer' }).value).toBe('Infosys Limited');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please choose your employer from the list')).toBeTruthy();
    expect(name.value).toBe('Ananya Rao');
  });

  it('asks a self-employed professional for profession and turnover instead of employer and salary', async () => {
    render({ [MY_ACCOUNT_ROUTES.getCustomerDetails]: { ...DETAILS, personalDetails: SAVED_DETAILS } });
    fireEvent.click(await screen.findByRole('radio', { name: 'Self Employed Professional' }, { timeout: 5000 }));
    expect(screen.queryByRole('combobox', { name: 'Employer' })).toBeNull();
    const profession = screen.getByRole('combobox', { name: 'Profession' });
    expect(
      within(profession)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('Chartered Accountant');
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Annual turnover' })).getAllByRole('option')).toHaveLength(4),
    );
  });

  it('asks for the bank at a turnover band of specialAnnualTurnOverKeys (spec 001 §3), and sends nothing without it', async () => {
    const page = render({
      [MY_ACCOUNT_ROUTES.getCustomerDetails]: {
        ...DETAILS,
        personalDetails: { ...SAVED_DETAILS, bankId: null, bankName: null },
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Self Employed Business' }, { timeout: 5000 }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Business type' }), { target: { value: '34' } });
    const turnover = screen.getByRole('combobox', { name: 'Annual turnover' });
    await waitFor(() => expect(within(turnover).getAllByRole('option')).toHaveLength(4));
    expect(page.store.getState().utility.specialAnnualTurnOverKeys).toEqual([4]);
    // Below the special bands the bank stays optional.
    fireEvent.change(turnover, { target: { value: '2' } });
    expect(screen.getByRole('combobox', { name: 'Bank of your main account (optional)' })).toBeTruthy();
    fireEvent.change(turnover, { target: { value: '4' } });
    const bank = screen.getByRole('combobox', { name: 'Bank of your main business account' });
    expect(bank.getAttribute('aria-required') ?? String((bank as HTMLInputElement).required)).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Please choose the bank that holds your main business account')).toBeTruthy();
    expect(page.calls.some((call) => call.path === PROFILE_ROUTES.update)).toBe(false);
  });
});
