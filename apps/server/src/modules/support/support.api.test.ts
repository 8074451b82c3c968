import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPPORT_QUERY_LIMIT,
  SUPPORT_REFERENCE_PATTERN,
  SUPPORT_ROUTES,
  type GetSupportResponse,
  type SupportMailResponse,
  type SupportTicketsResponse,
} from '@pravesh/core';
import { ssoCustomers } from '../../db/schema/sso.ts';
import { supportFaqs, supportTickets } from '../../db/schema/support.ts';
import { createOutboxEmailProvider, type EmailProvider } from '../../providers/email/index.ts';
import { createOutboxStore, type OutboxStore } from '../../providers/sms/index.ts';
import { createOutboxSmsProvider } from '../../providers/sms/outbox.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  nextMobile,
  piiOf,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { ACKNOWLEDGEMENT_TEMPLATE, DESK_TEMPLATE } from './mails.ts';
import { testClient } from '../../test/client.ts';

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
const DESK = 'care@kosh.example.in';
const ACCOUNT_EMAIL = 'asha.rao@example.in';

const query = (overrides: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  product: 'productCC',
  subject: 'Card application status',
  message: 'I applied for the Axis cashback card last week and have not heard back. Is it still in progress?',
  email: 'Asha.Rao@Example.in',
  ...overrides,
});

