import { BUTTON_CSS } from '@pravesh/ui/css';
import { adoptStyleSheet, BASE_CSS, closeButtonCss, KEYFRAMES_CSS } from '../shared/styles.ts';
import { COLOR, FONT_STACK, KEYFRAMES } from '../shared/tokens.ts';

/**
 * The consent panel's stylesheet (spec 000 §2 "Consent panel / overlay"). It lives in the panel's
 * shadow root: no rule of the host page reaches in, none of ours leaks out, and `all: initial` on
 * the host keeps inherited text settings out. Wide screens: fixed bottom right, 400px wide, sliding
 * in from the right in 0.5 s at stacking level 1008; up to 767px: a full-width bottom sheet.
 */
export const CONSENT_PANEL_WIDTH_PX = 400;
export const CONSENT_PANEL_Z_INDEX = 1008;
export const CONSENT_MOBILE_BREAKPOINT_PX = 767;

export const CONSENT_CSS = `${BASE_CSS}
.overlay {
  position: fixed;
  inset: 0;
  z-index: ${CONSENT_PANEL_Z_INDEX - 1};
  background: rgb(${COLOR.shade} / 55%);
  animation: ${KEYFRAMES.fade} 0.5s ease-out;
}
.panel {
  position: fixed;
  right: 24px;
  bottom: 24px;
  z-index: ${CONSENT_PANEL_Z_INDEX};
  display: flex;
  flex-direction: column;
  width: ${CONSENT_PANEL_WIDTH_PX}px;
  max-height: calc(100vh - 48px);
  padding: var(--pv-space-6);
  background: var(--pv-color-surface);
  border-radius: var(--pv-radius-xl);
  box-shadow: var(--pv-elevation-3);
  font-family: ${FONT_STACK};
  font-size: 15px;
  line-height: var(--pv-line-height-normal);
  color: ${COLOR.ink};
  outline: none;
  animation: pc-slide-in 0.5s cubic-bezier(0.22, 1, 0.36, 1);
}
.title {
  margin: 0 48px var(--pv-space-2) 0;
  font-size: var(--pv-font-size-xl);
  line-height: var(--pv-line-height-tight);
  font-weight: var(--pv-font-weight-bold);
  letter-spacing: -0.01em;
  color: ${COLOR.ink};
}
.terms {
  flex: 1 1 auto;
  min-height: 0;
  margin: 0 -6px var(--pv-space-5) 0;
  padding: 0 6px 0 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  color: var(--pv-color-ink-muted);
  border-radius: 4px;
}
.terms:focus-visible {
  outline: 3px solid ${COLOR.focus};
  outline-offset: 2px;
}
.terms > :first-child {
  margin-top: 0;
}
.terms > :last-child {
  margin-bottom: 0;
}
.terms p,
.terms ul,
.terms ol {
  margin: 0 0 10px;
}
.terms ul,
.terms ol {
  padding-left: 20px;
}
.terms h1,
.terms h2,
.terms h3,
.terms h4 {
  margin: 0 0 8px;
  font-size: 16px;
  line-height: 1.35;
  color: ${COLOR.ink};
}
.terms a[href] {
  color: ${COLOR.brand};
  font-weight: var(--pv-font-weight-semibold);
  text-decoration: underline;
  text-underline-offset: 2px;
}
.terms a[href]:focus-visible {
  outline: 3px solid ${COLOR.focus};
  outline-offset: 2px;
  border-radius: 2px;
}
.terms img {
  max-width: 100%;
  height: auto;
}
.error {
  margin: 0 0 var(--pv-space-3);
  padding: 10px 12px;
  border-left: 4px solid var(--pv-color-danger);
  border-radius: var(--pv-radius-sm);
  background: var(--pv-color-danger-soft);
  color: var(--pv-color-danger-ink);
  font-weight: var(--pv-font-weight-semibold);
}
.error[hidden] {
  display: none;
}
.form {
  display: flex;
  flex-direction: column;
  gap: var(--pv-space-2);
  margin: 0;
}
.decline {
  min-height: var(--pv-touch-target);
  color: var(--pv-color-ink-muted);
  font-weight: var(--pv-font-weight-semibold);
}
.accept[aria-disabled='true'] {
  background: #3a5f9e;
}
.spinner {
  width: 18px;
  height: 18px;
  border: 2.5px solid rgb(255 255 255 / 40%);
  border-top-color: #fff;
  border-radius: 50%;
  animation: ${KEYFRAMES.spin} 0.8s linear infinite;
}
${BUTTON_CSS}
${closeButtonCss({ top: 14, right: 14, hoverBackground: COLOR.surfaceAlt, focusOffset: 1, iconSize: 20 })}
@media (max-width: ${CONSENT_MOBILE_BREAKPOINT_PX}px) {
  .panel {
    right: 0;
    bottom: 0;
    left: 0;
    width: 100%;
    max-height: 85vh;
    padding: var(--pv-space-6) var(--pv-space-5) calc(var(--pv-space-5) + env(safe-area-inset-bottom, 0px));
    border-radius: 18px 18px 0 0;
    animation-name: ${KEYFRAMES.sheetUp};
  }
}
@media (prefers-reduced-motion: reduce) {
  .overlay,
  .panel {
    animation: none;
  }
  .spinner {
    animation-duration: 2.4s;
  }
}
@keyframes pc-slide-in {
  from {
    transform: translateX(calc(100% + 24px));
  }
}
${KEYFRAMES_CSS}`;

/** Puts the panel's stylesheet into its shadow root (see adoptStyleSheet). */
export function adoptConsentStyles(root: ShadowRoot, css: string = CONSENT_CSS): void {
  adoptStyleSheet(root, css);
}
