/**
 * The rules of the shared components (../components), written with the tokens only, so a page or a
 * widget's shadow root that has TOKENS_CSS gets the same look. Every class starts `pv-` so the
 * rules cannot meet a host page's own (in a document) and read as ours in any DOM inspector.
 *
 * packages/ui/components.css is this text (plus BASE_CSS), written by the package's build and
 * kept in step by css.test.ts.
 */

/** Box sizing and the hidden-but-read helper; first in every stylesheet that uses the components. */
export const BASE_CSS = `*,
*::before,
*::after {
  box-sizing: border-box;
}

.pv-visually-hidden {
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
}
`;

export const SPINNER_CSS = `
.pv-spinner {
  display: inline-block;
  flex: none;
  width: 1.1em;
  height: 1.1em;
  border: 2.5px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: pv-spin 0.8s linear infinite;
}

.pv-spinner--large {
  width: 40px;
  height: 40px;
  border-width: 4px;
  color: var(--pv-color-brand);
}

@keyframes pv-spin {
  to {
    transform: rotate(360deg);
  }
}

@media (prefers-reduced-motion: reduce) {
  .pv-spinner {
    animation-duration: 2.4s;
  }
}
`;

export const BUTTON_CSS = `
.pv-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--pv-space-2);
  min-height: var(--pv-control-height);
  padding: 10px var(--pv-space-5);
  border: 2px solid transparent;
  border-radius: var(--pv-radius-md);
  font-family: var(--pv-font-family);
  font-size: var(--pv-font-size-md);
  font-weight: var(--pv-font-weight-bold);
  line-height: var(--pv-line-height-tight);
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color var(--pv-duration-fast) var(--pv-ease-standard),
    border-color var(--pv-duration-fast) var(--pv-ease-standard),
    color var(--pv-duration-fast) var(--pv-ease-standard);
}

.pv-button:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: 2px;
}

.pv-button--block {
  width: 100%;
}

.pv-button--sm {
  min-height: var(--pv-control-height-sm);
  padding: 6px var(--pv-space-4);
  font-size: var(--pv-font-size-sm);
}

.pv-button--primary {
  background: var(--pv-color-brand);
  color: var(--pv-color-on-brand);
}

.pv-button--primary:hover {
  background: var(--pv-color-brand-strong);
}

.pv-button--secondary {
  background: var(--pv-color-surface);
  border-color: var(--pv-color-brand);
  color: var(--pv-color-brand);
}

.pv-button--secondary:hover {
  background: var(--pv-color-brand-soft);
}

.pv-button--ghost {
  background: transparent;
  color: var(--pv-color-ink-muted);
}

.pv-button--ghost:hover {
  background: var(--pv-color-surface-alt);
  color: var(--pv-color-ink);
}

.pv-button--danger {
  background: var(--pv-color-danger);
  color: #fff;
}

.pv-button--danger:hover {
  background: var(--pv-color-danger-ink);
}

.pv-button--link {
  min-height: var(--pv-touch-target);
  padding: var(--pv-space-1);
  background: transparent;
  color: var(--pv-color-brand);
  font-weight: var(--pv-font-weight-semibold);
  text-decoration: underline;
  text-underline-offset: 0.2em;
}

.pv-button--link:hover {
  color: var(--pv-color-brand-strong);
}

.pv-button[aria-disabled='true'] {
  cursor: progress;
  opacity: 0.85;
}

.pv-button:disabled {
  cursor: not-allowed;
  opacity: 0.55;
}

@media (forced-colors: active) {
  .pv-button--primary,
  .pv-button--danger {
    border-color: ButtonText;
  }
}
`;

