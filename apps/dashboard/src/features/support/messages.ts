import type { CatalogueEntry } from '@pravesh/core/errors/entry.ts';
import { SSO_ERRORS } from '@pravesh/core/sso/errors.ts';
import { SUPPORT_ERRORS } from '@pravesh/core/support/errors.ts';
import type { SupportQueryProblem } from '@pravesh/core/support/rules.ts';
import type { ApiFailure } from '../../app/api.ts';

/** spec 001 §8 generic user message. */
export const GENERIC_MESSAGE = 'Something went wrong! Please try again later';

const text = (entry: CatalogueEntry) => (typeof entry.message === 'string' ? entry.message : GENERIC_MESSAGE);

/** The catalogue's text for a field's problem: the same words the server answers with. */
export function problemText(problem: SupportQueryProblem): string {
  return text(problem === 'invalidEmail' ? SSO_ERRORS.invalidEmail : SUPPORT_ERRORS[problem]);
}

/** What to tell the customer about a refused call: a support catalogue text when it is one, else the generic one. */
export function failureText(error: unknown): string {
  const code = (error as Partial<ApiFailure> | undefined)?.statusCode;
  const entry = Object.values({ ...SUPPORT_ERRORS, invalidEmail: SSO_ERRORS.invalidEmail }).find(
    (candidate) => candidate.code === code,
  );
  return entry ? text(entry) : GENERIC_MESSAGE;
}
