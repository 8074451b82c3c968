import { COLOR_TOKENS, FONT_FAMILY } from '@pravesh/ui/css';

/**
 * The widgets' design tokens are @pravesh/ui's (one look with the accounts pages and the sites):
 * each widget's stylesheet starts with TOKENS_CSS (declared on :host), and these name them.
 */
export const FONT_STACK = 'var(--pv-font-family)';
export { FONT_FAMILY };

export const COLOR = {
  ink: 'var(--pv-color-ink)',
  brand: 'var(--pv-color-brand)',
  brandStrong: 'var(--pv-color-brand-strong)',
  muted: 'var(--pv-color-ink-muted)',
  focus: 'var(--pv-color-focus)',
  surfaceAlt: 'var(--pv-color-surface-alt)',
  /** The scrim and shadow colour, as the channels of rgb(… / alpha). */
  shade: COLOR_TOKENS.shade,
} as const;

/** Keyframes the widgets' rules name: fade in, spin, rise from the bottom as a sheet. */
export const KEYFRAMES = { fade: 'pw-fade', spin: 'pw-spin', sheetUp: 'pw-sheet-up' } as const;
