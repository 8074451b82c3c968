import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import type * as RenderAppShell from './render-app-shell.tsx';

type ShellModule = typeof RenderAppShell;

/**
 * What lets My Account paint before its scripts arrive ("Shown by": LCP ≤ 2.0 s on a
 * phone under 4× CPU and Slow 4G; bench/dashboard-page.ts measured 4.8 s, the first paint waiting
 * for 140 KB of JavaScript, the session check and the shield config):
 *
 * - the app shell (layout/app-shell-skeleton.tsx), rendered to HTML into #root;
 * - the entry stylesheet inlined as a <style> instead of a render-blocking <link>: the shell is
 *   styled by the HTML alone. The API server allows it by hash in its CSP (no 'unsafe-inline') and
 *   sends index.html compressed;
 * - the Open Sans weights the shell's text uses, preloaded, so its text is drawn in its own font
 *   and does not reflow when the font arrives.
 */

/** Regular for text, bold for the title and brand: what the shell's text is drawn in. */
const PRELOADED_FONTS = /^assets\/open-sans-latin-(400|700)-normal-[\w-]+\.woff2$/;

function entryStylesheets(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[0]);
}

export function appShell(options: { root: string }): Plugin {
  let base = '/';
  return {
    name: 'pravesh-app-shell',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const bundle: Rolldown.OutputBundle | undefined = context.bundle;
        if (!bundle) throw new Error('app shell: index.html was transformed outside a build');
        const assetOf = (href: string) => {
          const asset = bundle[href.slice(base.length)];
          if (!asset || asset.type !== 'asset') throw new Error(`app shell: ${href} is not an emitted asset`);
          return asset;
        };

        // The shell, rendered by tsx: the config's own bundler does not compile the app's TSX.
        const { tsImport } = await import('tsx/esm/api');
        const shellModule = path.join(options.root, 'build/render-app-shell.tsx');
        const { renderAppShells } = (await tsImport(shellModule, import.meta.url)) as ShellModule;
        let out = html.replace('<div id="root"></div>', `<div id="root">${renderAppShells()}</div>`);
        if (out === html) throw new Error('app shell: index.html has no empty <div id="root"></div>');

        for (const link of entryStylesheets(out)) {
          const href = /href="([^"]+)"/.exec(link)![1]!;
          const asset = assetOf(href);
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          out = out.replace(link, `<style>${css.trim()}</style>`);
          // Lazy screens carry their own stylesheets, so the file can usually go; one a lazy chunk
          // still names (a stylesheet shared by the entry and a screen) stays, or that screen 404s.
          const named = Object.values(bundle).some(
            (output) => output.type === 'chunk' && output.code.includes(asset.fileName),
          );
          if (!named) delete bundle[asset.fileName];
        }

        const fonts = Object.keys(bundle)
          .filter((file) => PRELOADED_FONTS.test(file))
          .sort()
          .map((file) => `<link rel="preload" href="${base}${file}" as="font" type="font/woff2" crossorigin>`);
        if (fonts.length !== 2) throw new Error(`app shell: expected Open Sans 400 and 700, found ${fonts.length}`);
        return out.replace('<title>', `${fonts.join('\n    ')}\n    <title>`);
      },
    },
  };
}
