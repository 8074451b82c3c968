/**
 * The design tokens of every Pravesh front end, as CSS custom properties. They are declared on
 * `:root, :host`, so one stylesheet serves a document (the accounts pages, the demo sites, My
 * Account) and a widget's shadow root alike; `all: initial` on a widget's host does not reset
 * custom properties, so they reach everything inside it.
 *
 * Sizes are in px, not rem: a widget's shadow root sits in someone else's page, whose root font
 * size (62.5 % is common) would otherwise rescale every widget. Browser zoom still scales px.
 *
 * packages/ui/tokens.css is this text, written by `npm run build -w @pravesh/ui` and kept in step
 * by tokens.test.ts, so pages without a bundler can link the file.
 */

/** Colours: a deep "trust" blue brand, one warm accent, and status colours that pass WCAG AA on white. */
export const COLOR_TOKENS = {
  brand: '#0b3d91',
  'brand-strong': '#082c69',
  'brand-soft': '#e8eefc',
  'on-brand': '#ffffff',
  accent: '#f5b301',
  'accent-soft': '#fff6db',
  ink: '#14213d',
  'ink-muted': '#4a5568',
  'ink-subtle': '#6b7689',
  line: '#c5cedd',
  'line-soft': '#e3e8f1',
  surface: '#ffffff',
  'surface-alt': '#f5f7fb',
  'surface-sunken': '#eef2f8',
  success: '#1a7f37',
  'success-soft': '#e6f4ea',
  'success-ink': '#14532d',
  danger: '#b42318',
  'danger-soft': '#fdecea',
  'danger-ink': '#8a1c12',
  warning: '#b54708',
  'warning-soft': '#fff4e5',
  'warning-ink': '#7a2e0e',
  info: '#0b5cad',
  'info-soft': '#e8f1fb',
  'info-ink': '#0b3d6e',
  /** The focus ring, drawn 2px off the control: 5:1 against white and the light surfaces (WCAG 2.4.13). */
  focus: '#1a56db',
  'focus-inner': '#14213d',
  /** The scrim behind modals, and shadow colour channels for rgb(… / alpha). */
  scrim: 'rgb(11 22 44 / 55%)',
  shade: '11 22 44',
} as const;

/**
 * spec 001 §2 names Open Sans. Until it loads, Arial scaled to its metrics (open-sans-fallback.css,
 * where a page declares it) and then the system stack stand in.
 */
export const FONT_FAMILY =
  "'Open Sans', 'Open Sans Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

/** A modular type scale (≈1.2), with the 22px page title of spec 001 §2 as `xl`. */
export const TYPE_TOKENS = {
  'font-family': FONT_FAMILY,
  'font-size-xs': '12px',
  'font-size-sm': '14px',
  'font-size-md': '16px',
  'font-size-lg': '18px',
  'font-size-xl': '22px',
  'font-size-2xl': '28px',
  'font-size-3xl': '36px',
  'font-weight-regular': '400',
  'font-weight-semibold': '600',
  'font-weight-bold': '700',
  'line-height-tight': '1.25',
  'line-height-snug': '1.375',
  'line-height-normal': '1.5',
} as const;

/** A 4px spacing grid. */
export const SPACE_TOKENS = {
  'space-0': '0',
  'space-1': '4px',
  'space-2': '8px',
  'space-3': '12px',
  'space-4': '16px',
  'space-5': '20px',
  'space-6': '24px',
  'space-8': '32px',
  'space-10': '40px',
  'space-12': '48px',
  'space-16': '64px',
} as const;

export const RADIUS_TOKENS = {
  'radius-sm': '6px',
  'radius-md': '10px',
  'radius-lg': '14px',
  'radius-xl': '20px',
  'radius-pill': '999px',
} as const;

/** Elevation: resting cards, raised menus and popovers, and modal surfaces. */
export const ELEVATION_TOKENS = {
  'elevation-0': 'none',
  'elevation-1': '0 1px 2px rgb(20 33 61 / 6%), 0 1px 3px rgb(20 33 61 / 8%)',
  'elevation-2': '0 1px 2px rgb(20 33 61 / 6%), 0 12px 32px rgb(20 33 61 / 10%)',
  'elevation-3': '0 2px 6px rgb(11 22 44 / 14%), 0 24px 64px rgb(11 22 44 / 32%)',
} as const;

/** Motion; all durations become 0ms for people who ask for reduced motion. */
export const MOTION_TOKENS = {
  'duration-fast': '120ms',
  'duration-base': '200ms',
  'duration-slow': '400ms',
  'ease-standard': 'cubic-bezier(0.2, 0, 0, 1)',
  'ease-out': 'cubic-bezier(0.22, 1, 0.36, 1)',
} as const;

/** Layers: overlays sit above page chrome; the consent panel's 1008 (spec 000 §2) is within them. */
export const LAYER_TOKENS = {
  'z-sticky': '100',
  'z-overlay': '1000',
  'z-modal': '1010',
  'z-toast': '1020',
} as const;

/** Control sizes: 48px touch targets for primary controls, 44px minimum for the rest (WCAG 2.5.5). */
export const CONTROL_TOKENS = {
  'control-height': '48px',
  'control-height-sm': '40px',
  'touch-target': '44px',
  'focus-ring-width': '3px',
} as const;

export const TOKEN_GROUPS = {
  color: COLOR_TOKENS,
  type: TYPE_TOKENS,
  space: SPACE_TOKENS,
  radius: RADIUS_TOKENS,
  elevation: ELEVATION_TOKENS,
  motion: MOTION_TOKENS,
  layer: LAYER_TOKENS,
  control: CONTROL_TOKENS,
} as const;

/** `--pv-` plus the token's name: `cssVar('color-brand')` → `var(--pv-color-brand)`. */
export function cssVar(name: string): string {
  return `var(--pv-${name})`;
}

function declarations(prefix: string, tokens: Record<string, string>): string {
  return Object.entries(tokens)
    .map(([name, value]) => `  --pv-${prefix}${name}: ${value};`)
    .join('\n');
}

export const TOKENS_CSS = `/* Pravesh design tokens (@pravesh/ui). Generated from packages/ui/src/css/tokens.ts: edit that file. */
:root,
:host {
${declarations('color-', COLOR_TOKENS)}
${declarations('', TYPE_TOKENS)}
${declarations('', SPACE_TOKENS)}
${declarations('', RADIUS_TOKENS)}
${declarations('', ELEVATION_TOKENS)}
${declarations('', MOTION_TOKENS)}
${declarations('', LAYER_TOKENS)}
${declarations('', CONTROL_TOKENS)}
}

@media (prefers-reduced-motion: reduce) {
  :root,
  :host {
    --pv-duration-fast: 0ms;
    --pv-duration-base: 0ms;
    --pv-duration-slow: 0ms;
  }
}
`;
