import { isSuccess } from '@pravesh/core/http/success.ts';

/**
 * The one HTTP helper of My Account (spec 001 §7 "Every call goes through one HTTP helper"). It
 * sends through the SDK, which signs the pass token (the "API shield") and, for calls made with
 * the customer's session, adds the access token; this file adds what spec 001 asks on top:
 *
 * - the per-call time-out, 100000 ms (§9);
 * - success = `status: true` or `statusCode: "success"`; anything else rejects with the body;
 * - network and HTTP errors reject with the body plus a statusCode taken from the HTTP status or
 *   the error code (an ApiError);
 * - the per-endpoint retry counts of §7;
 * - every failure that is finally given up on is reported to the API_ERROR list (§8).
 */
export const API_TIMEOUT_MS = 100_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SendOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

/** What the SDK's clients (Pravesh.request, SignOn.request) look like to this helper. */
export type Send = <T>(method: HttpMethod, path: string, options?: SendOptions) => Promise<T>;

/** spec 001 §7: "Calls sent without a session token: visit, getSsoToken and ssoLogin." */
export type Auth = 'session' | 'none';

export interface CallOptions extends SendOptions {
  /** Default 'session': the customer's access token rides along. */
  auth?: Auth;
  /**
   * Not reported to the API_ERROR list: true for every failure (logout calls, whose errors are
   * ignored, spec 001 §4); 'answered' for refusals the service answered with a 4xx that the screen
   * shows beside its field (a wrong OTP, an invalid email): the customer's input, not a broken
   * session. No reply, a time-out and a 5xx are still reported.
   */
  ignoreErrors?: boolean | 'answered';
}

export class ApiError extends Error {
  /** The service's statusCode, else the HTTP status or the error code (e.g. "timeout"). */
  readonly statusCode: string;
  /** HTTP status; 0 when no reply came. */
  readonly httpStatus: number;
  /** The reply's body, when there was one. */
  readonly body: unknown;
  constructor(statusCode: string, httpStatus: number, body: unknown, message?: string) {
    super(message ?? statusCode);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.httpStatus = httpStatus;
    this.body = body;
  }
}

/**
 * spec 001 §7 "Retries allowed: 1 for getOffers, getLeads, getUpdatedLeadDetails,
 * getStepUpCardDetails, transactions, getSupport, productList, reportStatus, quoteApply,
 * fetchQuotes and fetchUserAccountInfo; 5 for refreshData." Keyed by the path's last segment.
 */
export const RETRIES: Readonly<Record<string, number>> = {
  getOffers: 1,
  getLeads: 1,
  getUpdatedLeadDetails: 1,
  getStepUpCardDetails: 1,
  transactions: 1,
  getSupport: 1,
  productList: 1,
  reportStatus: 1,
  quoteApply: 1,
  fetchQuotes: 1,
  fetchUserAccountInfo: 1,
  refreshData: 5,
};

export function retriesFor(path: string): number {
  const name = path.split('?')[0]!.split('/').filter(Boolean).pop() ?? '';
  return RETRIES[name] ?? 0;
}

/** One API_ERROR entry (spec 001 §8): which call failed and how; never its body (it may hold personal data). */
export interface ApiErrorEntry {
  path: string;
  statusCode: string;
  at: number;
}

export interface HttpOptions {
  /** Calls without the session token: the SDK client (pass token only). */
  send: Send;
  /** Calls with the customer's session: the sign-on client's request (pass token + access token). */
  sendWithSession: Send;
  onApiError?: (entry: ApiErrorEntry) => void;
  timeoutMs?: number;
  now?: () => number;
}

export interface Http {
  call<T>(method: HttpMethod, path: string, options?: CallOptions): Promise<T>;
}

/** The SDK's PassRequestError, or anything else thrown, as the ApiError spec 001 §7 describes. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const fields = error as { statusCode?: unknown; httpStatus?: unknown; body?: unknown; statusMessage?: unknown };
    const httpStatus = typeof fields.httpStatus === 'number' ? fields.httpStatus : 0;
    const code =
      typeof fields.statusCode === 'string' && fields.statusCode !== ''
        ? fields.statusCode
        : httpStatus > 0
          ? String(httpStatus)
          : 'networkError';
    return new ApiError(
      code,
      httpStatus,
      fields.body,
      typeof fields.statusMessage === 'string' ? fields.statusMessage : undefined,
    );
  }
  const code =
    error instanceof Error && error.name === 'PraveshError' && 'code' in error ? String(error.code) : 'networkError';
  return new ApiError(code, 0, undefined, error instanceof Error ? error.message : undefined);
}

/** A failure worth sending again: no reply, a time-out, or the server's own failure (5xx). */
export function isRetryable(error: ApiError): boolean {
  return error.httpStatus === 0 || error.httpStatus >= 500;
}

export function createHttp(options: HttpOptions): Http {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const now = options.now ?? Date.now;

  async function once<T>(method: HttpMethod, path: string, callOptions: CallOptions): Promise<T> {
    const send = callOptions.auth === 'none' ? options.send : options.sendWithSession;
    const { body, headers, query } = callOptions;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ApiError('timeout', 0, undefined, 'The request timed out')), timeoutMs);
    });
    try {
      // The SDK resolves with the envelope's response when it succeeded; a reply that did not
      // succeed (no status true, no statusCode "success") arrives here as its rejection.
      const reply = await Promise.race([send<unknown>(method, path, { body, headers, query }), timedOut]);
      // A bare envelope (a client that does not unwrap) is checked here by the same rule.
      if (typeof reply === 'object' && reply !== null && 'status' in reply && 'statusCode' in reply) {
        if (!isSuccess(reply)) {
          const statusCode = (reply as { statusCode?: unknown }).statusCode;
          throw new ApiError(typeof statusCode === 'string' ? statusCode : 'failed', 200, reply);
        }
        return (reply as { response?: T }).response as T;
      }
      return reply as T;
    } catch (error) {
      throw toApiError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async call<T>(method: HttpMethod, path: string, callOptions: CallOptions = {}): Promise<T> {
      const retries = retriesFor(path);
      for (let attempt = 0; ; attempt++) {
        try {
          return await once<T>(method, path, callOptions);
        } catch (error) {
          const failure = toApiError(error);
          if (attempt < retries && isRetryable(failure)) continue;
          const answered = failure.httpStatus >= 400 && failure.httpStatus < 500;
          if (!callOptions.ignoreErrors || (callOptions.ignoreErrors === 'answered' && !answered)) {
            options.onApiError?.({ path: path.split('?')[0]!, statusCode: failure.statusCode, at: now() });
          }
          throw failure;
        }
      }
    },
  };
}
