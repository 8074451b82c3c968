import { LOGOUT_CSRF_HEADER, SSO_ROUTES } from '@pravesh/core';

export interface LogoutOptions {
  apiBaseUrl: string;
  /** The page's CSRF token (bootstrap.logout.csrfToken). */
  csrfToken: string;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export class LogoutError extends Error {
  override name = 'LogoutError';
  constructor(
    readonly statusCode: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The logout link (spec 000 §2: accounts host /logout with redirect_uri). The state change is a
 * same-origin POST oauth/logout carrying the page's CSRF token (the server checks it against its
 * SameSite=Strict cookie, and Fetch Metadata and Origin); the server checks redirect_uri against
 * the registered clients and answers it back, and only that checked value is followed.
 * Answers where to go next: the checked redirect_uri, or undefined to stay on the page.
 */
export async function logOut(options: LogoutOptions, redirectUri: string | undefined): Promise<string | undefined> {
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const response = await send(`${options.apiBaseUrl}${SSO_ROUTES.logout}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', [LOGOUT_CSRF_HEADER]: options.csrfToken },
    body: JSON.stringify(redirectUri ? { redirect_uri: redirectUri } : {}),
  });
  const body = (await response.json().catch(() => undefined)) as
    { status?: boolean; statusCode?: string; statusMessage?: string; response?: { redirectUri?: string } } | undefined;
  if (!response.ok || body?.status !== true) {
    // spec 000 §8: logout errors use statusMessage.
    throw new LogoutError(body?.statusCode ?? 'somethingWentWrong', body?.statusMessage ?? 'somethingWentWrong');
  }
  return body.response?.redirectUri;
}
