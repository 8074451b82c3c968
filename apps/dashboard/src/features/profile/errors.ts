/** The service's own words for a refusal (the catalogue's text), else spec 001 §8's generic message. */
export function refusalText(error: unknown): string {
  const body = (error as { body?: { statusMessage?: unknown } } | undefined)?.body;
  return typeof body?.statusMessage === 'string' ? body.statusMessage : 'Something went wrong! Please try again later';
}

/** The refusal's catalogue code (statusCode), when the service answered one. */
export function refusalCode(error: unknown): string | undefined {
  const body = (error as { body?: { statusCode?: unknown } } | undefined)?.body;
  return typeof body?.statusCode === 'string' ? body.statusCode : undefined;
}
