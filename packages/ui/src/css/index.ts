/**
 * The stylesheets of @pravesh/ui as text, for places that adopt CSS as a string (a widget's shadow
 * root, through a constructed stylesheet). Documents link the generated files instead:
 * @pravesh/ui/tokens.css, @pravesh/ui/components.css and @pravesh/ui/fonts.css.
 */
export {
  COLOR_TOKENS,
  cssVar,
  ELEVATION_TOKENS,
  FONT_FAMILY,
  LAYER_TOKENS,
  MOTION_TOKENS,
  RADIUS_TOKENS,
  SPACE_TOKENS,
  TOKEN_GROUPS,
  TOKENS_CSS,
  TYPE_TOKENS,
} from './tokens.ts';
export {
  ALERT_CSS,
  BASE_CSS,
  BUTTON_CSS,
  COMBOBOX_CSS,
  COMPONENTS_CSS,
  DIALOG_CSS,
  FIELD_CSS,
  OTP_CSS,
  SHEET_CSS,
  SKELETON_CSS,
  SPINNER_CSS,
  TABS_CSS,
} from './components.ts';
