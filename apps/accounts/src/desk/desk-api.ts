import type { DESK_ROUTES } from '@pravesh/core/support/routes.ts';

/**
 * The support desk's calls, same origin as the page (the API server serves /desk), with the desk's
 * HttpOnly session cookie; never a customer's token. A refusal carries the catalogue's text.
 */
export class DeskError extends Error {
  constructor(
    readonly statusCode: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

const GENERIC = 'Something went wrong. Please try again.';

export async function deskCall<T>(path: (typeof DESK_ROUTES)[keyof typeof DESK_ROUTES], body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new DeskError('networkError', 'You seem to be offline. Please check your connection.', 0);
  }
  const envelope = (await response.json().catch(() => undefined)) as
    { status?: boolean; statusCode?: string; statusMessage?: string; response?: T } | undefined;
  if (!response.ok || !envelope?.status) {
    throw new DeskError(
      envelope?.statusCode ?? String(response.status),
      envelope?.statusMessage ?? GENERIC,
      response.status,
    );
  }
  return envelope.response as T;
}
