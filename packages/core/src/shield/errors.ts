import { entry, type CatalogueEntry } from '../errors/entry.ts';

// Shield (spec 000 §8). Texts beyond "Jwt Expired" are ours: the spec names only the codes.
export const SHIELD_ERRORS = {
  clientTokenMissing: entry('clientTokenMissingException', 401, 'Client pass token is missing'),
  jwtInvalid: entry('invalidJwtException', 401, 'Invalid Jwt'),
  jwtExpired: entry('invalidJwtException', 401, 'Jwt Expired'),
  authentication: entry('authenticationException', 403, 'Request is not authorised for this site'),
  invalidAuthenticationStrategy: entry(
    'invalidAuthenticationStrategyException',
    401,
    ({ strategy }) => `${strategy} is not a valid authentication strategy`,
  ),
  configuration: entry('configurationException', 403, 'Site is not configured for this service'),
} as const satisfies Record<string, CatalogueEntry>;
