import { FINVU_REFRESH_RETRY_MS } from '@pravesh/core/aggregator/constants.ts';
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
 * - the per-endpoint retry counts of §7, and the waits of §9 before refreshData's retries;
 * - every failed response that is finally given up on is reported to the API_ERROR list (§8;
 *   isFailedResponse says which), unless the call names its code as one its screen answers.
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
  /** Not reported to the API_ERROR list (logout calls, whose errors are ignored, spec 001 §4). */
  ignoreErrors?: boolean;
  /**
   * Refusals the screen answers itself (a wrong bank OTP, a switch that is off): an expected
   * outcome, not a failed call, so not reported to the API_ERROR list (spec 001 §8), which would
   * send the next page load to the root.
   */
  handledCodes?: readonly string[];
  /** Told before each retry that waits (refreshData), so a screen can say when it tries again. */
  onRetry?: (retry: { attempt: number; delayMs: number; error: ApiError }) => void;
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

/**
 * spec 001 §9 "update retries at 20000, 40000, 100000, 200000 and 500000 ms": the waits before
 * refreshData's five retries (§7). A bank that did not answer needs minutes, not milliseconds;
 * every other endpoint retries at once.
 */
export const RETRY_DELAYS_MS: Readonly<Record<string, readonly number[]>> = {
  refreshData: FINVU_REFRESH_RETRY_MS,
};

const endpointName = (path: string) => path.split('?')[0]!.split('/').filter(Boolean).pop() ?? '';

export function retriesFor(path: string): number {
  return RETRIES[endpointName(path)] ?? 0;
}

/** How long to wait before retry number `attempt` (1-based) of `path`; 0 for at once. */
export function retryDelayFor(path: string, attempt: number): number {
  return RETRY_DELAYS_MS[endpointName(path)]?.[attempt - 1] ?? 0;
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
  /** Waits between retries (tests pass fake timers); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
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

/**
 * A switch that is off answers 503 on purpose (spec 001 §8 "Data refresh is temporarily
 * disabled…"): sending again cannot help until an operator turns it back on.
 */
const SWITCHED_OFF = new Set(['dataRefreshDisabled']);

/** A failure worth sending again: no reply, a time-out, or the server's own failure (5xx). */
export function isRetryable(error: ApiError): boolean {
  if (SWITCHED_OFF.has(error.statusCode)) return false;
  return error.httpStatus === 0 || error.httpStatus >= 500;
}

/**
 * spec 001 §8 "Failed API responses are stored in an API_ERROR list. While it is non-empty, the next
 * page load goes to the root." A failed response is one My Account cannot go on from: no reply, a
 * time-out, the server's own failure, a refused session (401/403), or a reply that is not an
 * envelope's success. A refusal of what the customer typed or asked (another 4xx: a wrong OTP, an
 * email the rules refuse, a query limit reached, a report not pulled yet) is the service answering,
 * and the screen shows it; listing it would sign the customer out on their next page load for a typo.
 */
export function isFailedResponse(error: ApiError): boolean {
  const refusedInput = error.httpStatus >= 400 && error.httpStatus < 500 && ![401, 403].includes(error.httpStatus);
  return !refusedInput;
}

export function createHttp(options: HttpOptions): Http {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

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
          if (attempt < retries && isRetryable(failure)) {
            const delayMs = retryDelayFor(path, attempt + 1);
            if (delayMs > 0) {
              callOptions.onRetry?.({ attempt: attempt + 1, delayMs, error: failure });
              await sleep(delayMs);
            }
            continue;
          }
          const answeredByScreen = callOptions.handledCodes?.includes(failure.statusCode) ?? false;
          if (!callOptions.ignoreErrors && !answeredByScreen && isFailedResponse(failure)) {
            options.onApiError?.({ path: path.split('?')[0]!, statusCode: failure.statusCode, at: now() });
          }
          throw failure;
        }
      }
    },
  };
}
