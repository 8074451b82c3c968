import { FULL_JOURNEY_HEIGHT, MAX_BOX_HEIGHT, MIN_BOX_HEIGHT, MOBILE_BREAKPOINT_PX } from './sizes.ts';

/**
 * The widget's stylesheet. It lives in the widget's shadow root, so no selector of the host page
 * reaches inside and none of ours leaks out; `all: initial` on the host stops inherited text
 * settings (font, colour, line height, letter spacing) from coming through the boundary.
 * Colours match the accounts pages so the frame looks like part of the modal.
 */
export const SIGN_IN_CSS = `
:host {
  all: initial;
}

*,
*::before,
*::after {
  box-sizing: border-box;
}

.backdrop {
  position: fixed;
  inset: 0;
  z-index: 2147483000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: rgb(11 22 44 / 58%);
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif;
  font-size: 16px;
  line-height: 1.5;
  color: #14213d;
  animation: pv-fade 160ms ease-out;
}

.dialog {
  position: relative;
  display: flex;
  flex-direction: column;
  /* Of the page, not of the backdrop's padded box (spec 000 §2: "80% wide"). */
  width: 80vw;
  height: ${FULL_JOURNEY_HEIGHT}px;
  max-width: 100%;
  max-height: 100%;
  overflow: hidden;
  background: #fff;
  border-radius: 16px;
  box-shadow: 0 2px 6px rgb(11 22 44 / 12%), 0 28px 72px rgb(11 22 44 / 34%);
  outline: none;
  animation: pv-rise 200ms ease-out;
  transition: height 180ms ease;
}

.dialog--otp,
.dialog--xs {
  height: clamp(${MIN_BOX_HEIGHT}px, var(--pv-box-height), ${MAX_BOX_HEIGHT}px);
  max-height: 100%;
}

.dialog--otp {
  width: 30vw;
  min-width: min(360px, 100%);
}

.dialog--xs {
  width: 25vw;
  min-width: min(320px, 100%);
}

.dialog:focus-visible {
  outline: 3px solid #f5b301;
  outline-offset: 3px;
}

.frame {
  display: block;
  flex: 1 1 auto;
  width: 100%;
  height: 100%;
  border: 0;
  background: #fff;
  color-scheme: light;
}

.loading {
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 14px;
  background: #fff;
  color: #4a5568;
  font-size: 15px;
}

.spinner {
  width: 34px;
  height: 34px;
  border: 3px solid #e8eefc;
  border-top-color: #0b3d91;
  border-radius: 50%;
  animation: pv-spin 800ms linear infinite;
}

.close {
  position: absolute;
  top: 6px;
  right: 12px;
  z-index: 1;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: #4a5568;
  cursor: pointer;
}

.close:hover {
  background: #f5f7fb;
  color: #14213d;
}

.close:focus-visible {
  outline: 3px solid #f5b301;
  outline-offset: 2px;
}

.close svg {
  width: 22px;
  height: 22px;
}

.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}

/* Up to 640px (spec 000 §2): the full journey fills the screen; the small boxes are bottom sheets. */
@media (max-width: ${MOBILE_BREAKPOINT_PX}px) {
  .backdrop {
    align-items: flex-end;
    padding: 0;
  }

  .dialog--full {
    width: 100%;
    height: 100%;
    border-radius: 0;
    box-shadow: none;
  }

  .dialog--otp,
  .dialog--xs {
    width: 100%;
    min-width: 0;
    max-height: calc(100% - 24px);
    border-radius: 18px 18px 0 0;
    animation: pv-sheet 220ms ease-out;
  }
}

@media (prefers-reduced-motion: reduce) {
  .backdrop,
  .dialog {
    animation: none;
    transition: none;
  }

  .spinner {
    animation-duration: 2400ms;
  }
}

@keyframes pv-fade {
  from {
    opacity: 0;
  }
}

@keyframes pv-rise {
  from {
    opacity: 0;
    transform: translateY(12px) scale(0.98);
  }
}

@keyframes pv-sheet {
  from {
    transform: translateY(100%);
  }
}

@keyframes pv-spin {
  to {
    transform: rotate(360deg);
  }
}
`;

/**
 * Puts the stylesheet into the shadow root: a constructed stylesheet where supported (not subject
 * to the host page's style-src CSP, which a <style> element would be), a <style> element otherwise.
 */
export function adoptStyles(root: ShadowRoot, css: string = SIGN_IN_CSS): void {
  const view = root.ownerDocument.defaultView;
  const Sheet = view?.CSSStyleSheet;
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
