import type { FastifyInstance } from 'fastify';
import { SSO_DEV_ROUTES } from '@pravesh/core';
import type { SmsOutbox } from './outbox.ts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The messages the outbox page shows, newest first: a screen's worth to read. */
export const OUTBOX_PAGE_ROWS = 50;

/** Dev pages answer with a CSP that allows nothing but their own inline styles. */
export const DEV_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/**
 * GET /dev/outbox (HTML, refreshes every 3 s) and /dev/outbox.json: the local outbox of the SMS and
 * email simulators, newest first, so the demo can sign in without a gateway. Registered only when a
 * simulator is the provider and config.devRoutes is on (the `local` environment).
 */
export function outboxRoutes(app: FastifyInstance, outbox: SmsOutbox): void {
  // The JSON lists every kept message (OUTBOX_CAPACITY), not a page's worth: what reads it looks
  // for one number's newest code, and one address filling a number prefix's hourly budget sends 30
  // codes within seconds, enough to push another number's code out of a page of 50.
  app.get(SSO_DEV_ROUTES.outboxJson, { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { messages: await outbox.list() };
  });
  app.get(SSO_DEV_ROUTES.outbox, { schema: { hide: true } }, async (_request, reply) => {
    const rows = (await outbox.list(OUTBOX_PAGE_ROWS))
      .map(
        (entry) =>
          `<tr><td><time datetime="${escapeHtml(entry.sentAt)}">${escapeHtml(entry.sentAt)}</time></td>` +
          `<td>${entry.channel === 'email' ? 'Email' : 'SMS'}</td>` +
          `<td>${escapeHtml(entry.to)}</td><td>${escapeHtml(entry.templateId)}</td>` +
          `<td><pre>${entry.subject ? `${escapeHtml(entry.subject)}\n\n` : ''}${escapeHtml(entry.text)}</pre></td></tr>`,
      )
      .join('\n');
    const body = rows || '<tr><td colspan="5">No messages yet.</td></tr>';
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', DEV_PAGE_CSP)
      .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Message outbox (development)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #888; padding: 0.5rem; text-align: left; vertical-align: top; }
pre { margin: 0; white-space: pre-wrap; font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<main>
<h1>Message outbox</h1>
<p>Text messages and emails the local simulators would have sent, newest first. This page refreshes every 3 seconds and exists only in the local environment.</p>
<table aria-label="Messages, newest first">
<caption>Recent text messages and emails</caption>
<thead><tr><th scope="col">Sent at</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Template</th><th scope="col">Message</th></tr></thead>
<tbody>
${body}
</tbody>
</table>
</main>
</body>
</html>`);
  });
}
