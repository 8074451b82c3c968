import { BROWSER_ERRORS } from '@pravesh/core/errors/browser-groups.ts';
import type { CatalogueEntry } from '@pravesh/core/errors/entry.ts';

/**
 * Each SDK script carries only the catalogue entries its code names (packages/sdk/build.ts): the
 * whole browser catalogue (core errors/browser.ts) was about a third of the visitor script, which
 * raises a handful of them. A key is taken as used when it appears as a word anywhere in the
 * script's minified code built over an empty catalogue (new PraveshError('required'),
 * ERRORS.somethingWentWrong.code): a word that only looks like a key costs one entry, never a
 * missing one. A part of a kebab-case name (the header sso-authentication-token) is no word. The entries keep their exact
 * texts, codes and statuses (spec 000 §8), so a script's errors read as the server's do.
 */

/** The keys of `catalogue` that appear as a word in any of `sources` (a script's code built over an empty catalogue). */
export function usedErrorKeys(
  sources: Iterable<string>,
  catalogue: Readonly<Record<string, CatalogueEntry>> = BROWSER_ERRORS,
): string[] {
  const words = new Set<string>();
  for (const source of sources) for (const [word] of source.matchAll(/[A-Za-z_$][\w$-]*/g)) words.add(word);
  return Object.keys(catalogue).filter((key) => words.has(key));
}

function messageSource(message: CatalogueEntry['message']): string {
  if (typeof message === 'string') return JSON.stringify(message);
  const source = message.toString();
  // A message function must stand alone (its parameters in, text out): it is copied as its source.
  if (!/^\(\{[\w\s,]*\}\)\s*=>\s*`/.test(source))
    throw new Error(`a catalogue message is not a lone template: ${source}`);
  return source;
}

/**
 * The source of a module with errors/browser.ts's exports over only `keys` of the catalogue;
 * `errorClassModule` is the path of core's errors/error-class.ts, which builds PraveshError.
 */
export function catalogueModule(
  keys: readonly string[],
  errorClassModule: string,
  catalogue: Readonly<Record<string, CatalogueEntry>> = BROWSER_ERRORS,
): string {
  const entries = keys.map((key) => {
    const { code, status, message } = catalogue[key]!;
    return `  ${JSON.stringify(key)}: { code: ${JSON.stringify(code)}, status: ${status}, message: ${messageSource(message)} },`;
  });
  return [
    `import { catalogueErrorClass } from ${JSON.stringify(errorClassModule)};`,
    `export const BROWSER_ERRORS = {\n${entries.join('\n')}\n};`,
    'export const BROWSER_ERROR_GROUPS = { used: BROWSER_ERRORS };',
    'export const ERROR_GROUPS = BROWSER_ERROR_GROUPS;',
    'export const ERRORS = BROWSER_ERRORS;',
    'const errorClass = catalogueErrorClass(ERRORS);',
    'export const PraveshError = errorClass.PraveshError;',
    'export const isPraveshError = errorClass.isPraveshError;',
    '',
  ].join('\n');
}
