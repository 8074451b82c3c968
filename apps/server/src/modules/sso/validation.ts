import type { FastifyRequest } from 'fastify';
import { PraveshError } from '@pravesh/core';

/**
 * For routes with `attachValidation: true`: a malformed mobileNo (or email) is answered with the
 * catalogue's invalidMobileNumber (invalidEmail), not a generic badRequest; anything else goes to
 * the errors plugin as usual.
 */
export function refuseInvalidInput(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const issues = (error as { validation?: { instancePath?: string; message?: string }[] }).validation ?? [];
  const badMobile = issues.some(
    (issue) => issue.instancePath === '/mobileNo' && !(issue.message ?? '').endsWith('received undefined'),
  );
  if (badMobile) throw new PraveshError('invalidMobileNumber');
  const badEmail = issues.some(
    (issue) => issue.instancePath === '/email' && !(issue.message ?? '').endsWith('received undefined'),
  );
  if (badEmail) throw new PraveshError('invalidEmail');
  throw error;
}
