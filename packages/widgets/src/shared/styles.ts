import { BASE_CSS as UI_BASE_CSS, TOKENS_CSS } from '@pravesh/ui/css';
import { COLOR, KEYFRAMES } from './tokens.ts';

/**
 * The rules every widget's stylesheet shares (tokens.ts holds the design tokens). Each widget's
 * stylesheet lives in its own shadow root, so no selector of the host page reaches inside and none
 * of ours leaks out; `all: initial` on the host stops inherited text settings (font, colour, line
 * height, letter spacing) from coming through the boundary.
 */

/**
 * First in every widget's stylesheet: @pravesh/ui's tokens (declared on :host, and untouched by
 * `all: initial`, which does not reset custom properties), the host reset, box sizing and the
 * hidden-but-read helper.
 */
export const BASE_CSS = `${TOKENS_CSS}
:host {
  all: initial;
}
${UI_BASE_CSS}`;

/** The round close control at the top right of a widget, and text only screen readers read. */
export function closeButtonCss(place: {
  top: number;
  right: number;
  zIndex?: number;
  hoverBackground: string;
  focusOffset: number;
  iconSize: number;
}): string {
  return `
.close {
  position: absolute;
  top: ${place.top}px;
  right: ${place.right}px;${place.zIndex === undefined ? '' : `\n  z-index: ${place.zIndex};`}
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${COLOR.muted};
  cursor: pointer;
}

.close:hover {
  background: ${place.hoverBackground};
  color: ${COLOR.ink};
}

.close:focus-visible {
  outline: 3px solid ${COLOR.focus};
  outline-offset: ${place.focusOffset}px;
}

.close svg {
  width: ${place.iconSize}px;
  height: ${place.iconSize}px;
}

.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
`;
}

export const KEYFRAMES_CSS = `
@keyframes ${KEYFRAMES.fade} {
  from {
    opacity: 0;
  }
}

@keyframes ${KEYFRAMES.sheetUp} {
  from {
    transform: translateY(100%);
  }
}

@keyframes ${KEYFRAMES.spin} {
  to {
    transform: rotate(360deg);
  }
}
`;

/**
 * Puts a stylesheet into a shadow root: a constructed stylesheet where supported (not subject to
 * the host page's style-src CSP, which a <style> element would be), a <style> element otherwise.
 */
export function adoptStyleSheet(root: ShadowRoot, css: string): void {
  const Sheet = root.ownerDocument.defaultView?.CSSStyleSheet;
  if (Sheet && 'adoptedStyleSheets' in root && typeof Sheet.prototype.replaceSync === 'function') {
    try {
      const sheet = new Sheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      return;
    } catch {
      // Fall through to a <style> element.
    }
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = css;
  root.appendChild(style);
}
