import type { Plugin } from 'vite';

/**
 * Open Sans with font-display optional instead of @fontsource's swap, as the demo sites have it
 * (apps/demo/src/serve.ts). With swap, a first visit drew the app shell's text in the metric-matched
 * fallback (@pravesh/ui open-sans-fallback.css), and when React replaced the shell with the page the
 * new text, now in Open Sans, was a few pixels larger: the browser took it as a new, later
 * largest contentful paint (web.dev/lcp: a larger element painted later replaces the candidate),
 * so LCP waited for the scripts and the session check though the greeting had been on screen since
 * the first paint. With optional a face that misses the first paint is not swapped in on that page
 * (the shell and the page draw the same text the same size) and is in the HTTP cache for the next.
 */
export function fontDisplayOptional(): Plugin {
  return {
    name: 'pravesh-font-display-optional',
    apply: 'build',
    transform(code, id) {
      if (!/\.css(?:$|\?)/.test(id) || !code.includes('font-display: swap')) return undefined;
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
    },
  };
}
