import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEMO_PARTNER_KEY,
  applicationReference,
  LEAD_REFERENCE_PARAM,
  LEAD_ROUTES,
  PARTNER_KEY_HEADER,
  isTerminalLeadStatus,
  partnerLeadResponseSchema,
  type LeadStatus,
  type PartnerLeadResponse,
} from '@pravesh/core';

/**
 * The demo partner's landing page ("The demo serves a partner landing page that shows
 * the lead it received"). It stands in for every lender's site: the apply answers the customer a
 * continue URL of this page carrying only `?ref=<lead reference>`, an opaque random id.
 *
 * How the partner learns the lead, safely: this server (the partner's back end, never the browser)
 * asks the API's partner route `GET /BSP/api/v1/partner/lead?ref=…` with its partner key in the
 * `pb-partner-key` header. The URL the customer carries is useless without that key, holds no
 * personal data or token, and the API answers no personal data either (the customer identifies
 * themself to the lender). The key comes from PRAVESH_DEMO_PARTNER_KEY, or in the local
 * environment the built-in DEMO_PARTNER_KEY, which the API accepts only there. The page is sent
 * with Referrer-Policy: no-referrer so the reference never leaks to a third party.
 */
export const PARTNER_PAGE_PATH = '/partner/apply';

export interface PartnerPageOptions {
  /** Where this (server side) reaches the API, without a trailing slash. */
  apiUrl: string;
  /** The demo site's Content-Security-Policy. */
  csp: string;
  /** Kosh's homepage, for "Back to Kosh". */
  homepageUrl: string;
  /** serve.ts's escapeHtml, passed in: importing it would make an import circle with serve.ts. */
  escape: (text: string) => string;
  /** The partner key; defaults to PRAVESH_DEMO_PARTNER_KEY, else the local demo key. */
  partnerKey?: string | undefined;
  /** Injectable for tests of the failure states; the global fetch otherwise. */
  fetch?: typeof fetch;
}

const templatePath = fileURLToPath(new URL('../templates/partner.html', import.meta.url));
const REFERENCE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Outcome =
  { kind: 'lead'; lead: PartnerLeadResponse } | { kind: 'missing' } | { kind: 'notFound' } | { kind: 'unavailable' };

/** The tone of a status pill: good news green, a request for the customer amber, an end red. */
function toneOf(status: LeadStatus): string {
  if (status === 'SANCTIONED' || status === 'DISBURSED' || status === 'CARD_ISSUED' || status === 'COMPLETED') {
    return 'success';
  }
  if (status === 'ACTION_REQUIRED') return 'warning';
  return isTerminalLeadStatus(status) ? 'danger' : 'info';
}

/** What the customer does on the lender's side next, per product kind (RBI KFS before accepting a loan). */
function journeySteps(lead: PartnerLeadResponse): string[] {
  if (lead.product === 'CC') {
    return [
      'Verify your mobile number with a one-time password.',
      'Complete a short video KYC with your PAN and Aadhaar.',
      'Choose your card variant and confirm the delivery address.',
    ];
  }
  return [
    'Verify your mobile number with a one-time password.',
    'Complete your KYC with your PAN and Aadhaar.',
    'Review the Key Facts Statement, then accept your offer to receive the money.',
  ];
}

const STARTED_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

