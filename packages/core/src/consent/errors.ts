import { entry, type CatalogueEntry } from '../errors/entry.ts';

// Terms consent. The texts are ours: the spec names no server-side consent errors.
export const CONSENT_ERRORS = {
  contractNotFound: entry('contractNotFound', 404, 'Contract not found'),
  contractVersionNotFound: entry('contractVersionNotFound', 404, 'Contract version not found'),
  consentNotGiven: entry('consentNotGiven', 409, 'No consent to withdraw for this contract'),
} as const satisfies Record<string, CatalogueEntry>;
