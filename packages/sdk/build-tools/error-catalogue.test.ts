import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BROWSER_ERRORS } from '@pravesh/core/errors/browser-groups.ts';
import { catalogueModule, usedErrorKeys } from './error-catalogue.ts';

const errorClass = fileURLToPath(new URL('../../core/src/errors/error-class.ts', import.meta.url));

/** The generated module, bundled and imported as a script would run it. */
async function load(keys: readonly string[]) {
  const result = await build({
    stdin: { contents: catalogueModule(keys, errorClass), resolveDir: path.dirname(errorClass), loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  const url = `data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.text).toString('base64')}`;
  return (await import(url)) as {
    ERRORS: Record<string, { code: string; status: number }>;
    PraveshError: new (key: string, params?: Record<string, string>) => Error & { code: string; status: number };
  };
}

describe('the catalogue a script carries', () => {
  it('takes the keys its code names as words, and no others', () => {
    const code =
      'throw new a("somethingWentWrong");b.tokenNotValidated.code;var required2=1;h["sso-authentication-token"]=t;';
    expect(usedErrorKeys([code]).sort()).toEqual(['somethingWentWrong', 'tokenNotValidated']);
  });

  it('keeps every entry it carries exactly as the catalogue has it, message functions included', async () => {
    const keys = Object.keys(BROWSER_ERRORS);
    const { ERRORS, PraveshError } = await load(keys);
    expect(Object.keys(ERRORS)).toEqual(keys);
    const params = { id: '99', valid: '1,2', list: 'src', seconds: '30', method: 'get', scope: 'x', product: 'p' };
    for (const key of keys) {
      const expected = BROWSER_ERRORS[key as keyof typeof BROWSER_ERRORS];
      const error = new PraveshError(key, params);
      expect(error.code).toBe(expected.code);
      expect(error.status).toBe(expected.status);
      expect(error.message).toBe(typeof expected.message === 'string' ? expected.message : expected.message(params));
    }
  });

  it('carries only the keys it is given', async () => {
    const { ERRORS } = await load(['somethingWentWrong']);
    expect(Object.keys(ERRORS)).toEqual(['somethingWentWrong']);
  });
});
