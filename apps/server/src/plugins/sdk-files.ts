import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SDK_HASHED_SCRIPT } from '@pravesh/core/sdk-files.ts';
import { registerPageAssets } from '../lib/framed-page.ts';

export const SDK_PREFIX = '/sdk/';

/** A year, as immutable (RFC 8246): the name changes whenever the content does. */
export const SDK_HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * Five minutes: what a site's script tag names (pravesh.js) and the manifest keep their plain
 * names across releases, so a browser asks again soon and a release reaches every page within
 * minutes; the hashed scripts it leads to are fetched once.
 */
export const SDK_LOADER_CACHE_CONTROL = 'public, max-age=300';

/** The cache lifetime of a file of the SDK's build folder (its .br/.gz copy answers as the file). */
export function sdkCacheControl(file: string): string {
  const served = path.basename(file).replace(/\.(br|gz)$/, '');
  return SDK_HASHED_SCRIPT.test(served) ? SDK_HASHED_CACHE_CONTROL : SDK_LOADER_CACHE_CONTROL;
}

/**
 * The SDK's scripts under /sdk/ (packages/sdk/seal.ts writes them): each file's Brotli or gzip
 * copy for a browser whose Accept-Encoding takes it (RFC 9110 §12.5.3), the plain file otherwise,
 * always with Vary: Accept-Encoding so a shared cache keeps the answers apart (RFC 9110 §12.5.5).
 */
export async function sdkFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(async (scope) => {
    // Added to what is there: CORS varies these answers by Origin too.
    scope.addHook('onSend', async (_request, reply) => {
      const vary = reply.getHeader('vary');
      const listed = typeof vary === 'string' && vary.length > 0 ? `${vary}, ` : '';
      if (!/accept-encoding/i.test(listed)) reply.header('vary', `${listed}Accept-Encoding`);
    });
    await registerPageAssets(scope, {
      root,
      prefix: SDK_PREFIX,
      // Ours below: @fastify/static's own would be one lifetime for every file.
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, file) {
        reply.setHeader('cache-control', sdkCacheControl(file));
      },
    });
  });
}
