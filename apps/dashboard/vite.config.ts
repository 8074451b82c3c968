import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { appShell } from './build/app-shell.ts';
import { fontDisplayOptional } from './build/font-display.ts';
import { precompressAssets } from './build/precompress.ts';

/**
 * My Account is served by the API server under /myaccount/ (apps/server/src/modules/my-account):
 * index.html for every route, the hashed bundles under /myaccount/assets/. Open Sans comes from
 * @pravesh/ui/fonts.css and is copied into assets/ (no font CDN; the CSP is font-src 'self').
 * Nothing here downloads at install or build time.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/myaccount/',
  // React 19's automatic runtime, as apps/accounts compiles it.
  oxc: { jsx: { runtime: 'automatic' } },
  // Open Sans never swapped in after the first paint (build/font-display.ts), the app shell and
  // inlined entry CSS of index.html (build/app-shell.ts), then .br/.gz copies.
  plugins: [fontDisplayOptional(), appShell({ root }), precompressAssets()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    // Fonts and icons are files, never data: URIs inlined into the CSS.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
