import { fileURLToPath } from 'node:url';

/**
 * Where the server finds what lives beside it in the repository (the built front ends, the SDK,
 * the SQL migrations), from source (tsx, tests) and from the compiled build alike. The build
 * (apps/server/build.ts) bundles into apps/server/dist/ and defines __PRAVESH_COMPILED__, so
 * `import.meta.url` there is a file of dist/, while in source it is this file's.
 */
declare const __PRAVESH_COMPILED__: boolean | undefined;

const compiled = typeof __PRAVESH_COMPILED__ !== 'undefined' && __PRAVESH_COMPILED__;

/** apps/server/ */
const SERVER_DIR = compiled ? new URL('../', import.meta.url) : new URL('../../', import.meta.url);

/** A path under the repository's root (packages/sdk/dist, apps/dashboard/dist, …). */
export function repoPath(relative: string): string {
  return fileURLToPath(new URL(`../../${relative}`, SERVER_DIR));
}

/** The checked-in SQL migrations: src/db/migrations, copied to dist/migrations by the build. */
export const MIGRATIONS_DIR = fileURLToPath(
  compiled ? new URL('./migrations', import.meta.url) : new URL('../db/migrations', import.meta.url),
);
