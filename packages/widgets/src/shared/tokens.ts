/** Design tokens of the widgets' stylesheets: the accounts pages' colours, the system font stack. */

export const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

export const COLOR = {
  ink: '#14213d',
  brand: '#0b3d91',
  muted: '#4a5568',
  focus: '#f5b301',
  /** The scrim and shadow colour, as the channels of rgb(… / alpha). */
  shade: '11 22 44',
} as const;

/** Keyframes the widgets' rules name: fade in, spin, rise from the bottom as a sheet. */
export const KEYFRAMES = { fade: 'pw-fade', spin: 'pw-spin', sheetUp: 'pw-sheet-up' } as const;