export const FIELD_CSS = `
.pv-field {
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-family: var(--pv-font-family);
}

.pv-field-label {
  color: var(--pv-color-ink);
  font-size: var(--pv-font-size-md);
  font-weight: var(--pv-font-weight-semibold);
}

.pv-field-hint {
  margin: 0;
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-sm);
}

.pv-field-control {
  display: flex;
  align-items: stretch;
  min-height: var(--pv-control-height);
  border: 1.5px solid var(--pv-color-line);
  border-radius: var(--pv-radius-md);
  background: var(--pv-color-surface);
  transition: border-color var(--pv-duration-fast) var(--pv-ease-standard);
}

.pv-field-control:hover {
  border-color: var(--pv-color-ink-subtle);
}

.pv-field-control:focus-within {
  border-color: var(--pv-color-brand);
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: 1px;
}

.pv-field--invalid .pv-field-control {
  border-color: var(--pv-color-danger);
}

.pv-field-prefix {
  display: flex;
  align-items: center;
  padding: 0 var(--pv-space-1) 0 14px;
  color: var(--pv-color-ink-muted);
  font-weight: var(--pv-font-weight-semibold);
}

.pv-field-input {
  flex: 1;
  min-width: 0;
  margin: 0;
  padding: 10px 14px;
  border: 0;
  border-radius: var(--pv-radius-md);
  background: transparent;
  color: var(--pv-color-ink);
  font-family: inherit;
  font-size: 17px;
  line-height: var(--pv-line-height-normal);
}

/* The control shows focus as a whole (above); the input itself needs no second ring. */
.pv-field-input:focus,
.pv-field-input:focus-visible {
  outline: none;
}

.pv-field-error {
  display: flex;
  align-items: flex-start;
  gap: 6px;
  margin: 0;
  color: var(--pv-color-danger);
  font-size: var(--pv-font-size-sm);
  font-weight: var(--pv-font-weight-semibold);
}

.pv-field-error-icon {
  width: 16px;
  height: 16px;
  flex: none;
  margin-top: 2px;
}

.pv-field-toggle {
  align-self: center;
  min-width: var(--pv-touch-target);
  min-height: 40px;
  margin-right: var(--pv-space-1);
  padding: 0 var(--pv-space-3);
  border: 0;
  border-radius: var(--pv-radius-sm);
  background: transparent;
  color: var(--pv-color-brand);
  font: inherit;
  font-size: var(--pv-font-size-sm);
  font-weight: var(--pv-font-weight-semibold);
  cursor: pointer;
}

.pv-field-toggle:hover {
  background: var(--pv-color-brand-soft);
}

.pv-field-toggle:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
}

@media (forced-colors: active) {
  .pv-field-control:focus-within {
    outline-color: Highlight;
  }
}
`;

export const OTP_CSS = `
.pv-otp {
  position: relative;
  display: block;
  width: 100%;
  max-width: 360px;
}

.pv-otp-boxes {
  display: grid;
  grid-template-columns: repeat(var(--pv-otp-length, 6), minmax(0, 1fr));
  gap: var(--pv-space-2);
}

.pv-otp-box {
  display: grid;
  place-items: center;
  height: 56px;
  border: 1.5px solid var(--pv-color-line);
  border-radius: var(--pv-radius-md);
  background: var(--pv-color-surface);
  color: var(--pv-color-ink);
  font-family: var(--pv-font-family);
  font-size: 24px;
  font-weight: var(--pv-font-weight-semibold);
  font-variant-numeric: tabular-nums;
  transition: border-color var(--pv-duration-fast) var(--pv-ease-standard);
}

.pv-otp-box--filled {
  border-color: var(--pv-color-ink-subtle);
}

.pv-otp:focus-within .pv-otp-box--active {
  border-color: var(--pv-color-brand);
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: 1px;
}

.pv-otp:focus-within .pv-otp-box--active.pv-otp-box--empty::after {
  content: '';
  width: 2px;
  height: 26px;
  background: var(--pv-color-brand);
  animation: pv-caret 1s steps(1) infinite;
}

.pv-otp--invalid .pv-otp-box {
  border-color: var(--pv-color-danger);
}

/* The one real input lies over the boxes: it takes typing, paste, autofill and the caret keys. */
.pv-otp-input {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  padding: 0;
  border: 0;
  background: transparent;
  color: transparent;
  caret-color: transparent;
  font-size: 16px;
  letter-spacing: 1em;
  opacity: 0.01;
  cursor: text;
}

.pv-otp-input:focus {
  outline: none;
}

@keyframes pv-caret {
  50% {
    opacity: 0;
  }
}

@media (prefers-reduced-motion: reduce) {
  .pv-otp:focus-within .pv-otp-box--active.pv-otp-box--empty::after {
    animation: none;
  }
}

@media (forced-colors: active) {
  .pv-otp:focus-within .pv-otp-box--active {
    outline-color: Highlight;
  }
}
`;