/** spec 001 §7 myAccount/getSupport, myAccount/supportMail and our supportTickets. */
describe.each(DATABASE_KINDS)('support FAQs and queries on %s', (kind) => {
  let server: SsoTestServer;
  let outbox: OutboxStore;
  /** When set, the next email send fails (a mail service that is down). */
  const mailFaults = { next: 0 };
  let asha: SignedInCustomer;
  let ravi: SignedInCustomer;

  const call = <T>(method: 'GET' | 'POST', url: string, customer?: SignedInCustomer | string, body?: unknown) =>
    testClient(server).call<T>(method, url, {
      accessToken: typeof customer === 'string' ? customer : customer?.accessToken,
      body,
    });
  const faqs = (body: unknown = {}) => call<GetSupportResponse>('POST', SUPPORT_ROUTES.getSupport, undefined, body);
  const send = (customer: SignedInCustomer, body: unknown) =>
    call<SupportMailResponse>('POST', SUPPORT_ROUTES.supportMail, customer, body);
  const ticketsOf = async (customer: SignedInCustomer) =>
    (await call<SupportTicketsResponse>('GET', SUPPORT_ROUTES.supportTickets, customer)).body.response!.tickets;
  const mailsAbout = async (reference: string) =>
    (await outbox.list()).filter((message) => message.subject?.includes(reference));
  const storedTickets = (customer: SignedInCustomer) =>
    server.database.db.select().from(supportTickets).where(eq(supportTickets.customerId, customer.customerId));

  beforeAll(async () => {
    outbox = createOutboxStore();
    const sms = createOutboxSmsProvider({ log: quiet, store: outbox });
    const mail = createOutboxEmailProvider({ log: quiet, store: outbox });
    const email: EmailProvider = {
      kind: 'flaky-outbox',
      send(message) {
        if (mailFaults.next > 0) {
          mailFaults.next -= 1;
          return Promise.reject(new Error('mail service unavailable'));
        }
        return mail.send(message);
      },
    };
    server = await ssoServer(kind, {
      providers: { sms, email },
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' },
    });
    asha = await signInCustomer(server, nextMobile('95'));
    ravi = await signInCustomer(server, nextMobile('95'));
    // Asha's account has a verified email (profile's contact change stores it only after its code); Ravi's has none.
    const pii = piiOf(server);
    await server.database.db
      .update(ssoCustomers)
      .set({ emailHash: pii.hash('email', ACCOUNT_EMAIL), emailEnc: pii.encrypt('email', ACCOUNT_EMAIL) })
      .where(eq(ssoCustomers.customerId, asha.customerId));
  });
  afterAll(() => server?.close());

  describe('FAQs (getSupport)', () => {
    it('lists every stored FAQ grouped by category, in the tab’s order, with the chat switch', async () => {
      const { status, body } = await faqs();
      expect(status).toBe(200);
      const answer = body.response!;
      expect(answer.query).toBeNull();
      expect(answer.categories.map((category) => category.title)).toEqual([
        'Credit score and report',
        'Mistakes in your credit report',
        'Loan and card applications',
        'Paid services and invoices',
        'Your account, privacy and consent',
        'Linked bank accounts',
      ]);
      const count = answer.categories.reduce((sum, category) => sum + category.faqs.length, 0);
      const stored = await server.database.db.$count(supportFaqs);
      expect(count).toBe(stored);
      expect(answer).toMatchObject({ total: stored, shown: stored, chatEnabled: true });
      expect(answer.categories[0]!.faqs[0]).toMatchObject({
        faqId: 'score-check-lowers',
        question: 'Does checking my credit score on Kosh lower it?',
      });
    });

    it('searches by the customer’s words as prefixes, best match first, within the limit', async () => {
      const { body } = await faqs({ query: '  disput cib ', limit: 3 });
      const answer = body.response!;
      expect(answer.query).toBe('disput cib');
      expect(answer.shown).toBeLessThanOrEqual(3);
      expect(answer.total).toBeGreaterThanOrEqual(answer.shown);
      const questions = answer.categories.flatMap((category) => category.faqs.map((faq) => faq.question));
      expect(questions[0]).toMatch(/dispute|mistake|isn’t mine/i);
      expect(answer.categories[0]!.title).toBe('Mistakes in your credit report');

      // A limit of one still counts every match.
      const one = (await faqs({ query: 'credit', limit: 1 })).body.response!;
      expect(one.shown).toBe(1);
      expect(one.total).toBeGreaterThan(1);
    });

    it('finds words that only the keywords carry, and falls back to any word when no FAQ has them all', async () => {
      const unsubscribe = (await faqs({ query: 'unsubscribe' })).body.response!;
      expect(unsubscribe.categories.flatMap((c) => c.faqs.map((faq) => faq.faqId))).toContain('stop-marketing');
      const mixed = (await faqs({ query: 'refund xylophone' })).body.response!;
      expect(mixed.categories.flatMap((c) => c.faqs.map((faq) => faq.faqId))).toContain('refund-policy');
    });

    it('answers an empty result for words no FAQ has, and for stop words or symbols only', async () => {
      for (const words of ['zqxjv', 'how do i', '&|!:*()', '’']) {
        const { status, body } = await faqs({ query: words });
        expect(status, words).toBe(200);
        expect(body.response, words).toMatchObject({ total: 0, shown: 0, categories: [] });
      }
    });

    it('reads FAQs from the database: a row an operator adds is found at once', async () => {
      await server.database.db.insert(supportFaqs).values({
        faqId: 'test-festival-hours',
        categoryId: 'account-privacy',
        position: 99,
        question: 'Is customer care open during Diwali?',
        answer: 'Yes, on reduced hours.',
        keywords: 'holiday festival',
      });
      const found = (await faqs({ query: 'diwali' })).body.response!;
      expect(found.categories).toEqual([
        {
          categoryId: 'account-privacy',
          title: 'Your account, privacy and consent',
          faqs: [
            {
              faqId: 'test-festival-hours',
              question: 'Is customer care open during Diwali?',
              answer: 'Yes, on reduced hours.',
            },
          ],
        },
      ]);
      await server.database.db.delete(supportFaqs).where(eq(supportFaqs.faqId, 'test-festival-hours'));
    });

    it('refuses a search that is too long, a bad limit or an unknown field with a 400', async () => {
      const long = await faqs({ query: 'a'.repeat(101) });
      expect([long.status, long.body.statusCode, long.body.statusMessage]).toEqual([
        400,
        'faqQueryTooLong',
        'Please shorten your search to 100 characters or fewer',
      ]);
      for (const body of [
        { limit: 0 },
        { limit: 51 },
        { limit: 'ten' },
        { query: 5 },
        { customerId: asha.customerId },
      ]) {
        const { status, body: answer } = await faqs(body);
        expect(status, JSON.stringify(body)).toBe(400);
        expect(answer.status).toBe(false);
      }
    });
  });

  describe('queries (supportMail, supportTickets)', () => {
    it('stores a query as a ticket with a reference number and mails the customer and the desk', async () => {
      const body = query();
      const { status, headers, body: answer } = await send(asha, body);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      const { ticket, acknowledged, acknowledgedTo } = answer.response!;
      expect(acknowledged).toBe(true);
      expect(acknowledgedTo).toBe('as*****@example.in');
      expect(ticket.reference).toMatch(SUPPORT_REFERENCE_PATTERN);
      // IST date of the test clock (2026-11-21 06:00 UTC is 11:30 IST the same day).
      expect(ticket.reference.slice(3, 9)).toBe('261121');
      expect(ticket).toMatchObject({
        status: 'OPEN',
        product: 'productCC',
        productName: 'Credit Cards',
        subject: 'Card application status',
        replyTo: 'as*****@example.in',
        createdAt: new Date(server.clock.now()).toISOString(),
      });

      const mails = await mailsAbout(ticket.reference);
      const ack = mails.find((mail) => mail.templateId === ACKNOWLEDGEMENT_TEMPLATE);
      const desk = mails.find((mail) => mail.templateId === DESK_TEMPLATE);
      expect(ack).toMatchObject({ channel: 'email', to: 'asha.rao@example.in' });
      expect(ack!.text).toContain(`Reference number: ${ticket.reference}`);
      expect(desk).toMatchObject({ to: DESK, subject: `[${ticket.reference}] Credit Cards: Card application status` });
      expect(desk!.text).toContain(body.message);
      expect(desk!.text).toContain('Reply to: asha.rao@example.in');

      // At rest: the address only masked.
      const [row] = await storedTickets(asha);
      expect(row).toMatchObject({ reference: ticket.reference, replyEmailMasked: 'as*****@example.in' });
      expect(JSON.stringify(row)).not.toContain('asha.rao');
      expect(await ticketsOf(asha)).toEqual([ticket]);
    });

    it('answers a retry with the same ticket and sends nothing twice; other content under the id is refused', async () => {
      const body = query({ product: 'topicCreditScore', subject: 'Score not updated' });
      const first = (await send(asha, body)).body.response!;
      const mailsBefore = (await outbox.list()).length;
      const retry = await send(asha, body);
      expect(retry.status).toBe(200);
      expect(retry.body.response).toEqual(first);
      expect(await outbox.list()).toHaveLength(mailsBefore);
      const reused = await send(asha, { ...body, message: `${body.message} Also, my email changed.` });
      expect([reused.status, reused.body.statusCode, reused.body.statusMessage]).toEqual([
        409,
        'supportRequestReused',
        'This request was already used for another query',
      ]);
      expect((await storedTickets(asha)).filter((row) => row.requestId === body.requestId)).toHaveLength(1);
    });

    it('keeps the ticket when the mail service fails, and a retry sends only the missing mail', async () => {
      const body = query({ product: 'topicPaidServices', subject: 'Refund for a report' });
      mailFaults.next = 1;
      const first = (await send(asha, body)).body.response!;
      expect(first.acknowledged).toBe(false);
      const reference = first.ticket.reference;
      // The acknowledgement failed; the desk mail went.
      expect((await mailsAbout(reference)).map((mail) => mail.templateId)).toEqual([DESK_TEMPLATE]);
      const retry = (await send(asha, body)).body.response!;
      expect(retry).toEqual({ ticket: first.ticket, acknowledged: true, acknowledgedTo: 'as*****@example.in' });
      expect((await mailsAbout(reference)).map((mail) => mail.templateId).sort()).toEqual(
        [ACKNOWLEDGEMENT_TEMPLATE, DESK_TEMPLATE].sort(),
      );
    });

    it('acknowledges only to the account’s verified email, never to the address the body names', async () => {
      const elsewhere = 'someone.else@elsewhere.example';
      const { status, body } = await send(asha, query({ email: elsewhere, subject: 'Please write to my office' }));
      expect(status).toBe(200);
      const { ticket, acknowledged, acknowledgedTo } = body.response!;
      expect([acknowledged, acknowledgedTo, ticket.replyTo]).toEqual([
        true,
        'as*****@example.in',
        'so*****@elsewhere.example',
      ]);
      const mails = await mailsAbout(ticket.reference);
      expect(mails.map((mail) => mail.to).sort()).toEqual([ACCOUNT_EMAIL, DESK].sort());
      expect((await outbox.list()).some((mail) => mail.to === elsewhere)).toBe(false);
      const ack = mails.find((mail) => mail.templateId === ACKNOWLEDGEMENT_TEMPLATE)!;
      expect(ack.text).toContain('will reply to so*****@elsewhere.example within one working day');
      // The desk still replies where the customer asked.
      expect(mails.find((mail) => mail.templateId === DESK_TEMPLATE)!.text).toContain(`Reply to: ${elsewhere}`);
    });

    it('sends no acknowledgement for an account without an email, and says so; the desk still gets the query', async () => {
      const { status, body } = await send(
        ravi,
        query({ email: 'ravi.k@example.in', subject: 'No email on my account' }),
      );
      expect(status).toBe(200);
      const answer = body.response!;
      expect(answer).toEqual({ ticket: answer.ticket, acknowledged: false });
      expect((await mailsAbout(answer.ticket.reference)).map((mail) => [mail.templateId, mail.to])).toEqual([
        [DESK_TEMPLATE, DESK],
      ]);
      expect((await outbox.list()).some((mail) => mail.to === 'ravi.k@example.in')).toBe(false);
    });

    it('keeps a subject’s line breaks and other control characters out of every mail header (CWE-93)', async () => {
      const subject = 'Card status\r\nBcc: victim@elsewhere.example\nX-Priority: 1\u0000\u2028end';
      const { status, body } = await send(asha, query({ subject }));
      expect(status).toBe(200);
      const mails = await mailsAbout(body.response!.ticket.reference);
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        // eslint-disable-next-line no-control-regex -- no control character may reach a header
        expect(mail.subject, mail.templateId).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
        expect(mail.to, mail.templateId).not.toMatch(/[\r\n]/);
      }
      const desk = mails.find((mail) => mail.templateId === DESK_TEMPLATE)!;
      expect(desk.subject).toBe(
        `[${body.response!.ticket.reference}] Credit Cards: Card status Bcc: victim@elsewhere.example X-Priority: 1 end`,
      );
    });

    it('refuses each invalid field with its message, a 400, and stores nothing', async () => {
      const before = (await storedTickets(ravi)).length;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ product: '' }, 'supportProductRequired', 'Please choose what your query is about'],
        [{ product: 'productGoldBars' }, 'supportProductRequired', 'Please choose what your query is about'],
        [{ subject: ' Hi ' }, 'supportSubjectInvalid', 'Please enter a subject of 5 to 120 characters'],
        [{ subject: 'x'.repeat(121) }, 'supportSubjectInvalid', 'Please enter a subject of 5 to 120 characters'],
        [
          { message: 'Please call me.' },
          'supportMessageInvalid',
          'Please describe your query in 20 to 2,000 characters',
        ],
        [
          { message: 'y'.repeat(2001) },
          'supportMessageInvalid',
          'Please describe your query in 20 to 2,000 characters',
        ],
        // spec 001 §5 strict email rule: no dot right after the @, no spaces, no double dots.
        [{ email: 'asha@.example.in' }, 'invalidEmail', 'Please enter a valid email address'],
        [{ email: 'asha rao@example.in' }, 'invalidEmail', 'Please enter a valid email address'],
        [{ email: 'asha@example..in' }, 'invalidEmail', 'Please enter a valid email address'],
        [{ message: undefined }, 'requiredField', '[message] is required'],
      ];
      for (const [overrides, code, message] of cases) {
        const { status, body } = await send(ravi, query(overrides));
        expect([status, body.statusCode, body.statusMessage], JSON.stringify(overrides)).toEqual([400, code, message]);
      }
      for (const overrides of [{ requestId: 'short' }, { customerId: asha.customerId }, { subject: 42 }]) {
        expect((await send(ravi, query(overrides))).status, JSON.stringify(overrides)).toBe(400);
      }
      expect(await storedTickets(ravi)).toHaveLength(before);
    });

    it('keeps each customer’s queries theirs: no reading, no reusing, no token no answer', async () => {
      const ashaTickets = await ticketsOf(asha);
      expect(ashaTickets.length).toBeGreaterThan(0);
      const raviTickets = await ticketsOf(ravi);
      const ashaReferences = new Set(ashaTickets.map((ticket) => ticket.reference));
      expect(raviTickets.some((ticket) => ashaReferences.has(ticket.reference))).toBe(false);

      // Ravi sending under Asha's request id gets a ticket of his own, not hers (nor a refusal that would tell him it exists).
      const [ashaRow] = await storedTickets(asha);
      const borrowed = await send(ravi, query({ requestId: ashaRow!.requestId, subject: 'My own question' }));
      expect(borrowed.status).toBe(200);
      expect(ashaReferences.has(borrowed.body.response!.ticket.reference)).toBe(false);
      expect(await ticketsOf(asha)).toEqual(ashaTickets);

      for (const token of [undefined, 'not-a-token', `${asha.accessToken.slice(0, -4)}AAAA`]) {
        const list = await call('GET', SUPPORT_ROUTES.supportTickets, token);
        const mail = await call('POST', SUPPORT_ROUTES.supportMail, token, query());
        for (const { status, body } of [list, mail]) {
          expect(status).toBe(401);
          expect(body).toMatchObject({
            status: false,
            statusCode: 'tokenNotValidated',
            statusMessage: 'Token not validated',
          });
        }
      }
    });

    // Last: it moves the clock on by an hour.
    it('limits new queries per customer per hour; retries and other customers are not held back', async () => {
      const busy = await signInCustomer(server, nextMobile('95'));
      const sent = [];
      for (let i = 0; i < SUPPORT_QUERY_LIMIT.perHour; i++) {
        const body = query({ subject: `Question number ${i + 1}` });
        const { status } = await send(busy, body);
        expect(status).toBe(200);
        sent.push(body);
      }
      const over = await send(busy, query({ subject: 'One question too many' }));
      expect([over.status, over.body.statusCode, over.body.statusMessage]).toEqual([
        429,
        'supportQueryLimit',
        'You’ve sent us several queries in the last hour. Please try again later, or call us',
      ]);
      expect(await storedTickets(busy)).toHaveLength(SUPPORT_QUERY_LIMIT.perHour);
      // A retry of a stored query still answers; another customer still sends.
      expect((await send(busy, sent[0])).status).toBe(200);
      expect((await send(ravi, query())).status).toBe(200);
      // An hour later the window has moved on (a new sign-in: the access token's life is shorter).
      server.clock.advance(SUPPORT_QUERY_LIMIT.windowMs + 1000);
      const later = await signInCustomer(server, busy.mobileNo);
      expect(later.customerId).toBe(busy.customerId);
      expect((await send(later, query({ subject: 'A question an hour later' }))).status).toBe(200);
    });
  });
});
