import type { CatalogueEntry } from './entry.ts';

export type ErrorParams = Record<string, string | number>;

/**
 * The catalogue's error class over one catalogue. errors.ts builds it over the whole catalogue
 * (ERRORS); errors/browser.ts over the groups browser code throws, so the SDK's scripts do not
 * carry server-only entries (the visitor script's gzip budget). Both classes are
 * named PraveshError and carry the same fields, so isPraveshError recognises either.
 */
export function catalogueErrorClass<Key extends string>(catalogue: Readonly<Record<Key, CatalogueEntry>>) {
  /** An error from the catalogue: code, exact message and HTTP status travel together. */
  class PraveshError extends Error {
    readonly key: Key;
    readonly code: string;
    readonly status: number;

    constructor(key: Key, params: ErrorParams = {}) {
      const found: CatalogueEntry = catalogue[key];
      super(typeof found.message === 'function' ? found.message(params) : found.message);
      this.name = 'PraveshError';
      this.key = key;
      this.code = found.code;
      this.status = found.status;
    }
  }

  /**
   * Also recognises catalogue errors from another bundle's copy of this class (the lazily loaded
   * visitor script carries its own), which `instanceof` cannot see.
   */
  function isPraveshError(error: unknown): error is PraveshError {
    if (error instanceof PraveshError) return true;
    if (!(error instanceof Error) || error.name !== 'PraveshError') return false;
    const candidate = error as Partial<PraveshError>;
    return (
      typeof candidate.code === 'string' && typeof candidate.status === 'number' && typeof candidate.key === 'string'
    );
  }

  return { PraveshError, isPraveshError };
}