export const DIALOG_CSS = `
.pv-overlay {
  position: fixed;
  inset: 0;
  z-index: var(--pv-z-overlay);
  background: var(--pv-color-scrim);
  animation: pv-fade var(--pv-duration-base) var(--pv-ease-standard);
}

.pv-dialog {
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: var(--pv-z-modal);
  display: flex;
  flex-direction: column;
  gap: var(--pv-space-4);
  width: min(480px, calc(100vw - 32px));
  max-height: calc(100vh - 48px);
  padding: var(--pv-space-6);
  overflow-y: auto;
  overscroll-behavior: contain;
  transform: translate(-50%, -50%);
  border-radius: var(--pv-radius-lg);
  background: var(--pv-color-surface);
  box-shadow: var(--pv-elevation-3);
  color: var(--pv-color-ink);
  font-family: var(--pv-font-family);
  font-size: var(--pv-font-size-md);
  line-height: var(--pv-line-height-normal);
  animation: pv-pop var(--pv-duration-base) var(--pv-ease-out);
}

.pv-dialog:focus {
  outline: none;
}

.pv-dialog-title {
  margin: 0;
  padding-right: var(--pv-space-10);
  font-size: var(--pv-font-size-xl);
  font-weight: var(--pv-font-weight-bold);
  line-height: var(--pv-line-height-tight);
}

.pv-dialog-description {
  margin: 0;
  color: var(--pv-color-ink-muted);
}

.pv-dialog-actions {
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: var(--pv-space-3);
}

.pv-dialog-close {
  position: absolute;
  top: var(--pv-space-3);
  right: var(--pv-space-3);
  display: grid;
  place-items: center;
  width: var(--pv-touch-target);
  height: var(--pv-touch-target);
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: var(--pv-color-ink-muted);
  cursor: pointer;
}

.pv-dialog-close:hover {
  background: var(--pv-color-surface-alt);
  color: var(--pv-color-ink);
}

.pv-dialog-close:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: 1px;
}

.pv-dialog-close svg {
  width: 20px;
  height: 20px;
}

@keyframes pv-fade {
  from {
    opacity: 0;
  }
}

@keyframes pv-pop {
  from {
    opacity: 0;
    transform: translate(-50%, calc(-50% + 12px));
  }
}

@media (prefers-reduced-motion: reduce) {
  .pv-overlay,
  .pv-dialog {
    animation: none;
  }
}
`;

