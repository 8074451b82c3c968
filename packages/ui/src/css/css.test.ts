import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { COMPONENTS_CSS } from './components.ts';
import { componentsFile, formatCss } from './files.ts';
import { COLOR_TOKENS, TOKENS_CSS } from './tokens.ts';

const packageFile = (name: string) => readFile(new URL(`../../${name}`, import.meta.url), 'utf8');

describe('the generated stylesheets', () => {
  it('tokens.css is tokens.ts (run `npm run build -w @pravesh/ui` after editing the tokens)', async () => {
    expect(await packageFile('tokens.css')).toBe(await formatCss(TOKENS_CSS));
  });

  it('components.css is components.ts', async () => {
    expect(await packageFile('components.css')).toBe(await formatCss(componentsFile(COMPONENTS_CSS)));
  });
});

describe('the tokens', () => {
  it('are declared for documents and for shadow roots alike', () => {
    expect(TOKENS_CSS).toMatch(/^:root,\n:host \{/m);
  });

  it('name Open Sans first, with the system stack behind it', () => {
    expect(TOKENS_CSS).toContain("--pv-font-family: 'Open Sans', 'Open Sans Fallback', system-ui");
  });

  it('stop all motion for people who ask for less of it', () => {
    const reduced = TOKENS_CSS.slice(TOKENS_CSS.indexOf('@media (prefers-reduced-motion: reduce)'));
    for (const name of ['duration-fast', 'duration-base', 'duration-slow']) {
      expect(reduced).toContain(`--pv-${name}: 0ms;`);
    }
  });

  /** WCAG relative luminance and contrast ratio. */
  function contrast(a: string, b: string): number {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  }

  it.each([
    ['ink', 'surface', 4.5],
    ['ink-muted', 'surface', 4.5],
    ['ink-muted', 'surface-alt', 4.5],
    ['on-brand', 'brand', 4.5],
    ['brand', 'surface', 4.5],
    ['danger', 'surface', 4.5],
    ['danger-ink', 'danger-soft', 4.5],
    ['success-ink', 'success-soft', 4.5],
    ['info-ink', 'info-soft', 4.5],
    ['warning-ink', 'warning-soft', 4.5],
    ['focus', 'surface', 3],
    ['focus', 'surface-alt', 3],
  ] as const)('%s on %s has at least %d:1 contrast (WCAG 1.4.3, 1.4.11)', (fg, bg, ratio) => {
    expect(contrast(COLOR_TOKENS[fg], COLOR_TOKENS[bg])).toBeGreaterThanOrEqual(ratio);
  });
});
