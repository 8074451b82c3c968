// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import { SELF_SERVICE_ROUTES } from '@pravesh/core/self-service/routes.ts';
import { CHAT_LIVENESS } from '@pravesh/core/support/rules.ts';
import { SUPPORT_ROUTES } from '@pravesh/core/support/routes.ts';
import type {
  ChatAllocationResponse,
  FaqCategory,
  GetSupportBody,
  GetSupportResponse,
  SupportMailBody,
  SupportTicket,
} from '@pravesh/core/support/schemas.ts';
import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import { CUSTOMER, refusal, renderDashboard, signedInState, type Reply } from '../../test/harness.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const CATEGORIES: FaqCategory[] = [
  {
    categoryId: 'credit-score',
    title: 'Credit score and report',
    faqs: [
      {
        faqId: 'score-check-lowers',
        question: 'Does checking my credit score on Kosh lower it?',
        answer: 'No. Checking your own score is a soft enquiry.\n\nOnly a hard enquiry can lower it.',
      },
    ],
  },
  {
    categoryId: 'disputes',
    title: 'Mistakes in your credit report',
    faqs: [
      {
        faqId: 'dispute-how-long',
        question: 'How long does a bureau take to correct a mistake?',
        answer: 'Within 30 days of your complaint.',
      },
    ],
  },
];

/** A stand-in for getSupport: every FAQ, or those whose question holds every word searched. */
function faqServer(chatEnabled = false) {
  return (body: unknown): GetSupportResponse => {
    const { query } = body as GetSupportBody;
    const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const categories = CATEGORIES.map((category) => ({
      ...category,
      faqs: category.faqs.filter((faq) => words.every((word) => faq.question.toLowerCase().includes(word))),
    })).filter((category) => category.faqs.length > 0);
    const total = categories.reduce((sum, category) => sum + category.faqs.length, 0);
    return { query: query ?? null, total, shown: total, categories, chatEnabled };
  };
}

const TICKET: SupportTicket = {
  reference: 'SR-261121-7KQ2MX',
  status: 'OPEN',
  product: 'productCC',
  productName: 'Credit Cards',
  subject: 'Card application status',
  createdAt: '2026-11-21T06:00:00.000Z',
  replyTo: 'as*****@example.in',
};

function routes(extra: Record<string, Reply> = {}): Record<string, Reply> {
  return {
    [SUPPORT_ROUTES.getSupport]: faqServer(),
    [SUPPORT_ROUTES.supportTickets]: { tickets: [] },
    [ADD_ON_ROUTES.productList]: {
      products: [
        {
          redirectKey: 'productCC',
          name: 'Credit Cards',
          tagline: 'Compare cards',
          category: 'CARDS',
          url: 'http://localhost:4100/',
        },
      ],
    },
    [MY_ACCOUNT_ROUTES.getCustomerDetails]: {
      customerId: CUSTOMER.customerId,
      mobileNo: CUSTOMER.mobileNo,
      email: 'asha.rao@example.in',
      customerSince: '2024-03-15T10:00:00.000Z',
    },
    ...extra,
  };
}

const open = (path: string, extra?: Record<string, Reply>) =>
  renderDashboard(path, { preloaded: signedInState(), routes: routes(extra) });

/** "Chat with us" answered with a place in the queue: third, two agents on duty. */
const QUEUED_THIRD: ChatAllocationResponse = {
  chatId: '7d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  status: 'QUEUED',
  agentName: null,
  queuePosition: 3,
  requestedAt: '2026-11-21T06:00:00.000Z',
  agentsOnDuty: 2,
  assignedAt: null,
};

