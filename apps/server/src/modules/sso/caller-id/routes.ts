import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SSO_DEV_ROUTES,
  SSO_ROUTES,
  callerIdStartBodySchema,
  callerIdStartResponseSchema,
  callerIdStatusHeadersSchema,
  callerIdStatusParamsSchema,
  callerIdStatusResponseSchema,
  devCallerIdPath,
  envelopeSchema,
  errorEnvelopeSchema,
  isIndianMobileNumber,
  ok,
} from '@pravesh/core';
import { DEV_PAGE_CSP, escapeHtml } from '../../../providers/sms/dev-routes.ts';
import { DEMO_CUSTOMER } from '../customers/seed.ts';
import { callerSite, checkSiteIdHeader } from '../http.ts';
import type { CallerIdService } from './service.ts';

export function callerIdRoutes(app: FastifyInstance, deps: { callerId: CallerIdService }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    SSO_ROUTES.callerIdStart,
    {
      schema: {
        summary: 'Start a caller-identification request (spec 000 §3 "Caller-identification login payload")',
        description:
          'Answers the requestNonce (client-proposed or made here), status initiated, its life (ttl ms, default ' +
          '10000) and appUrl, the link that hands the request to the app (locally the simulator page).',
        tags: ['sso'],
        body: callerIdStartBodySchema,
        response: { 200: envelopeSchema(callerIdStartResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await deps.callerId.start(callerSite(request), request.body));
    },
  );

  typed.get(
    SSO_ROUTES.callerIdStatus,
    {
      schema: {
        summary: 'Caller-identification status of a nonce (spec 000 §4, §7)',
        description: 'Header site-id. Statuses: initiated, pending, success, rejected, timeout, login_initiated.',
        tags: ['sso'],
        params: callerIdStatusParamsSchema,
        headers: callerIdStatusHeadersSchema,
        response: { 200: envelopeSchema(callerIdStatusResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const siteId = checkSiteIdHeader(request, request.headers['site-id']);
      const status = await deps.callerId.status(siteId, request.params.requestNonce);
      void reply.header('cache-control', 'no-store');
      return ok({ requestNonce: request.params.requestNonce, status });
    },
  );
}

/** The simulator's pages keep their opener (see the GET page). */
const SIMULATOR_OPENER_POLICY = 'unsafe-none';

/**
 * The simulator's "app" (outside production): GET /dev/caller-id/{nonce} shows the request and
 * marks it pending; its Approve (with a mobile number) and Reject buttons post back here.
 */
export function callerIdSimulatorRoutes(app: FastifyInstance, deps: { callerId: CallerIdService }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ requestNonce: z.string().max(128) });

  typed.get(SSO_DEV_ROUTES.callerId, { schema: { hide: true, params } }, async (request, reply) => {
    const nonce = request.params.requestNonce;
    await deps.callerId.opened(nonce);
    const found = await deps.callerId.lookup(nonce);
    const status = found?.effective ?? 'not found';
    const open = status === 'initiated' || status === 'pending';
    const action = escapeHtml(devCallerIdPath(nonce));
    const query = request.query as Record<string, unknown>;
    const notice = query.invalid === '1' ? '<p role="alert">Enter a 10-digit mobile number starting 6–9.</p>' : '';
    const form = open
      ? `<form method="post" action="${action}/approve">
<label for="mobileNo">Mobile number to verify</label>
<input id="mobileNo" name="mobileNo" inputmode="numeric" autocomplete="tel-national" pattern="[6-9][0-9]{9}" maxlength="10" required value="${DEMO_CUSTOMER.mobileNo}">
<button type="submit">Approve</button>
</form>
<form method="post" action="${action}/reject"><button type="submit">Reject</button></form>`
      : '<p>This request is closed.</p>';
    return (
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', DEV_PAGE_CSP)
        // The page stands in for the identity app, which the SDK opened and closes once the request
        // is answered: the default same-origin opener policy would cut the SDK's handle to it.
        .header('cross-origin-opener-policy', SIMULATOR_OPENER_POLICY)
        .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caller identification simulator (development)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; max-width: 32rem; color: #1a1a1a; }
form { margin: 1rem 0; display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; }
input { font-size: 1rem; padding: 0.4rem; }
button { font-size: 1rem; padding: 0.5rem 1rem; }
</style>
</head>
<body>
<main>
<h1>Caller identification simulator</h1>
<p>Stands in for the identity app on the phone. Approve to sign in with the number below, or reject.</p>
<dl>
<dt>Request</dt><dd><code>${escapeHtml(nonce)}</code></dd>
<dt>Requesting site</dt><dd>${found ? String(found.siteId) : '-'}</dd>
<dt>Status</dt><dd id="status">${escapeHtml(status)}</dd>
</dl>
${notice}
${found ? form : ''}
</main>
</body>
</html>`)
    );
  });

  typed.post(
    `${SSO_DEV_ROUTES.callerId}/approve`,
    { schema: { hide: true, params, body: z.object({ mobileNo: z.string().max(16) }) } },
    async (request, reply) => {
      const nonce = request.params.requestNonce;
      if (!isIndianMobileNumber(request.body.mobileNo))
        return reply.redirect(`${devCallerIdPath(nonce)}?invalid=1`, 303);
      await deps.callerId.approve(nonce, request.body.mobileNo);
      return reply.header('cross-origin-opener-policy', SIMULATOR_OPENER_POLICY).redirect(devCallerIdPath(nonce), 303);
    },
  );

  typed.post(`${SSO_DEV_ROUTES.callerId}/reject`, { schema: { hide: true, params } }, async (request, reply) => {
    await deps.callerId.reject(request.params.requestNonce);
    return reply
      .header('cross-origin-opener-policy', SIMULATOR_OPENER_POLICY)
      .redirect(devCallerIdPath(request.params.requestNonce), 303);
  });
}
