import { adoptStyleSheet, BASE_CSS, closeButtonCss, KEYFRAMES_CSS } from '../shared/styles.ts';
import { COLOR, FONT_STACK, KEYFRAMES } from '../shared/tokens.ts';
import { FULL_JOURNEY_HEIGHT, MAX_BOX_HEIGHT, MIN_BOX_HEIGHT, MOBILE_BREAKPOINT_PX } from './sizes.ts';

/**
 * The widget's stylesheet. It lives in the widget's shadow root, so no selector of the host page
 * reaches inside and none of ours leaks out; `all: initial` on the host stops inherited text
 * settings (font, colour, line height, letter spacing) from coming through the boundary.
 * Colours match the accounts pages so the frame looks like part of the modal.
 */
export const SIGN_IN_CSS = `${BASE_CSS}
.backdrop {
  position: fixed;
  inset: 0;
  z-index: 2147483000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: rgb(${COLOR.shade} / 58%);
  font-family: ${FONT_STACK};
  font-size: 16px;
  line-height: 1.5;
  color: ${COLOR.ink};
  animation: ${KEYFRAMES.fade} 160ms ease-out;
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
  box-shadow: 0 2px 6px rgb(${COLOR.shade} / 12%), 0 28px 72px rgb(${COLOR.shade} / 34%);
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
  outline: 3px solid ${COLOR.focus};
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
  color: ${COLOR.muted};
  font-size: 15px;
}

.spinner {
  width: 34px;
  height: 34px;
  border: 3px solid #e8eefc;
  border-top-color: ${COLOR.brand};
  border-radius: 50%;
  animation: ${KEYFRAMES.spin} 800ms linear infinite;
}

${closeButtonCss({ top: 6, right: 12, zIndex: 1, hoverBackground: '#f5f7fb', focusOffset: 2, iconSize: 22 })}
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
    animation: ${KEYFRAMES.sheetUp} 220ms ease-out;
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

@keyframes pv-rise {
  from {
    opacity: 0;
    transform: translateY(12px) scale(0.98);
  }
}

${KEYFRAMES_CSS}`;

/** Puts the widget's stylesheet into its shadow root (see adoptStyleSheet). */
export function adoptStyles(root: ShadowRoot, css: string = SIGN_IN_CSS): void {
  adoptStyleSheet(root, css);
}