export const SHEET_CSS = `
/*
 * BottomSheet (bottom-sheet.tsx; spec 000 §4 "Mobile", §9): snaps are transforms of a fixed box,
 * so moving it never shifts the page. Open: as tall as the content up to 80vh / 720px, or exactly
 * that in full-height mode, or at least 25vh with one element (grown to show it whole); peek: its top --pv-sheet-peek (measured, else 25vh); closed: below the edge.
 */
.pv-sheet-root {
  display: contents;
}

.pv-sheet-overlay {
  position: fixed;
  inset: 0;
  z-index: var(--pv-z-overlay);
  background: var(--pv-color-scrim);
  opacity: 0;
  visibility: hidden;
  pointer-events: none;
  touch-action: none;
  transition:
    opacity var(--pv-duration-slow) var(--pv-ease-out),
    visibility 0s linear var(--pv-duration-slow);
}

.pv-sheet-overlay--shown {
  opacity: 1;
  visibility: visible;
  pointer-events: auto;
  transition: opacity var(--pv-duration-slow) var(--pv-ease-out);
}

.pv-sheet {
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: var(--pv-z-modal);
  display: flex;
  flex-direction: column;
  max-width: 640px;
  max-height: min(80vh, 720px);
  margin: 0 auto;
  padding-bottom: env(safe-area-inset-bottom, 0px);
  border-radius: var(--pv-radius-xl) var(--pv-radius-xl) 0 0;
  background: var(--pv-color-surface);
  box-shadow: var(--pv-elevation-3);
  color: var(--pv-color-ink);
  font-family: var(--pv-font-family);
  font-size: var(--pv-font-size-md);
  line-height: var(--pv-line-height-normal);
  transform: translateY(0);
  transition: transform var(--pv-duration-slow) var(--pv-ease-out);
  animation: pv-sheet-up var(--pv-duration-slow) var(--pv-ease-out);
}

.pv-sheet:focus {
  outline: none;
}

.pv-sheet--full {
  height: min(80vh, 720px);
}

/* One element (spec 000 §4 "about 25 (one element)"): at least 25vh, never shorter than its peek
   (so opening never shrinks it), nor than 160px within 80vh (a landscape phone's header alone).
   "About" is read as a floor, not a cut: an element taller than 25vh (a narrow phone, a long tile)
   grows the sheet to show it whole, up to the sheet's max-height (80vh / 720px), past which its
   body scrolls. The floor is capped there too, as a min-height would win over the max-height. */
.pv-sheet--one-element {
  min-height: min(max(25vh, var(--pv-sheet-peek, 0px), min(80vh, 160px)), 80vh, 720px);
}

.pv-sheet--peek {
  transform: translateY(max(0px, calc(100% - var(--pv-sheet-peek, 25vh))));
  box-shadow: var(--pv-elevation-2);
  touch-action: none;
}

.pv-sheet--closed {
  transform: translateY(calc(100% + 24px));
  visibility: hidden;
  transition:
    transform var(--pv-duration-slow) var(--pv-ease-out),
    visibility 0s linear var(--pv-duration-slow);
}

.pv-sheet[data-dragging] {
  transition: none;
  user-select: none;
}

.pv-sheet-header {
  flex: none;
  padding: var(--pv-space-2) var(--pv-space-4) var(--pv-space-2) var(--pv-space-5);
  cursor: grab;
  touch-action: none;
  user-select: none;
}

.pv-sheet[data-dragging] .pv-sheet-header {
  cursor: grabbing;
}

.pv-sheet-handle {
  width: 40px;
  height: 5px;
  margin: 0 auto var(--pv-space-1);
  border-radius: var(--pv-radius-pill);
  background: var(--pv-color-line);
}

.pv-sheet-heading {
  display: flex;
  align-items: center;
  gap: var(--pv-space-2);
  min-height: var(--pv-touch-target);
}

.pv-sheet-title {
  flex: 1;
  margin: 0;
  font-size: var(--pv-font-size-lg);
  font-weight: var(--pv-font-weight-bold);
  line-height: var(--pv-line-height-tight);
}

.pv-sheet-toggle,
.pv-sheet-close {
  flex: none;
  display: grid;
  place-items: center;
  width: var(--pv-touch-target);
  height: var(--pv-touch-target);
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: var(--pv-color-ink-muted);
  cursor: pointer;
}

.pv-sheet-toggle {
  background: var(--pv-color-surface-alt);
  color: var(--pv-color-ink);
}

.pv-sheet-toggle:hover,
.pv-sheet-close:hover {
  background: var(--pv-color-surface-sunken);
  color: var(--pv-color-ink);
}

.pv-sheet-toggle:focus-visible,
.pv-sheet-close:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: 1px;
}

.pv-sheet-toggle svg,
.pv-sheet-close svg {
  width: 20px;
  height: 20px;
}

.pv-sheet-toggle svg {
  transition: transform var(--pv-duration-base) var(--pv-ease-standard);
}

.pv-sheet--open .pv-sheet-toggle svg {
  transform: rotate(180deg);
}

.pv-sheet-body {
  flex: 1 1 auto;
  min-height: 0;
  padding: var(--pv-space-2) var(--pv-space-5) var(--pv-space-5);
  overflow: hidden;
  overscroll-behavior: contain;
}

.pv-sheet--open .pv-sheet-body {
  overflow-y: auto;
  touch-action: pan-y;
}

.pv-sheet-content,
.pv-sheet-more {
  display: flex;
  flex-direction: column;
  gap: var(--pv-space-4);
}

.pv-sheet-more:empty {
  display: none;
}

.pv-sheet-description {
  margin: 0;
  color: var(--pv-color-ink-muted);
}

.pv-sheet-spacer {
  flex: none;
  height: 10vh;
}

.pv-sheet-actions {
  flex: none;
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: var(--pv-space-3);
  padding: var(--pv-space-3) var(--pv-space-5) var(--pv-space-5);
  border-top: 1px solid var(--pv-color-line-soft);
}

@keyframes pv-sheet-up {
  from {
    transform: translateY(100%);
  }
}

@media (prefers-reduced-motion: reduce) {
  .pv-sheet,
  .pv-sheet-overlay,
  .pv-sheet-overlay--shown,
  .pv-sheet--closed,
  .pv-sheet-toggle svg {
    animation: none;
    transition: none;
  }
}
`;

