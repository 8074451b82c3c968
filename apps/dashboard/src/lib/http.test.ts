import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, ApiError, createHttp, retriesFor, type ApiErrorEntry, type Send } from './http.ts';

/** The SDK's refusal (PassRequestError): statusCode, httpStatus and the body of the reply. */
function refusal(statusCode: string, httpStatus: number, body: unknown = { status: false, statusCode }) {
  return Object.assign(new Error(statusCode), { name: 'PassRequestError', statusCode, httpStatus, body });
}

/** A scripted service: each call takes the next answer (a value resolves, an Error rejects). */
function scripted(...answers: unknown[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const send: Send = <T>(method: string, path: string, options?: { body?: unknown }) => {
    calls.push({ method, path, body: options?.body });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T);
  };
  return { send, calls };
}

function helper(session: ReturnType<typeof scripted>, anonymous = scripted({})) {
  const errors: ApiErrorEntry[] = [];
  const http = createHttp({
    send: anonymous.send,
    sendWithSession: session.send,
    onApiError: (entry) => errors.push(entry),
    now: () => 1_700_000_000_000,
  });
  return { http, errors };
}

afterEach(() => vi.useRealTimers());

describe('the one HTTP helper (spec 001 §7)', () => {
  it('knows the retry counts of spec 001 §7 by endpoint', () => {
    for (const name of ['getOffers', 'getLeads', 'getUpdatedLeadDetails', 'getStepUpCardDetails', 'transactions']) {
      expect(retriesFor(`/MSP/api/v1/myAccount/${name}`), name).toBe(1);
    }
    for (const name of ['getSupport', 'productList', 'reportStatus', 'quoteApply', 'fetchQuotes']) {
      expect(retriesFor(`/BSP/api/v1/x/${name}`), name).toBe(1);
    }
    expect(retriesFor('/OVI/api/v1/FI/fetchUserAccountInfo?x=1')).toBe(1);
    expect(retriesFor('/OVI/api/v1/FI/refreshData')).toBe(5);
    expect(retriesFor('/MSP/api/v1/myAccount/getCustomerDetails')).toBe(0);
    expect(retriesFor('/MSP/api/v1/myAccount/session')).toBe(0);
  });

  it('retries getLeads once after a server failure, then answers', async () => {
    const service = scripted(refusal('somethingWentWrong', 503), { leads: ['L1'] });
    const { http, errors } = helper(service);
    await expect(http.call('POST', '/MSP/api/v1/myAccount/getLeads')).resolves.toEqual({ leads: ['L1'] });
    expect(service.calls).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('gives up on getLeads after its one retry, and reports one API_ERROR entry', async () => {
    const service = scripted(refusal('somethingWentWrong', 503));
    const { http, errors } = helper(service);
    const failure = await http.call('POST', '/MSP/api/v1/myAccount/getLeads').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(service.calls).toHaveLength(2);
    expect(errors).toEqual([
      { path: '/MSP/api/v1/myAccount/getLeads', statusCode: 'somethingWentWrong', at: 1_700_000_000_000 },
    ]);
  });

  it('sends refreshData up to six times (5 retries), and a call without retries once', async () => {
    const refresh = scripted(new TypeError('Failed to fetch'));
    await helper(refresh)
      .http.call('POST', '/OVI/api/v1/FI/refreshData')
      .catch(() => undefined);
    expect(refresh.calls).toHaveLength(6);

    const details = scripted(refusal('somethingWentWrong', 500));
    await helper(details)
      .http.call('POST', '/MSP/api/v1/myAccount/getCustomerDetails')
      .catch(() => undefined);
    expect(details.calls).toHaveLength(1);
  });

  it('does not retry a refusal (4xx): sending it again cannot help', async () => {
    const service = scripted(refusal('tokenNotValidated', 401));
    await helper(service)
      .http.call('POST', '/MSP/api/v1/myAccount/getLeads')
      .catch(() => undefined);
    expect(service.calls).toHaveLength(1);
  });

  it('rejects with the body plus a statusCode from the service, the HTTP status or the error', async () => {
    const body = { status: false, statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' };
    const fromService = await helper(scripted(refusal('tokenNotValidated', 401, body)))
      .http.call('POST', '/MSP/api/v1/myAccount/session')
      .catch((error: ApiError) => error);
    expect(fromService).toMatchObject({ statusCode: 'tokenNotValidated', httpStatus: 401, body });

    const fromHttp = await helper(scripted(refusal('', 502, '<html>Bad gateway</html>')))
      .http.call('POST', '/MSP/api/v1/myAccount/session')
      .catch((error: ApiError) => error);
    expect(fromHttp).toMatchObject({ statusCode: '502', httpStatus: 502, body: '<html>Bad gateway</html>' });

    const network = await helper(scripted(new TypeError('Failed to fetch')))
      .http.call('POST', '/MSP/api/v1/myAccount/session')
      .catch((error: ApiError) => error);
    expect(network).toMatchObject({ statusCode: 'networkError', httpStatus: 0 });
  });

  it('succeeds on status true or statusCode "success", and rejects a bare envelope that is neither', async () => {
    const ok = helper(scripted({ status: false, statusCode: 'success', response: { a: 1 } }));
    await expect(ok.http.call('POST', '/x/one')).resolves.toEqual({ a: 1 });
    const alsoOk = helper(scripted({ status: true, statusCode: 'done', response: { b: 2 } }));
    await expect(alsoOk.http.call('POST', '/x/two')).resolves.toEqual({ b: 2 });
    const refused = helper(scripted({ status: false, statusCode: 'notAllowed', response: null }));
    await expect(refused.http.call('POST', '/x/three')).rejects.toMatchObject({
      statusCode: 'notAllowed',
      body: { status: false, statusCode: 'notAllowed', response: null },
    });
    expect(refused.errors.map((entry) => entry.statusCode)).toEqual(['notAllowed']);
  });

  it('sends visit, getSsoToken and ssoLogin without the session (auth: none), the rest with it', async () => {
    const withSession = scripted({ ok: true });
    const anonymous = scripted({ visitId: 'v-1' });
    const { http } = helper(withSession, anonymous);
    await http.call('POST', '/MSP/api/v1/visit', { auth: 'none', body: { visitId: 'x' } });
    await http.call('POST', '/MSP/api/v1/myAccount/session', { body: {} });
    expect(anonymous.calls.map((call) => call.path)).toEqual(['/MSP/api/v1/visit']);
    expect(withSession.calls.map((call) => call.path)).toEqual(['/MSP/api/v1/myAccount/session']);
  });

  it('times a call out after 100000 ms', async () => {
    vi.useFakeTimers();
    const never: Send = () => new Promise(() => undefined);
    const errors: ApiErrorEntry[] = [];
    const http = createHttp({ send: never, sendWithSession: never, onApiError: (entry) => errors.push(entry) });
    const pending = http.call('POST', '/MSP/api/v1/myAccount/session').catch((error: ApiError) => error);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ statusCode: 'timeout', httpStatus: 0 });
    expect(errors).toHaveLength(1);
  });

  it('leaves calls whose errors are ignored (logout) out of the API_ERROR list', async () => {
    const { http, errors } = helper(scripted(refusal('tokenNotValidated', 401)));
    await http.call('POST', '/MSP/api/v1/myAccount/session/logout', { ignoreErrors: true }).catch(() => undefined);
    expect(errors).toEqual([]);
  });

  it("leaves a service's 4xx answer out when the screen shows it ('answered'), never a 5xx or no reply", async () => {
    const path = '/BSP/api/v1/customerProfile/update';
    const wrongOtp = helper(scripted(refusal('otpIncorrect', 400)));
    await wrongOtp.http.call('POST', path, { ignoreErrors: 'answered' }).catch(() => undefined);
    expect(wrongOtp.errors).toEqual([]);
    const broken = helper(scripted(refusal('somethingWentWrong', 500)));
    await broken.http.call('POST', path, { ignoreErrors: 'answered' }).catch(() => undefined);
    expect(broken.errors.map((entry) => entry.statusCode)).toEqual(['somethingWentWrong']);
    const offline = helper(scripted(new TypeError('Failed to fetch')));
    await offline.http.call('POST', path, { ignoreErrors: 'answered' }).catch(() => undefined);
    expect(offline.errors.map((entry) => entry.statusCode)).toEqual(['networkError']);
  });
});
