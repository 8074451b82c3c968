/**
 * Compiles the server and its operator commands to JavaScript (`npm run build -w @pravesh/server`),
 * so production runs `node apps/server/dist/main.js` with no TypeScript tooling and only production
 * dependencies (`npm ci --omit=dev`). Our workspace packages (@pravesh/core) are bundled in, being
 * TypeScript source; every npm dependency stays an import, resolved from node_modules at run time.
 *   dist/main.js                  the API server (npm run start:prod)
 *   dist/{migrate,pass-token,contract,seed,pii}.js   the operator commands
 *   dist/migrations/              the SQL migrations, as db/client.ts reads them (lib/locations.ts)
 */
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'pass-token': path.join(root, 'src/cli/pass-token.ts'),
    contract: path.join(root, 'src/cli/contract.ts'),
    seed: path.join(root, 'src/cli/seed.ts'),
    pii: path.join(root, 'src/cli/pii.ts'),
    migrate: path.join(root, 'src/cli/migrate.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  plugins: [
    {
      // npm packages load from node_modules at run time; only our TypeScript workspaces are compiled in.
      name: 'npm-packages-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@pravesh/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  define: { __PRAVESH_COMPILED__: 'true' },
  // Flat: every file's import.meta.url is in dist/, which lib/locations.ts counts on.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
await cp(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`server compiled to ${path.relative(process.cwd(), outdir)}/`);
