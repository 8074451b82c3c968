import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INVOICE_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  invoiceDownloadQuerySchema,
  invoicePdfResponseSchema,
  invoicesResponseSchema,
  ok,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import { sendPdf } from '../../lib/pdf/reply.ts';
import type { InvoicesService } from './service.ts';

/**
 * Invoices over HTTP (spec 001 §7 BSP paymentSystem/invoices and
 * bureauApplication/downloadCustomerPaymentReceipt v1 and v2; §9 credit invoice download switch).
 * Every route speaks only for the customer of the access token (pb-access-token or the pass token's
 * sso strategy): no token or a bad one is tokenNotValidated (spec 001 §8 "Token not validated"),
 * and another customer's invoice id answers invoiceNotFound.
 */
export interface InvoiceRouteDeps {
  service: InvoicesService;
  customerAuth: CustomerAuth;
}

export function invoiceRoutes(app: FastifyInstance, { service, customerAuth }: InvoiceRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = customerAuth.signedIn();

  typed.get(
    INVOICE_ROUTES.invoices,
    {
      preHandler: signedIn,
      schema: {
        summary: "The signed-in customer's GST invoices, newest first (spec 001 §7 paymentSystem/invoices)",
        description:
          'GET (method not shown in the spec), access token as for every customer read. One invoice per paid ' +
          'add-on purchase; downloadEnabled is the spec 001 §9 invoice download switch of this environment.',
        tags: ['invoices'],
        response: { 200: envelopeSchema(invoicesResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.list(request.customer.customerId)),
  );

  for (const [path, version] of [
    [INVOICE_ROUTES.downloadV1, 'v1'],
    [INVOICE_ROUTES.downloadV2, 'v2 "(invoice pdf)"'],
  ] as const) {
    typed.get(
      path,
      {
        preHandler: signedIn,
        schema: {
          summary: `One invoice as a PDF tax invoice (spec 001 §7 downloadCustomerPaymentReceipt ${version})`,
          description:
            'GET with the invoice id in the query (an opaque random id). Answers application/pdf as an attachment: ' +
            'every GST rule 46 field, the ₹ sign in an embedded font. A client whose Accept names application/json ' +
            "and not application/pdf (the dashboard's HTTP helper) gets the envelope with the same PDF in base64. " +
            'Both versions answer the same document. ' +
            "Behind the invoice download switch (spec 001 §9): off answers invoiceDownloadDisabled. Another customer's " +
            'invoice answers invoiceNotFound.',
          tags: ['invoices'],
          querystring: invoiceDownloadQuerySchema,
          produces: ['application/pdf', 'application/json'],
          response: { 200: envelopeSchema(invoicePdfResponseSchema), '4xx': errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const customer = request.customer;
        const file = await service.pdf(customer.customerId, request.query.invoiceId);
        // invoicePdfResponseSchema for a JSON client, the file otherwise.
        return sendPdf(request, reply, file, (pdfBase64) => ({
          fileName: file.fileName,
          contentType: 'application/pdf' as const,
          pdfBase64,
        }));
      },
    );
  }
}
