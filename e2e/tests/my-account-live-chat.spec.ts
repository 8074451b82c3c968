import { expect, test, type Page } from '@playwright/test';
import { API_URL } from '../urls.ts';
import {
  SUPPORT_DESK_LOCK,
  expectAxeClean,
  openMyAccount,
  randomMobile,
  screenshot,
  watchConsole,
} from '../support.ts';

/**
 * Live chat (spec 001 §7 GRIDSP chat, §9 "Chat enabled", on in the demo; modules/support/chat): a
 * customer in My Account and an agent at the support desk (/desk, a second browser context with
 * its own sign-in) talk in real time — the queue, the agent taking the chat, messages both ways,
 * typing, a canned answer, handing the chat back to the queue and taking it again, ending and
 * rating; then, with no agent on duty, the customer's words sent as a query (a ticket) — at 1280px
 * and 375px, axe-clean, consoles clean.
 */

/** The demo desk agent the seed step makes in `local` (README "Live chat"). */
const AGENT = { email: 'priya@desk.kosh.example.in', password: 'kosh-desk-demo' };

// One after the other, and with no other chat journey: the desk's queue is one for everyone.
test.describe.configure({ mode: 'serial', lock: SUPPORT_DESK_LOCK });

/** The viewport with `region` scrolled into it (at 375px the chat is below the page's title). */
async function shot(page: Page, name: string, region?: string): Promise<void> {
  if (region) {
    await page.getByRole('region', { name: region }).evaluate((element) => element.scrollIntoView({ block: 'end' }));
  }
  await screenshot(page, `live-chat-${name}.png`);
}

async function deskSignIn(desk: Page): Promise<void> {
  await desk.goto(`${API_URL}/desk`);
  await expect(desk.getByRole('heading', { name: 'Sign in to the support desk' })).toBeVisible();
  await desk.getByRole('textbox', { name: 'Work email' }).fill(AGENT.email);
  await desk.getByLabel('Password').fill(AGENT.password);
  await desk.getByRole('button', { name: 'Sign in' }).click();
  await expect(desk.getByText('Priya · On duty')).toBeVisible();
}

