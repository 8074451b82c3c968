import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import {
  DEMO_CUSTOMER_LOCKS,
  SUPPORT_DESK_LOCK,
  expectAxeClean,
  outboxMessages,
  openMyAccount,
  screenshot,
  watchConsole,
} from '../support.ts';

/**
 * spec 001 §2 support tabs, §7 getSupport, productList, supportMail, GRIDSP
 * chat/chatAllocation, §9 "Chat enabled", on in the demo: a signed-in demo customer searches the
 * FAQs, sends a query (its reference shown, the desk's mail in the dev outbox), opens every tab
 * and joins the chat queue (no agent at the desk); at 1280px and 375px, axe-clean on every tab, the
 * console clean.
 */

// No two journeys of one seeded demo customer at once (support.ts DEMO_CUSTOMER_LOCKS).
// The chat queue is shared with my-account-live-chat.spec.ts (SUPPORT_DESK_LOCK).
test.describe.configure({ lock: [DEMO_CUSTOMER_LOCKS.scored, SUPPORT_DESK_LOCK] });

/** Kept under e2e/artifacts as support-<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `support-${name}.png`, { fullPage: true });
}

const TABS = ['FAQs', 'Submit A Query', 'Contact Us', 'Communication Preferences', 'Consent Revocation'] as const;

/** Opens a tab and waits until its content has loaded (no skeleton left). */
async function openTab(page: Page, name: (typeof TABS)[number]): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  await expect(page.locator('.pv-skeleton')).toHaveCount(0);
}

test('support: FAQs searched, a query sent with its reference mailed, every tab, a chat; 1280px and 375px, axe-clean', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const consoleClean = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMyAccount(page, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);

  await page.getByRole('link', { name: 'Help and support' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'FAQs', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Credit score and report' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'faqs-1280');

  // Search on the server: prefix words, best first; then words no FAQ has.
  const search = page.getByRole('searchbox', { name: 'Search the FAQs' });
  await search.fill('dispute cibil');
  await expect(page.getByText(/answers? for “dispute cibil”/)).toBeVisible();
  const first = page.getByRole('tabpanel', { name: 'FAQs' }).locator('details').first();
  await first.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await expectAxeClean(page);
  await shot(page, 'search-1280');
  await search.fill('xylophone');
  await expect(page.getByRole('heading', { name: 'No answers match “xylophone”' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Ask us instead' }).click();

  // Submit A Query: the form's own messages first, then a query sent.
  await expect(page.getByRole('tab', { name: 'Submit A Query', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your recent queries' })).toBeVisible();
  await page.getByRole('button', { name: 'Send query' }).click();
  await expect(page.getByText('Please choose what your query is about')).toBeVisible();
  await expect(page.getByText('Please describe your query in 20 to 2,000 characters')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'What is your query about?' })).toBeFocused();
  await expectAxeClean(page);
  await shot(page, 'query-errors-1280');

  const email = `support-${Date.now()}@example.in`;
  // A product from myAccount/productList (the demo's credit-card site).
  await page.getByRole('combobox', { name: 'What is your query about?' }).selectOption({ label: 'Credit Cards' });
  await page.getByRole('textbox', { name: 'Subject' }).fill('Card application status');
  await page
    .getByRole('textbox', { name: 'Your message' })
    .fill('I applied for a cashback credit card last week and have not heard from the bank. Is it in progress?');
  await page.getByRole('textbox', { name: 'Email for our reply' }).fill(email);
  await page.getByRole('button', { name: 'Send query' }).click();
  await expect(page.getByText('Your query has been sent')).toBeVisible();
  const reference = (await page.locator('.sup-sent .sup-reference').innerText()).trim();
  expect(reference).toMatch(/^SR-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/);
  await expect(page.getByRole('list', { name: 'Your queries' })).toContainText(reference);
  // The query reaches the desk (local outbox, /dev/outbox) with the typed address to reply to; the
  // acknowledgement goes only to the account's own verified email, never to an address typed here
  // (else the form would mail Kosh's words to anyone).
  await expect(async () => {
    const mails = (await outboxMessages(page)).filter((message) => message.channel === 'email');
    const desk = mails.find((message) => message.subject === `[${reference}] Credit Cards: Card application status`);
    expect(desk?.to).toBe('care@kosh.example.in');
    expect(desk?.text).toContain(`Reply to: ${email}`);
    expect(mails.some((message) => message.to === email)).toBe(false);
  }).toPass({ timeout: 10_000 });
  await expectAxeClean(page);
  await shot(page, 'query-sent-1280');

  await openTab(page, 'Contact Us');
  await expect(page.getByRole('link', { name: 'grievance@kosh.example.in' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'contact-1280');
  await openTab(page, 'Communication Preferences');
  await expect(page.getByRole('switch', { name: 'SMS' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'preferences-1280');
  await openTab(page, 'Consent Revocation');
  await expect(page.getByRole('heading', { name: 'Consents you’ve given' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'consent-1280');

  // Chat is on in the demo (PRAVESH_ENV=local); with no agent at the desk the customer waits, and
  // may leave a query instead (my-account-live-chat.spec.ts has the conversation with an agent).
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.getByText('You’re next in line')).toBeVisible();
  await expect(page.getByText('Our agents are away right now')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'chat-1280');
  await page.getByRole('button', { name: 'Leave the queue' }).click();
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();

  // Phone width: every tab again, from a fresh load of the page (the tab is in the address).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${API_URL}/myaccount/support#query`);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Submit A Query', selected: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your queries' })).toContainText(reference);
  for (const name of TABS) {
    await openTab(page, name);
    await expectAxeClean(page);
    await shot(page, `${name.toLowerCase().replaceAll(' ', '-')}-375`);
  }
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.getByText('You’re next in line')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'chat-375');
  await page.getByRole('button', { name: 'Leave the queue' }).click();
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();

  consoleClean();
});
