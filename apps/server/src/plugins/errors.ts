import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PraveshError, failure, isPraveshError } from '@pravesh/core';
import { isTransientOutage, outageSummary, retryAfterSecondsOf, serviceUnavailable } from '../lib/outage.ts';
import { noteRefusal } from '../observability/plugin.ts';
import { sendNotFoundPage, wantsPage } from './pages.ts';

/**
 * Every failure leaves in the spec's envelope with a catalogue code: 4xx for bad input, never a
 * stack trace. Missing fields become "[list] is required" (spec 000 §8).
 */
function fieldName(instancePath: string): string {
  // "/0/event" → "event": list indexes say nothing to the caller about which field is missing.
  return instancePath
    .split('/')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .join('.');
}

function validationError(error: FastifyError): PraveshError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation;
    // zod reports a missing field as invalid_type "… received undefined".
    const missing = issues
      .filter((issue) => issue.keyword === 'invalid_type' && (issue.message ?? '').endsWith('received undefined'))
      .map((issue) => fieldName(issue.instancePath))
      .filter((field) => field !== '');
    if (missing.length > 0 && missing.length === issues.length) {
      return new PraveshError('required', { list: missing.join(', ') });
    }
    const first = issues[0]!;
    const where = fieldName(first.instancePath);
    return new PraveshError('badRequest', {
      detail: `${where ? `${where}: ` : ''}${first.message ?? 'invalid input'}`,
    });
  }
  return new PraveshError('badRequest', { detail: error.message });
}

function toPraveshError(error: FastifyError): PraveshError | undefined {
  if (isPraveshError(error)) return error;
  if (error.validation) return validationError(error);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new PraveshError('payloadTooLarge');
  if (error.statusCode === 429) return new PraveshError('rateLimited');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new PraveshError('badRequest', { detail: error.message });
  }
  return undefined;
}

export interface ErrorsOptions {
  /** Where the HTML 404 page sends a person (the marketplace homepage); none when unset. */
  homeUrl?: string | undefined;
}

export const errorsPlugin = fp<ErrorsOptions>(
  (app: FastifyInstance, options) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const known = toPraveshError(error);
      if (known) {
        request.log.info({ code: known.code }, 'request refused');
        noteRefusal(request, known.code);
        if (known.key === 'serviceUnavailable') reply.header('retry-after', String(retryAfterSecondsOf(known)));
        return reply.status(known.status).send(failure(known.code, known.message));
      }
      if (isTransientOutage(error)) {
        // A dependency is down: 503 with Retry-After, logged by its class only (no SQL, no values).
        const outage = serviceUnavailable();
        noteRefusal(request, outage.code);
        request.log.warn({ outage: outageSummary(error) }, 'dependency unavailable');
        reply.header('retry-after', String(retryAfterSecondsOf(outage)));
        return reply.status(outage.status).send(failure(outage.code, outage.message));
      }
      request.log.error({ err: error }, 'unhandled error');
      const internal = new PraveshError('internal');
      noteRefusal(request, internal.code);
      return reply.status(internal.status).send(failure(internal.code, internal.message));
    });
    app.setNotFoundHandler((request, reply) => {
      // A person who opens an unknown address gets a page; API clients keep the envelope.
      if (wantsPage(request)) return sendNotFoundPage(reply, options.homeUrl);
      const notFound = new PraveshError('notFound');
      noteRefusal(request, notFound.code);
      return reply.status(notFound.status).send(failure(notFound.code, notFound.message));
    });
  },
  { name: 'pravesh-errors' },
);