for (const { width, height, label } of [
  { width: 1280, height: 900, label: '1280' },
  { width: 375, height: 812, label: '375' },
]) {
  test(`live chat between a customer and the support desk at ${label}px`, async ({ page, browser, reducedMotion }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const customerConsole = watchConsole(page);
    const deskContext = await browser.newContext({ viewport: { width, height }, reducedMotion });
    const desk = await deskContext.newPage();
    const deskConsole = watchConsole(desk);

    // The agent: a wrong password is refused with the catalogue's words, then the real one.
    await desk.goto(`${API_URL}/desk`);
    await desk.getByRole('textbox', { name: 'Work email' }).fill(AGENT.email);
    await desk.getByLabel('Password').fill('not-the-password');
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await expect(desk.getByRole('alert')).toContainText('The email or password is not right');
    await expectAxeClean(desk, 'the sign-in refused');
    if (label === '375') await shot(desk, `desk-signin-${label}`);
    await deskSignIn(desk);
    await expect(desk.getByText('No one is waiting. New customers appear here.')).toBeVisible();

    // The customer asks for a chat and writes while waiting.
    await openMyAccount(page, randomMobile());
    await page.goto(`${API_URL}/myaccount/support`);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.getByText('You’re next in line')).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('Hi, my CIBIL score has not updated since last month.');
    await box.press('Enter');
    const log = page.getByRole('log', { name: 'Chat messages' });
    await expect(log).toContainText('my CIBIL score has not updated');
    await expectAxeClean(page, 'waiting in the queue');
    await shot(page, `customer-waiting-${label}`, 'Chat with us');

    // The desk hears the new customer at once, with their first words; the agent takes the chat.
    const waiting = desk.getByRole('region', { name: /Waiting/ });
    await expect(waiting).toContainText('my CIBIL score has not updated');
    await desk.getByRole('button', { name: 'Take next customer' }).click();
    const conversation = desk.getByRole('log', { name: /Messages in chat/ });
    await expect(conversation).toContainText('my CIBIL score has not updated');
    await expect(page.getByText('You’re chatting with Priya')).toBeVisible();
    await expect(log).toContainText('Priya has joined the chat.');

    // Typing, then a canned answer, both ways as they happen; markup stays text.
    const reply = desk.getByRole('textbox', { name: 'Reply to the customer' });
    await reply.pressSequentially('Let me check');
    await expect(page.getByText('Priya is typing…')).toBeVisible();
    await desk
      .getByRole('group', { name: 'Canned answers' })
      .getByRole('button', { name: 'When the score updates' })
      .click();
    await expect(reply).toHaveValue(/Credit bureaus update your report/);
    await desk.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(log).toContainText('Credit bureaus update your report');
    await box.fill('Thanks! <b>Got it</b>');
    await box.press('Enter');
    await expect(conversation).toContainText('Thanks! <b>Got it</b>');
    await expect(desk.locator('.desk-log b')).toHaveCount(0);
    await expectAxeClean(page, 'chatting');
    await expectAxeClean(desk, 'chatting');
    await shot(page, `customer-chatting-${label}`, 'Chat with us');
    await shot(desk, `desk-chatting-${label}`);

    // The agent hands the chat back: the customer is in the queue again, with the conversation
    // kept, and the next agent to take it (here the same one) sees all of it.
    await desk.getByRole('button', { name: 'Hand back to queue' }).click();
    await expect(desk.getByText('No chat open')).toBeVisible();
    await expect(page.getByText('You’re next in line')).toBeVisible();
    await expect(log).toContainText('Credit bureaus update your report');
    await expect(waiting).toContainText('my CIBIL score has not updated');
    await desk.getByRole('button', { name: 'Take next customer' }).click();
    await expect(conversation).toContainText('my CIBIL score has not updated');
    await expect(conversation).toContainText('Credit bureaus update your report');
    await expect(page.getByText('You’re chatting with Priya')).toBeVisible();

    // The agent ends the chat; the customer rates it.
    await desk.getByRole('button', { name: 'End chat' }).click();
    await expect(desk.getByText('No chat open')).toBeVisible();
    await expect(page.getByText('This chat has ended')).toBeVisible();
    const rating = page.getByRole('group', { name: 'How was your chat?' });
    await rating.getByText('Excellent').click();
    await expect(page.getByRole('group', { name: 'Thank you for your rating' })).toBeVisible();
    await expectAxeClean(page, 'rated');
    await shot(page, `customer-ended-${label}`, 'Chat with us');
    // This customer has no email on the account: the transcript cannot be mailed, and it says so.
    await page.getByRole('button', { name: 'Email me the transcript' }).click();
    await expect(page.getByText('Add an email address to your profile to get the transcript')).toBeVisible();

    await desk.getByRole('button', { name: 'Sign out' }).click();
    await expect(desk.getByRole('heading', { name: 'Sign in to the support desk' })).toBeVisible();

    // No agent on duty now: a new chat offers to send what the customer wrote as a query instead,
    // and answers with the ticket's reference.
    await page.reload();
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.getByText('Our agents are away right now')).toBeVisible();
    await box.fill('Please call me about my credit card application.');
    await box.press('Enter');
    await expect(log).toContainText('Please call me about my credit card application.');
    await page.getByRole('textbox', { name: 'Email for our reply' }).fill('chat.query@example.in');
    await page.getByRole('button', { name: 'Send as a query' }).click();
    await expect(page.getByText('We’ve got your message')).toBeVisible();
    await expect(page.locator('.sup-reference')).toHaveText(/^SR-\d{6}-[A-Z0-9]+$/);
    await expectAxeClean(page, 'sent as a query');
    await shot(page, `customer-query-${label}`, 'Chat with us');
    customerConsole([/409 \(Conflict\)/]);
    deskConsole([/401 \(Unauthorized\)/]);
    await deskContext.close();
  });
}