export const SKELETON_CSS = `
.pv-skeleton {
  display: block;
  width: 100%;
  height: 1em;
  border-radius: var(--pv-radius-sm);
  background: linear-gradient(
      90deg,
      transparent 0%,
      rgb(255 255 255 / 60%) 50%,
      transparent 100%
    )
    var(--pv-color-surface-sunken);
  background-size: 200% 100%;
  background-repeat: no-repeat;
  animation: pv-shimmer 1.4s ease-in-out infinite;
}

.pv-skeleton--text {
  height: 0.9em;
  margin: 0.3em 0;
}

.pv-skeleton--circle {
  border-radius: 50%;
}

@keyframes pv-shimmer {
  from {
    background-position: 150% 0;
  }
  to {
    background-position: -50% 0;
  }
}

@media (prefers-reduced-motion: reduce) {
  .pv-skeleton {
    animation: none;
  }
}
`;

export const ALERT_CSS = `
.pv-alert {
  display: flex;
  align-items: flex-start;
  gap: var(--pv-space-3);
  margin: 0;
  padding: var(--pv-space-3) 14px;
  border: 1px solid transparent;
  border-left-width: 4px;
  border-radius: var(--pv-radius-sm);
  font-family: var(--pv-font-family);
  font-size: 15px;
  line-height: var(--pv-line-height-snug);
}

.pv-alert-icon {
  width: 18px;
  height: 18px;
  flex: none;
  margin-top: 1px;
}

.pv-alert-body {
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
}

.pv-alert-title {
  font-weight: var(--pv-font-weight-bold);
}

.pv-alert--info {
  border-color: var(--pv-color-info);
  background: var(--pv-color-info-soft);
  color: var(--pv-color-info-ink);
}

.pv-alert--success {
  border-color: var(--pv-color-success);
  background: var(--pv-color-success-soft);
  color: var(--pv-color-success-ink);
}

.pv-alert--warning {
  border-color: var(--pv-color-warning);
  background: var(--pv-color-warning-soft);
  color: var(--pv-color-warning-ink);
}

.pv-alert--error {
  border-color: var(--pv-color-danger);
  background: var(--pv-color-danger-soft);
  color: var(--pv-color-danger-ink);
}

.pv-toast-region {
  position: fixed;
  right: var(--pv-space-4);
  bottom: var(--pv-space-4);
  left: var(--pv-space-4);
  z-index: var(--pv-z-toast);
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--pv-space-2);
  pointer-events: none;
}

.pv-toast {
  width: min(420px, 100%);
  box-shadow: var(--pv-elevation-2);
  pointer-events: auto;
  animation: pv-fade var(--pv-duration-base) var(--pv-ease-standard);
}

.pv-toast-close {
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  margin: -6px -8px -6px 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
}

.pv-toast-close:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
}

.pv-toast-close svg {
  width: 16px;
  height: 16px;
}

@media (prefers-reduced-motion: reduce) {
  .pv-toast {
    animation: none;
  }
}
`;

