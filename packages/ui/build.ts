/**
 * Writes the package's stylesheets from their TypeScript source (`npm run build -w @pravesh/ui`):
 *   tokens.css      the design tokens on `:root, :host` (src/css/tokens.ts)
 *   components.css  the shared components' rules (src/css/components.ts)
 * Both are committed, so a page without a bundler can link them; css.test.ts fails when either is
 * out of step with its source. fonts.css (Open Sans from @fontsource, no font CDN) is written by hand.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPONENTS_CSS } from './src/css/components.ts';
import { TOKENS_CSS } from './src/css/tokens.ts';
import { componentsFile, formatCss } from './src/css/files.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
await writeFile(path.join(root, 'tokens.css'), await formatCss(TOKENS_CSS));
await writeFile(path.join(root, 'components.css'), await formatCss(componentsFile(COMPONENTS_CSS)));
console.log('packages/ui: wrote tokens.css and components.css');
