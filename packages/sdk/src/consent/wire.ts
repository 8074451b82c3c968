import { ERRORS, isPraveshError } from '@pravesh/core';
import { PassRequestError } from '../http.ts';
import type { ConsentClient } from './types.ts';

/** The consent client's small rules about values and answers (spec 000 §3, §8). */

export const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function isClient(value: unknown): value is ConsentClient {
  if (typeof value !== 'object' || value === null) return false;
  const client = value as Partial<ConsentClient>;
  return typeof client.init === 'function' && typeof client.request === 'function';
}
/** UTF-8 bytes of the contract markup (Node's Buffer#toJSON shape) as text. */
export function decodeContractText(contractText: { data?: unknown } | undefined): string {
  const data = contractText?.data;
  if (!Array.isArray(data)) return '';
  return new TextDecoder().decode(Uint8Array.from(data as number[]));
}

/** base64 of the page address, as btoa would give it, for any characters (spec 000 §3 pageUrl). */
export function base64PageUrl(url: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(url)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A refusal from the HTTP client. Duck-typed, not instanceof: from a script tag the client is the
 * core script's, whose PassRequestError is another copy of the class than this script's.
 */
export function isRequestError(error: unknown): error is PassRequestError {
  if (error instanceof PassRequestError) return true;
  if (!(error instanceof Error) || error.name !== 'PassRequestError') return false;
  const candidate = error as Partial<PassRequestError>;
  return typeof candidate.statusCode === 'string' && typeof candidate.httpStatus === 'number';
}

export function outcomeOf(error: unknown): { status: 'failed'; statusCode: string; statusMessage: string } {
  if (isRequestError(error)) {
    return { status: 'failed', statusCode: error.statusCode, statusMessage: error.statusMessage ?? error.statusCode };
  }
  if (isPraveshError(error)) return { status: 'failed', statusCode: error.code, statusMessage: error.message };
  return { status: 'failed', statusCode: ERRORS.somethingWentWrong.code, statusMessage: 'somethingWentWrong' };
}

export const refusedToken = (error: unknown) =>
  isRequestError(error) && (error.statusCode === ERRORS.tokenNotValidated.code || error.httpStatus === 401);
