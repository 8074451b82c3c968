import { createServer } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_REFERENCE_PARAM, LEAD_ROUTES, applicationReference, type PartnerLeadResponse } from '@pravesh/core';
import type { DemoServer } from './serve.ts';
import { testDemoServer } from './test-server.ts';

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The page with a live API is tested end to end in scripts/partner-page.test.ts (only scripts may
// use both apps); here the states that need no lead, and what the page makes of a lead the partner
// route answers (a stand-in for the API, so no database is needed).
describe('demo partner page (/partner/apply)', () => {
  let server: DemoServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('refuses a missing or malformed reference without asking the API, as a labelled page', async () => {
    server = await testDemoServer({ apiUrl: `http://127.0.0.1:${await closedPort()}` });
    for (const url of ['/partner/apply', '/partner/apply?ref=%3Cscript%3E', '/partner/apply?ref=123']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toContain('<h1 id="problem-title">We couldn&#39;t find this application</h1>');
      expect(response.body).not.toContain('<script');
      expect(response.body).toContain('<a class="skip-link" href="#main">Skip to content</a>');
      expect(response.body).toContain('href="http://localhost:4100/">Go to Kosh</a>');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('shows the short application reference a person can read out, never the raw lead id', async () => {
    // Letters in the id, so a raw id would show whichever case the page wrote it in.
    const leadId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    const lead: PartnerLeadResponse = {
      reference: leadId,
      offerId: 'PL-KOSHBANK-01',
      product: 'PL',
      lenderId: 'kosh-bank',
      lenderName: 'Kosh Bank',
      productName: 'Instant Personal Loan',
      partnerImage: null,
      status: 'SUBMITTED',
      statusLabel: 'Application started',
      nextStep: 'Complete your application with the lender to get a decision.',
      partnerStatus: null,
      createdAt: '2026-11-20T06:00:00.000Z',
      updatedAt: '2026-11-20T06:00:00.000Z',
    };
    const api = Fastify();
    api.get(LEAD_ROUTES.partnerLead, (request, reply) => {
      const asked = (request.query as Record<string, string>)[LEAD_REFERENCE_PARAM];
      if (asked !== leadId) {
        return reply.code(404).send({ status: false, statusCode: 'leadNotFound' });
      }
      return { status: true, statusCode: 'success', response: lead };
    });
    try {
      server = await testDemoServer({ apiUrl: await api.listen({ port: 0, host: '127.0.0.1' }) });
      const response = await server.app.inject({ method: 'GET', url: `/partner/apply?ref=${leadId}` });
      expect(response.statusCode).toBe(200);
      const reference = applicationReference(leadId);
      expect(reference).toMatch(/^KS-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(response.body).toContain(`<div><dt>Application reference</dt><dd><code>${reference}</code></dd></div>`);
      expect(response.body.toLowerCase()).not.toContain(leadId);
      expect(response.body.toLowerCase()).not.toContain(leadId.replace(/-/g, ''));
    } finally {
      await api.close();
    }
  });

  it('says the application cannot be loaded when the API does not answer', async () => {
    server = await testDemoServer({ apiUrl: `http://127.0.0.1:${await closedPort()}` });
    const response = await server.app.inject({
      method: 'GET',
      url: '/partner/apply?ref=1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    });
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain('We can&#39;t load your application right now');
    expect(response.body).toContain('<title>Application unavailable</title>');
  });
});
