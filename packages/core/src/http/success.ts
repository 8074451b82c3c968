/**
 * The success rule of both specs (spec 000 §7, spec 001 §7): `status: true` or
 * `statusCode: "success"`. Kept free of zod so the browser bundle can import it.
 */
export const SUCCESS_CODE = 'success';

export function isSuccess(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as { status?: unknown; statusCode?: unknown };
  return candidate.status === true || candidate.statusCode === SUCCESS_CODE;
}
