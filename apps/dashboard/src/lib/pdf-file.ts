import type { InvoicePdfResponse } from '@pravesh/core/invoices/schemas.ts';
import type { Http } from './http.ts';

/**
 * A PDF download through the one HTTP helper (spec 001 §7): the helper reads JSON, so the server
 * answers the file base64 in the envelope (lib/pdf/reply.ts on the server). Invoices and the
 * Credit Health Report download this way.
 */
export async function fetchPdf(
  http: Http,
  path: string,
  query?: Record<string, string>,
): Promise<{ fileName: string; blob: Blob }> {
  const reply = await http.call<InvoicePdfResponse>('GET', path, query ? { query } : {});
  const bytes = Uint8Array.from(atob(reply.pdfBase64), (char) => char.charCodeAt(0));
  return { fileName: reply.fileName, blob: new Blob([bytes], { type: reply.contentType }) };
}
