import { z } from 'zod';
import { SUCCESS_CODE } from './success.ts';

/**
 * The response envelope of both specs (spec 000 §7, spec 001 §7):
 * `{ status, statusCode, statusMessage?, response? }`. Success is `status: true` or
 * `statusCode: "success"`.
 */

export interface Envelope<T> {
  status: boolean;
  statusCode: string;
  statusMessage?: string;
  response?: T;
}

export function envelopeSchema<T extends z.ZodType>(response: T) {
  return z.object({
    status: z.boolean(),
    statusCode: z.string(),
    statusMessage: z.string().optional(),
    response: response.optional(),
  });
}

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  statusCode: z.string(),
  statusMessage: z.string(),
});

/** A route's response schemas: its answer in the envelope, and the catalogue's errors (4xx). */
export function envelopeResponses<T extends z.ZodType>(response: T) {
  return { 200: envelopeSchema(response), '4xx': errorEnvelopeSchema };
}

export function ok<T>(response: T, statusMessage?: string): Envelope<T> {
  return statusMessage === undefined
    ? { status: true, statusCode: SUCCESS_CODE, response }
    : { status: true, statusCode: SUCCESS_CODE, statusMessage, response };
}

export function failure(statusCode: string, statusMessage: string): Envelope<never> {
  return { status: false, statusCode, statusMessage };
}