describe('Support page (spec 001 §2 support)', () => {
  it('shows a loading state, then the FAQs by category; each opens to its answer', async () => {
    let release: () => void = () => undefined;
    open('/support', {
      // Held until the test lets it through, so the loading state can be seen.
      [SUPPORT_ROUTES.getSupport]: (body: unknown) =>
        new Promise<GetSupportResponse>((resolve) => {
          release = () => resolve(faqServer()(body));
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and support' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'FAQs', selected: true })).toBeTruthy();
    expect(await screen.findByText('Loading answers…')).toBeTruthy();
    act(() => release());
    expect(await screen.findByRole('heading', { level: 2, name: 'Credit score and report' })).toBeTruthy();
    expect(screen.queryByText('Loading answers…')).toBeNull();
    const region = screen.getByRole('region', { name: 'Mistakes in your credit report' });
    const question = within(region).getByText('How long does a bureau take to correct a mistake?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(question);
    expect(details.open).toBe(true);
    expect(within(details).getByText('Within 30 days of your complaint.')).toBeTruthy();
    // Answers keep their paragraphs.
    expect(screen.getByText('Only a hard enquiry can lower it.').tagName).toBe('P');
    // Chat is off by default (spec 001 §9): no entry.
    expect(screen.queryByRole('button', { name: 'Chat with us' })).toBeNull();
  });

  it('searches on the server and says when nothing matches, offering to ask instead', async () => {
    const page = open('/support');
    const search = await screen.findByRole('searchbox', { name: 'Search the FAQs' }, { timeout: 5000 });
    fireEvent.change(search, { target: { value: 'mistake' } });
    expect(await screen.findByText('1 answer for “mistake”', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Credit score and report' })).toBeNull();
    expect(
      page.calls.some(
        (call) => call.path === SUPPORT_ROUTES.getSupport && (call.body as GetSupportBody).query === 'mistake',
      ),
    ).toBe(true);

    fireEvent.change(search, { target: { value: 'aadhaar' } });
    expect(await screen.findByRole('heading', { name: 'No answers match “aadhaar”' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ask us instead' }));
    expect(await screen.findByRole('tab', { name: 'Submit A Query', selected: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Write to us' })).toBeTruthy();
  });

  it('says when the FAQs cannot be loaded, and tries again', async () => {
    let fail = true;
    open('/support', {
      [SUPPORT_ROUTES.getSupport]: (body: unknown) => (fail ? refusal('somethingWentWrong', 503) : faqServer()(body)),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('We couldn’t load the answers')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Credit score and report' })).toBeTruthy();
  });

  it('shows each field’s message before sending, then sends and shows the reference number', async () => {
    const sent: SupportMailBody[] = [];
    const page = open('/support#query', {
      [SUPPORT_ROUTES.supportMail]: (body: unknown) => {
        sent.push(body as SupportMailBody);
        return { ticket: TICKET, acknowledged: true };
      },
    });
    expect(await screen.findByRole('tab', { name: 'Submit A Query', selected: true }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('You haven’t sent us a query yet. Queries you send appear here.')).toBeTruthy();
    // The registered email fills the reply address.
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email for our reply' }).value).toBe(
        'asha.rao@example.in',
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Email for our reply' }), { target: { value: 'asha@.in' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send query' }));

    const product = screen.getByRole('combobox', { name: 'What is your query about?' });
    expect(product.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please choose what your query is about')).toBeTruthy();
    expect(screen.getByText('Please enter a subject of 5 to 120 characters')).toBeTruthy();
    expect(screen.getByText('Please describe your query in 20 to 2,000 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(product);
    expect(sent).toEqual([]);

    expect(within(product).getByRole('option', { name: 'Credit Cards' })).toBeTruthy();
    fireEvent.change(product, { target: { value: 'productCC' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), {
      target: { value: 'Card application status' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'I applied for a card last week and have not heard back yet.' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email for our reply' }), {
      target: { value: 'asha.rao@example.in' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send query' }));

    expect(await screen.findByText('Your query has been sent')).toBeTruthy();
    expect(screen.getAllByText('SR-261121-7KQ2MX').length).toBeGreaterThan(0);
    expect(screen.getByText(/We’ve emailed a copy to as\*\*\*\*\*@example\.in/)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]).toMatchObject({
      product: 'productCC',
      subject: 'Card application status',
      message: 'I applied for a card last week and have not heard back yet.',
      email: 'asha.rao@example.in',
    });
    const list = screen.getByRole('list', { name: 'Your queries' });
    expect(within(list).getByRole('heading', { name: 'Card application status' })).toBeTruthy();
    expect(page.events.some((event) => JSON.stringify(event).includes('support query'))).toBe(true);
  });

  it('shows the server’s refusal and sends a retry with the same request id', async () => {
    const sent: SupportMailBody[] = [];
    open('/support#query', {
      [SUPPORT_ROUTES.supportMail]: (body: unknown) => {
        sent.push(body as SupportMailBody);
        return sent.length === 1 ? refusal('supportQueryLimit', 429) : { ticket: TICKET, acknowledged: true };
      },
    });
    const product = await screen.findByRole('combobox', { name: 'What is your query about?' }, { timeout: 5000 });
    fireEvent.change(product, { target: { value: 'topicCreditScore' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Score not updated' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'My loan was closed two months ago but my score has not changed.' },
    });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email for our reply' }).value).not.toBe(''),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send query' }));
    expect(
      await screen.findByText('You’ve sent us several queries in the last hour. Please try again later, or call us'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByText('Your query has been sent')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
  });

  it('opens every tab, reusing the preferences form and the consent list', async () => {
    open('/support', {
      [SELF_SERVICE_ROUTES.getPreference]: {
        preferencesData: { sms: true, call: true, whatsApp: true, email: true },
        preferencesActionCount: { sms: 0, call: 0, whatsApp: 0, email: 0 },
        updatedAt: null,
      },
      [SELF_SERVICE_ROUTES.consents]: { consents: [] },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Contact Us' }, { timeout: 5000 }));
    const contact = screen.getByRole('tabpanel', { name: 'Contact Us' });
    expect(within(contact).getByRole('link', { name: '1800 266 0000' }).getAttribute('href')).toBe('tel:18002660000');
    expect(within(contact).getByRole('link', { name: 'grievance@kosh.example.in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Communication Preferences' }));
    expect(await screen.findByRole('switch', { name: 'SMS' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Consent Revocation' }));
    expect(await screen.findByRole('heading', { name: 'No consents to show' })).toBeTruthy();
    // Keyboard: the tab list moves with the arrow keys (WAI-ARIA tabs).
    const consent = screen.getByRole('tab', { name: 'Consent Revocation' });
    fireEvent.keyDown(consent, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'FAQs', selected: true })).toBeTruthy();
  });

  it('offers chat only when switched on: the queue position, then the agent (the liveness ask keeping that chat), then ending and rating it', async () => {
    let answer: ChatAllocationResponse = QUEUED_THIRD;
    const page = open('/support', {
      [SUPPORT_ROUTES.getSupport]: faqServer(true),
      [SUPPORT_ROUTES.chatAllocation]: () => answer,
      [SUPPORT_ROUTES.chatRelease]: { released: true },
      [SUPPORT_ROUTES.chatMessages]: () => ({
        state: {
          chatId: answer.chatId,
          status: 'WAITING',
          agentName: null,
          queuePosition: 3,
          rating: null,
          ticketReference: null,
        },
        messages: [],
      }),
    });
    const start = await screen.findByRole('button', { name: 'Chat with us' }, { timeout: 5000 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(start);
    expect(await screen.findByText('You’re number 3 in the queue')).toBeTruthy();
    answer = {
      ...answer,
      status: 'ASSIGNED',
      agentName: 'Priya',
      queuePosition: null,
      assignedAt: '2026-11-21T06:01:00.000Z',
    };
    await act(() => vi.advanceTimersByTimeAsync(CHAT_LIVENESS.pollMs));
    expect(await screen.findByText('You’re chatting with Priya')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End chat' }));
    expect(await screen.findByRole('group', { name: 'How was your chat?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Chat with us' })).toBeTruthy();
    expect(page.calls.find((call) => call.path === SUPPORT_ROUTES.chatRelease)?.body).toEqual({
      chatId: answer.chatId,
    });
    // The click joins; the page's liveness ask names the chat on screen, so it can never start another.
    expect(page.calls.filter((call) => call.path === SUPPORT_ROUTES.chatAllocation).map((call) => call.body)).toEqual([
      {},
      { chatId: answer.chatId },
    ]);
  });

  it('leaving the queue before the chat’s history has come keeps the panel closed when it comes', async () => {
    const { chatId } = QUEUED_THIRD;
    let answerHistory!: () => void;
    const history = new Promise((resolve) => {
      answerHistory = () =>
        resolve({
          state: { chatId, status: 'WAITING', agentName: null, queuePosition: 3, rating: null, ticketReference: null },
          messages: [],
        });
    });
    open('/support', {
      [SUPPORT_ROUTES.getSupport]: faqServer(true),
      [SUPPORT_ROUTES.chatAllocation]: QUEUED_THIRD,
      [SUPPORT_ROUTES.chatRelease]: { released: true },
      [SUPPORT_ROUTES.chatMessages]: () => history,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Chat with us' }, { timeout: 5000 }));
    expect(await screen.findByText('You’re number 3 in the queue')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the queue' }));
    expect(await screen.findByRole('button', { name: 'Chat with us' })).toBeTruthy();
    await act(() => {
      answerHistory();
      return history;
    });
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeTruthy();
    expect(screen.queryByText('You’re number 3 in the queue')).toBeNull();
  });
});