function leadContent(lead: PartnerLeadResponse, options: PartnerPageOptions): string {
  const e = options.escape;
  const open = !isTerminalLeadStatus(lead.status);
  const steps = open
    ? `
        <ol class="partner-steps" aria-label="Steps to finish your application">
          ${journeySteps(lead)
            .map((step) => `<li>${e(step)}</li>`)
            .join('\n          ')}
        </ol>`
    : '';
  return `
      <section class="partner-card" aria-labelledby="lead-title">
        <p class="eyebrow">Application from Kosh</p>
        <h1 id="lead-title">Continue your ${e(lead.productName)} application</h1>
        <p class="lede">
          ${e(lead.lenderName)} has received your application. Pick up where you left off — it takes a few minutes.
        </p>
        <dl class="lead-facts" aria-label="Your application">
          <div><dt>Lender</dt><dd>${e(lead.lenderName)}</dd></div>
          <div><dt>Product</dt><dd>${e(lead.productName)}</dd></div>
          <div><dt>Application reference</dt><dd><code>${e(applicationReference(lead.reference))}</code></dd></div>
          <div>
            <dt>Status</dt>
            <dd><span class="lead-status" data-tone="${toneOf(lead.status)}">${e(lead.statusLabel)}</span></dd>
          </div>
          <div>
            <dt>Started on</dt>
            <dd><time datetime="${e(lead.createdAt)}">${e(STARTED_FORMAT.format(new Date(lead.createdAt)))}</time></dd>
          </div>
        </dl>
        <h2 id="next-steps">Next steps</h2>
        <p class="partner-next">${e(lead.nextStep)}</p>${steps}
        <div class="partner-actions">
          <a class="button button-secondary button-large" href="${e(options.homepageUrl)}/">Back to Kosh</a>
        </div>
      </section>`;
}

function problemContent(title: string, text: string, options: PartnerPageOptions): string {
  const e = options.escape;
  return `
      <section class="partner-card" aria-labelledby="problem-title">
        <h1 id="problem-title">${e(title)}</h1>
        <p class="lede">${e(text)}</p>
        <div class="partner-actions">
          <a class="button button-primary button-large" href="${e(options.homepageUrl)}/">Go to Kosh</a>
        </div>
      </section>`;
}

async function fetchLead(reference: string, options: PartnerPageOptions): Promise<Outcome> {
  const key = options.partnerKey ?? process.env.PRAVESH_DEMO_PARTNER_KEY ?? DEMO_PARTNER_KEY;
  const url = `${options.apiUrl}${LEAD_ROUTES.partnerLead}?${LEAD_REFERENCE_PARAM}=${encodeURIComponent(reference)}`;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      headers: { [PARTNER_KEY_HEADER]: key, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 404) return { kind: 'notFound' };
    if (!response.ok) return { kind: 'unavailable' };
    const body = (await response.json()) as { response?: unknown };
    const parsed = partnerLeadResponseSchema.safeParse(body.response);
    return parsed.success ? { kind: 'lead', lead: parsed.data } : { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
}

export function partnerPage(options: PartnerPageOptions) {
  const template = readFile(templatePath, 'utf8');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const reference = typeof query[LEAD_REFERENCE_PARAM] === 'string' ? query[LEAD_REFERENCE_PARAM] : '';
    const outcome: Outcome = REFERENCE_PATTERN.test(reference)
      ? await fetchLead(reference, options)
      : { kind: 'missing' };

    let status = 200;
    let lenderName = 'Partner lender';
    let title: string;
    let content: string;
    if (outcome.kind === 'lead') {
      lenderName = outcome.lead.lenderName;
      title = `${lenderName} · Continue your application`;
      content = leadContent(outcome.lead, options);
    } else if (outcome.kind === 'unavailable') {
      status = 502;
      title = 'Application unavailable';
      content = problemContent(
        "We can't load your application right now",
        'Please try again after sometime. Your application is saved, and nothing you entered is lost.',
        options,
      );
    } else {
      status = outcome.kind === 'missing' ? 400 : 404;
      title = 'Application not found';
      content = problemContent(
        "We couldn't find this application",
        'The link may be incomplete or no longer valid. Go back to Kosh and choose Apply Now on your offer again.',
        options,
      );
    }
    const slots: Record<string, string> = {
      TITLE: options.escape(title),
      LENDER_NAME: options.escape(lenderName),
      LENDER_INITIAL: options.escape(lenderName.charAt(0).toUpperCase()),
      CONTENT: content,
    };
    const page = (await template).replace(/%([A-Z_]+)%/g, (whole, name: string) => slots[name] ?? whole);
    return (
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', options.csp)
        // The address carries the lead reference: never send it on to another site.
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(page)
    );
  };
}
