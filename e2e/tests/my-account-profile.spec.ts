import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import {
  DEMO_CUSTOMER_LOCKS,
  expectAxeClean,
  newOtpFromOutbox,
  otpFromEmail,
  screenshot,
  signInToMyAccount,
  watchConsole,
} from '../support.ts';

/**
 * spec 001 §2 profile and personal-details, §5 email rules, masking and OTP texts: a
 * signed-in demo customer fills in their personal details with the searchable pickers from the
 * keyboard (employer searched on the server, city and bank from their lists), saves them, adds an
 * email address confirmed by the OTP sent to it (from the dev outbox), and sees it masked; both
 * screens at 1280px and 375px, axe-clean, with a clean console.
 */

// No two journeys of one seeded demo customer at once (support.ts DEMO_CUSTOMER_LOCKS).
test.describe.configure({ lock: DEMO_CUSTOMER_LOCKS.newToCredit });

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `profile-${name}.png`, { fullPage: true });
}

test('personal details with keyboard pickers, an email confirmed by OTP and shown masked; 1280px and 375px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The one wrong OTP below is answered 400 on purpose; Chromium logs that answer.
  const consoleClean = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobileNo } = DEMO_CREDIT_CUSTOMERS.newToCredit;
  await signInToMyAccount(page, mobileNo);

  // Personal details: empty at first, filled from the keyboard.
  await page.goto(`${API_URL}/myaccount/personal-details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Full name (as on your PAN card)' }).fill('Meera Iyer');
  // Typed in Indian order, day first; the slashes come by themselves.
  const dateOfBirth = page.getByRole('textbox', { name: /^Date of birth/ });
  await dateOfBirth.pressSequentially('14071990');
  await expect(dateOfBirth).toHaveValue('14/07/1990');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('textbox', { name: /^PAN/ }).fill('ABCPI4321M');
  await page.getByRole('radio', { name: 'Salaried' }).check();

  // Employer: typed, searched on the server once typing pauses, chosen with Down and Enter.
  const employer = page.getByRole('combobox', { name: 'Employer' });
  await employer.focus();
  const searched = page.waitForResponse((response) => response.url().includes('/BSP/api/v1/utility/employer?q='));
  await page.keyboard.type('tata cons', { delay: 40 });
  expect((await searched).status()).toBe(200);
  const listbox = page.getByRole('listbox', { name: 'Employer' });
  await expect(listbox.getByRole('option').first()).toHaveText('Tata Consultancy Services Limited');
  await expectAxeClean(page);
  await shot(page, 'employer-picker-1280');
  await page.keyboard.press('ArrowDown');
  await expect(employer).toHaveAttribute('aria-activedescendant', /option-0$/);
  await page.keyboard.press('Enter');
  await expect(employer).toHaveValue('Tata Consultancy Services Limited');
  await expect(employer).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('textbox', { name: 'Monthly take-home income' }).fill('92000');

  // City: popular cities before anything is typed; then type to narrow the whole list; Escape closes.
  const city = page.getByRole('combobox', { name: 'City you live in' });
  await city.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'City you live in' }).getByRole('option').first()).toContainText(
    'Mumbai',
  );
  await page.keyboard.press('Escape');
  await expect(city).toHaveAttribute('aria-expanded', 'false');
  // Names starting with what was typed come first: Pune before the towns of Punjab.
  await page.keyboard.type('Pun');
  await expect(page.getByRole('listbox', { name: 'City you live in' }).getByRole('option').first()).toContainText(
    'Pune',
  );
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(city).toHaveValue('');
  await page.keyboard.type('chenn');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(city).toHaveValue('Chennai');

  // Bank: the top banks of spec 001 §9 first.
  const bank = page.getByRole('combobox', { name: /Bank of your main account/ });
  await bank.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(bank).toHaveValue('State Bank of India');

  await page.getByRole('button', { name: 'Save details' }).press('Enter');
  await expect(page.getByText('Your personal details are saved')).toBeVisible();
  await expect(page.getByText('AB******1M')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'personal-details-1280');

  // Profile: the saved details summarised; the email added with an OTP sent to it.
  await page.goto(`${API_URL}/myaccount/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const personal = page.getByRole('region', { name: 'Personal details' });
  await expect(personal).toContainText('Salaried · Tata Consultancy Services Limited');
  await expect(personal).toContainText('Chennai, Tamil Nadu');
  await expect(personal).toContainText('₹92,000');
  const contact = page.getByRole('region', { name: 'Contact details' });
  await expect(contact).toContainText(`+91 98******${mobileNo.slice(-2)}`);

  const email = `meera.iyer.${Date.now().toString(36)}@example.in`;
  await contact.getByRole('button', { name: 'Add email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add your email address' });
  // First an OTP to the current number (customerProfile/update's reauthenticate step).
  const confirmation = await newOtpFromOutbox(
    page,
    mobileNo,
    () => dialog.getByRole('button', { name: 'Send OTP' }).click(),
    { afterResendWindow: false },
  );
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(confirmation);
  await expect(dialog.getByText('Thanks, you’re confirmed.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New email address' }).fill('meera.iyer@example.c');
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New email address' }).fill(email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  // spec 001 §5 short identifier on the mailbox: first 2 and last 2 characters (at most 6 stars between).
  const maskedEmail = `me******${email.slice(email.indexOf('@') - 2)}`;
  await expect(dialog.getByText(maskedEmail, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/Resend OTP in 0:\d\d/)).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'email-otp-1280');
  const code = await otpFromEmail(page, email);
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(code === '000000' ? '111111' : '000000');
  await expect(dialog.getByText('OTP is Incorrect, Please enter valid OTP')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(code);
  await expect(page.getByText('Your email address verified successfully.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(contact).toContainText(maskedEmail);
  await expect(contact).not.toContainText(email);
  await expectAxeClean(page);
  await shot(page, 'profile-1280');

  // Phone width: both screens again.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, heading, name] of [
    ['profile', 'Profile', 'profile-375'],
    ['personal-details', 'Personal details', 'personal-details-375'],
  ] as const) {
    await page.goto(`${API_URL}/myaccount/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.pv-skeleton')).toHaveCount(0);
    await expectAxeClean(page);
    await shot(page, name);
  }
  const employerOnPhone = page.getByRole('combobox', { name: 'Employer' });
  await expect(employerOnPhone).toHaveValue('Tata Consultancy Services Limited');
  await employerOnPhone.fill('');
  await employerOnPhone.pressSequentially('infos');
  await expect(page.getByRole('listbox', { name: 'Employer' }).getByRole('option').first()).toHaveText(
    'Infosys Limited',
  );
  await shot(page, 'employer-picker-375');
  await page.keyboard.press('Escape');

  consoleClean([/status of 400 .*\/BSP\/api\/v1\/customerProfile\/update/]);
});
