/**
 * Bundles the hub page's script (`npm run build -w @pravesh/hub`): dist/hub.js, an IIFE served by
 * the API under /hub-assets/ and loaded by its GET /hub page.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: [path.join(root, 'src/hub.ts')],
  outfile: path.join(root, 'dist/hub.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('dist/hub.js built');
