import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '@pravesh/core';

/**
 * How a PDF download answers (invoices, statements): a client that asks for JSON and not for a PDF
 * (the dashboard's one HTTP helper, spec 001 §7) gets the envelope with the file in base64; any
 * other Accept (a browser navigation, curl) gets the file itself as an attachment. Never cached:
 * it is one customer's document.
 */
export function wantsJson(accept: string | undefined): boolean {
  return !!accept && /\bapplication\/json\b/i.test(accept) && !/\bapplication\/pdf\b/i.test(accept);
}

export function sendPdf(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { fileName: string; pdf: Buffer },
  envelope: (base64: string) => Record<string, unknown>,
) {
  reply.header('cache-control', 'private, no-store');
  if (wantsJson(request.headers.accept)) return reply.send(ok(envelope(file.pdf.toString('base64'))));
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.pdf);
}