export const TABS_CSS = `
.pv-tabs {
  font-family: var(--pv-font-family);
}

.pv-tablist {
  display: flex;
  gap: var(--pv-space-1);
  overflow-x: auto;
  border-bottom: 1px solid var(--pv-color-line-soft);
  scrollbar-width: none;
  /*
   * On a narrow screen the tabs scroll sideways with no scrollbar, so an edge that hides tabs shows a
   * shadow: two surface-coloured covers that scroll with the tabs (local) sit over two shadows fixed
   * to the box's edges (scroll); at an end, its cover hides its shadow. Needs no script or resize watch.
   */
  background:
    linear-gradient(to right, var(--pv-color-surface) 30%, transparent) left / 40px 100% no-repeat local,
    linear-gradient(to left, var(--pv-color-surface) 30%, transparent) right / 40px 100% no-repeat local,
    linear-gradient(to right, rgb(var(--pv-color-shade) / 18%), transparent) left / 14px 100% no-repeat scroll,
    linear-gradient(to left, rgb(var(--pv-color-shade) / 18%), transparent) right / 14px 100% no-repeat scroll;
}

.pv-tab {
  position: relative;
  flex: none;
  min-height: var(--pv-touch-target);
  padding: var(--pv-space-2) var(--pv-space-4);
  border: 0;
  background: transparent;
  color: var(--pv-color-ink-muted);
  font: inherit;
  font-size: 15px;
  font-weight: var(--pv-font-weight-semibold);
  cursor: pointer;
}

.pv-tab:hover {
  color: var(--pv-color-ink);
}

.pv-tab[aria-selected='true'] {
  color: var(--pv-color-brand);
}

.pv-tab[aria-selected='true']::after {
  content: '';
  position: absolute;
  right: var(--pv-space-2);
  bottom: -1px;
  left: var(--pv-space-2);
  height: 3px;
  border-radius: 3px 3px 0 0;
  background: var(--pv-color-brand);
}

.pv-tab:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: -3px;
  border-radius: var(--pv-radius-sm);
}

.pv-tabpanel {
  padding-top: var(--pv-space-4);
}

.pv-tabpanel:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: 2px;
}
`;

export const COMBOBOX_CSS = `
.pv-combobox-anchor {
  position: relative;
}

.pv-combobox-indicator {
  display: flex;
  align-items: center;
  padding: 0 14px 0 var(--pv-space-1);
  color: var(--pv-color-ink-muted);
  pointer-events: none;
}

.pv-combobox-indicator svg {
  width: 16px;
  height: 16px;
}

.pv-combobox-popup {
  position: absolute;
  top: calc(100% + 4px);
  right: 0;
  left: 0;
  z-index: var(--pv-z-sticky);
  max-height: min(320px, 50vh);
  overflow-y: auto;
  overscroll-behavior: contain;
  border: 1px solid var(--pv-color-line);
  border-radius: var(--pv-radius-md);
  background: var(--pv-color-surface);
  box-shadow: var(--pv-elevation-2);
}

.pv-combobox-popup[hidden] {
  display: none;
}

.pv-combobox-heading {
  margin: 0;
  padding: var(--pv-space-2) 14px var(--pv-space-1);
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-xs);
  font-weight: var(--pv-font-weight-bold);
  letter-spacing: 0.04em;
  text-transform: uppercase;
}

.pv-combobox-list {
  margin: 0;
  padding: var(--pv-space-1) 0;
  list-style: none;
}

.pv-combobox-option {
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-height: var(--pv-touch-target);
  justify-content: center;
  padding: var(--pv-space-2) 14px;
  color: var(--pv-color-ink);
  font-size: var(--pv-font-size-md);
  line-height: var(--pv-line-height-snug);
  cursor: pointer;
}

.pv-combobox-option--active {
  background: var(--pv-color-brand-soft);
  box-shadow: inset 3px 0 0 var(--pv-color-brand);
}

.pv-combobox-option--chosen .pv-combobox-option-label {
  font-weight: var(--pv-font-weight-bold);
}

.pv-combobox-option-description {
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-sm);
}

.pv-combobox-empty,
.pv-combobox-footer {
  margin: 0;
  padding: var(--pv-space-3) 14px;
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-sm);
}

.pv-combobox-footer {
  border-top: 1px solid var(--pv-color-line-soft);
}

@media (forced-colors: active) {
  .pv-combobox-option--active {
    outline: 2px solid Highlight;
    outline-offset: -2px;
  }
}
`;

/** Every component's rules, in one text (what components.css holds). */
export const COMPONENTS_CSS = /* @__PURE__ */ [
  BASE_CSS,
  SPINNER_CSS,
  BUTTON_CSS,
  FIELD_CSS,
  COMBOBOX_CSS,
  OTP_CSS,
  DIALOG_CSS,
  SHEET_CSS,
  SKELETON_CSS,
  ALERT_CSS,
  TABS_CSS,
].join('');
