import { BUTTON_CSS, DIALOG_CSS, SHEET_CSS, SKELETON_CSS, SPINNER_CSS } from '@pravesh/ui/css';
import { NUDGE_MOBILE_MAX_PX, NUDGE_PANEL_TOP_PX, NUDGE_PANEL_WIDTH_PX } from '@pravesh/sdk/nudge';
import { BASE_CSS } from '../shared/styles.ts';

/**
 * The nudge's stylesheet (spec 000 §2 "Nudge widget", §9), in its own shadow root. Everything on
 * screen is position: fixed and moves by transform only, so the host page never shifts (CLS 0);
 * prefers-reduced-motion turns the slide and the shake off (the tokens' durations become 0).
 * Stacking: the panel sits just under @pravesh/ui's overlay layer, so its modals cover it.
 */
const TAB_WIDTH_PX = 44;
const PANEL_Z = 'calc(var(--pv-z-overlay) - 2)';

export const NUDGE_CSS = `${BASE_CSS}
${BUTTON_CSS}
${SPINNER_CSS}
${DIALOG_CSS}
${SHEET_CSS}
${SKELETON_CSS}
.nudge {
  font-family: var(--pv-font-family);
  font-size: var(--pv-font-size-sm);
  line-height: var(--pv-line-height-normal);
  color: var(--pv-color-ink);
}
a {
  color: var(--pv-color-brand);
}
a:focus-visible,
button:focus-visible,
[tabindex]:focus-visible {
  outline: var(--pv-focus-ring-width) solid var(--pv-color-focus);
  outline-offset: 2px;
}
.scrim {
  position: fixed;
  inset: 0;
  z-index: calc(var(--pv-z-overlay) - 3);
  background: var(--pv-color-scrim);
  animation: nudge-fade var(--pv-duration-base) var(--pv-ease-standard);
}
.dock {
  position: fixed;
  top: ${NUDGE_PANEL_TOP_PX}px;
  right: 0;
  z-index: ${PANEL_Z};
  width: ${NUDGE_PANEL_WIDTH_PX}px;
  max-width: calc(100vw - ${TAB_WIDTH_PX}px);
  transform: translateX(100%);
  transition: transform var(--pv-duration-slow) var(--pv-ease-out);
  will-change: transform;
}
.dock[data-open='true'] {
  transform: none;
}
/* Closed: the panel's shadow must not show along the window's edge; hidden once the slide ends. */
.dock[data-open='false'] .panel {
  visibility: hidden;
  transition: visibility 0s linear var(--pv-duration-slow);
}
.tab {
  position: absolute;
  top: 24px;
  left: -${TAB_WIDTH_PX}px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: var(--pv-space-2);
  width: ${TAB_WIDTH_PX}px;
  padding: var(--pv-space-3) 0;
  border: 0;
  border-radius: var(--pv-radius-lg) 0 0 var(--pv-radius-lg);
  background: var(--pv-color-brand);
  color: var(--pv-color-on-brand);
  box-shadow: var(--pv-elevation-2);
  font: inherit;
  font-weight: var(--pv-font-weight-semibold);
  cursor: pointer;
}
.tab:hover {
  background: var(--pv-color-brand-strong);
}
.tab-label {
  writing-mode: vertical-rl;
  transform: rotate(180deg);
  letter-spacing: 0.02em;
}
.tab svg {
  width: 20px;
  height: 20px;
}
.tab-badge {
  display: grid;
  place-items: center;
  min-width: 22px;
  height: 22px;
  padding: 0 6px;
  border-radius: var(--pv-radius-pill);
  background: var(--pv-color-accent);
  color: var(--pv-color-ink);
  font-size: var(--pv-font-size-xs);
  font-weight: var(--pv-font-weight-bold);
}
.tab[data-shake='true'] {
  animation: nudge-shake 1s var(--pv-ease-standard) 2s 6;
}
.panel {
  display: flex;
  flex-direction: column;
  max-height: calc(100vh - ${NUDGE_PANEL_TOP_PX + 24}px);
  border-radius: var(--pv-radius-xl) 0 0 var(--pv-radius-xl);
  background: var(--pv-color-surface-alt);
  box-shadow: var(--pv-elevation-3);
  overflow: hidden;
}
.panel-head {
  position: relative;
  padding: var(--pv-space-5) var(--pv-space-16) var(--pv-space-5) var(--pv-space-6);
  background: linear-gradient(135deg, var(--pv-color-brand) 0%, var(--pv-color-brand-strong) 100%);
  color: var(--pv-color-on-brand);
}
.panel-title {
  margin: 0;
  font-size: var(--pv-font-size-lg);
  font-weight: var(--pv-font-weight-bold);
  line-height: var(--pv-line-height-tight);
}
.panel-summary {
  margin: var(--pv-space-1) 0 0;
  opacity: 0.9;
}
.check {
  position: absolute;
  top: 50%;
  right: var(--pv-space-4);
  display: grid;
  place-items: center;
  width: var(--pv-touch-target);
  height: var(--pv-touch-target);
  padding: 0;
  border: 2px solid rgb(255 255 255 / 60%);
  border-radius: 50%;
  background: transparent;
  color: inherit;
  transform: translateY(-50%);
  cursor: pointer;
}
.check:hover {
  background: rgb(255 255 255 / 14%);
}
.check svg {
  width: 20px;
  height: 20px;
}
.panel-body {
  display: flex;
  flex-direction: column;
  gap: var(--pv-space-4);
  padding: var(--pv-space-5) var(--pv-space-6);
  overflow-y: auto;
  overscroll-behavior: contain;
}
.panel-foot {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--pv-space-3);
  padding: var(--pv-space-3) var(--pv-space-6);
  border-top: 1px solid var(--pv-color-line-soft);
  background: var(--pv-color-surface);
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-xs);
}
.tile {
  position: relative;
  padding: var(--pv-space-4) var(--pv-space-5);
  border: 1px solid var(--pv-color-line-soft);
  border-radius: var(--pv-radius-lg);
  background: var(--pv-color-surface);
  box-shadow: var(--pv-elevation-1);
}
.tile-title {
  margin: 0 0 var(--pv-space-2);
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-xs);
  font-weight: var(--pv-font-weight-semibold);
  letter-spacing: 0.06em;
  text-transform: uppercase;
}
.tile-heading {
  margin: 0;
  font-size: var(--pv-font-size-md);
  font-weight: var(--pv-font-weight-bold);
}
.tile-text {
  margin: var(--pv-space-1) 0 var(--pv-space-3);
  color: var(--pv-color-ink-muted);
}
.tile-note {
  margin: var(--pv-space-2) 0 0;
  color: var(--pv-color-warning-ink);
  font-size: var(--pv-font-size-xs);
}
.score {
  display: grid;
  grid-template-columns: 112px 1fr;
  align-items: center;
  gap: var(--pv-space-5);
}
.gauge {
  position: relative;
  width: 112px;
  height: 112px;
}
.gauge svg {
  width: 100%;
  height: 100%;
  transform: rotate(135deg);
}
.gauge-value {
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
}
.gauge-score {
  font-size: var(--pv-font-size-2xl);
  font-weight: var(--pv-font-weight-bold);
  line-height: 1;
}
.gauge-scale {
  margin-top: 2px;
  color: var(--pv-color-ink-subtle);
  font-size: var(--pv-font-size-xs);
}
.band {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-weight: var(--pv-font-weight-semibold);
}
.band-dot {
  width: 10px;
  height: 10px;
  border-radius: 50%;
}
.delta {
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin-left: var(--pv-space-2);
  padding: 2px 8px;
  border-radius: var(--pv-radius-pill);
  font-size: var(--pv-font-size-xs);
  font-weight: var(--pv-font-weight-semibold);
}
.delta[data-delta='up'] {
  background: var(--pv-color-success-soft);
  color: var(--pv-color-success-ink);
}
.delta[data-delta='down'] {
  background: var(--pv-color-danger-soft);
  color: var(--pv-color-danger-ink);
}
.delta[data-delta='NoChange'] {
  background: var(--pv-color-surface-sunken);
  color: var(--pv-color-ink-muted);
}
.meta {
  margin: var(--pv-space-2) 0 var(--pv-space-3);
  color: var(--pv-color-ink-subtle);
  font-size: var(--pv-font-size-xs);
}
.free {
  display: grid;
  grid-template-columns: 56px 1fr;
  gap: var(--pv-space-4);
  align-items: start;
}
.free-icon,
.product-icon,
.activity-icon {
  display: grid;
  place-items: center;
  border-radius: var(--pv-radius-md);
  background: var(--pv-color-brand-soft);
  color: var(--pv-color-brand);
}
.free-icon {
  width: 56px;
  height: 56px;
}
.free-icon svg {
  width: 30px;
  height: 30px;
}
.offer-list,
.activity-list {
  display: flex;
  flex-direction: column;
  gap: var(--pv-space-2);
  margin: 0 0 var(--pv-space-3);
  padding: 0;
  list-style: none;
}
.offer-row,
.activity-row {
  display: grid;
  grid-template-columns: 40px 1fr auto;
  gap: var(--pv-space-3);
  align-items: center;
  padding: var(--pv-space-2) var(--pv-space-3);
  border-radius: var(--pv-radius-md);
  background: var(--pv-color-surface-alt);
}
.product-icon,
.activity-icon {
  width: 40px;
  height: 40px;
  overflow: hidden;
}
.product-icon img {
  width: 100%;
  height: 100%;
  object-fit: contain;
}
.product-icon svg,
.activity-icon svg {
  width: 22px;
  height: 22px;
}
.row-title {
  display: block;
  font-weight: var(--pv-font-weight-semibold);
}
.row-sub {
  display: block;
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-xs);
}
.row-link {
  display: inline-flex;
  align-items: center;
  min-height: var(--pv-touch-target);
  padding: 0 var(--pv-space-2);
  font-weight: var(--pv-font-weight-semibold);
  text-decoration: none;
  white-space: nowrap;
}
.row-link:hover {
  text-decoration: underline;
}
/* Under a tile's paragraph (new to credit, no credit history) the link starts where the text does:
   a row link's side padding is for the end of a row (Continue), where it widens the tap target.
   It may wrap: a phone's text column (about 240px at 375px) is narrower than the longest link. */
.free .row-link {
  padding: 0;
  white-space: normal;
}
.pill {
  padding: 2px 8px;
  border-radius: var(--pv-radius-pill);
  background: var(--pv-color-accent-soft);
  color: var(--pv-color-warning-ink);
  font-size: var(--pv-font-size-xs);
  font-weight: var(--pv-font-weight-semibold);
}
.pill--applied {
  background: var(--pv-color-success-soft);
  color: var(--pv-color-success-ink);
}
.applied-note {
  margin: 0;
  color: var(--pv-color-success-ink);
  font-weight: var(--pv-font-weight-semibold);
}
.empty {
  margin: 0;
  color: var(--pv-color-ink-muted);
}
.offers-modal {
  width: min(760px, calc(100vw - 32px));
}
.offer-cards {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: var(--pv-space-4);
  margin: 0;
  padding: 0;
  list-style: none;
}
.offer-card {
  display: flex;
  flex-direction: column;
  gap: var(--pv-space-3);
  padding: var(--pv-space-4);
  border: 1px solid var(--pv-color-line-soft);
  border-radius: var(--pv-radius-lg);
  background: var(--pv-color-surface);
}
.offer-card-head {
  display: grid;
  grid-template-columns: 40px 1fr;
  gap: var(--pv-space-3);
  align-items: center;
}
.partner {
  display: flex;
  align-items: center;
  gap: var(--pv-space-2);
  margin: var(--pv-space-1) 0 0;
  color: var(--pv-color-ink-muted);
  font-size: var(--pv-font-size-sm);
}
.partner img {
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: var(--pv-radius-sm);
  object-fit: contain;
}
.banner {
  margin: 0;
  padding: var(--pv-space-2) var(--pv-space-3);
  border-radius: var(--pv-radius-md);
  background: var(--pv-color-success-soft);
  color: var(--pv-color-success-ink);
  font-weight: var(--pv-font-weight-semibold);
}
.bullets {
  flex: 1;
  margin: 0;
  padding-left: var(--pv-space-5);
  color: var(--pv-color-ink-muted);
}
.bullets li + li {
  margin-top: var(--pv-space-1);
}
.see-more {
  font-weight: var(--pv-font-weight-semibold);
}
.loader {
  position: fixed;
  inset: 0;
  z-index: var(--pv-z-toast);
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--pv-space-4);
  background: rgb(255 255 255 / 92%);
  color: var(--pv-color-ink);
  font-family: var(--pv-font-family);
  font-size: var(--pv-font-size-md);
  font-weight: var(--pv-font-weight-semibold);
}
.peek-hint {
  margin: 0;
  font-weight: var(--pv-font-weight-semibold);
  color: var(--pv-color-brand);
}
.launcher {
  position: fixed;
  right: var(--pv-space-4);
  bottom: calc(var(--pv-space-4) + env(safe-area-inset-bottom, 0px));
  z-index: ${PANEL_Z};
  display: inline-flex;
  align-items: center;
  gap: var(--pv-space-2);
  min-height: var(--pv-control-height);
  padding: 0 var(--pv-space-4);
  border: 0;
  border-radius: var(--pv-radius-pill);
  background: var(--pv-color-brand);
  color: var(--pv-color-on-brand);
  box-shadow: var(--pv-elevation-2);
  font: inherit;
  font-weight: var(--pv-font-weight-semibold);
  cursor: pointer;
}
.launcher svg {
  width: 20px;
  height: 20px;
}
/* Peeking, the sheet is page furniture: under the page's own dialogs (the consent panel's 1008);
   open, it is a modal and takes @pravesh/ui's modal layer. */
.nudge-sheet.pv-sheet--peek,
.nudge-sheet.pv-sheet--closed {
  z-index: ${PANEL_Z};
}
.nudge-sheet .sheet-body {
  display: flex;
  flex-direction: column;
  gap: var(--pv-space-3);
  padding-top: var(--pv-space-3);
}
.logout-sheet {
  max-height: 80vh;
}
/* One element on a phone (spec 000 §4 "about 25 (one element)" of the viewport, 185px at 375x740):
   a compact header and tile, so the whole tile, its button included, shows in that height. The
   tile is a grid: icon, heading and button on one row, the text under them across the tile. Text
   stays 14px or more, the header's buttons 40px and the tile's 32px (over axe's 24px). Where it
   still does not fit (320px wide, a long tile), the sheet grows to show it (SHEET_CSS). */
.pv-sheet--one-element .pv-sheet-header {
  padding: var(--pv-space-1) var(--pv-space-3) 0 var(--pv-space-4);
}
.pv-sheet--one-element .pv-sheet-heading {
  min-height: var(--pv-control-height-sm);
}
.pv-sheet--one-element .pv-sheet-toggle,
.pv-sheet--one-element .pv-sheet-close {
  width: var(--pv-control-height-sm);
  height: var(--pv-control-height-sm);
}
.pv-sheet--one-element .pv-sheet-title {
  font-size: var(--pv-font-size-md);
}
.pv-sheet--one-element .pv-sheet-body {
  padding: 0 var(--pv-space-4) var(--pv-space-3);
}
.pv-sheet--one-element .pv-sheet-content,
.pv-sheet--one-element .sheet-body {
  gap: var(--pv-space-2);
  padding: 0;
}
.pv-sheet--one-element .pv-sheet-description,
.pv-sheet--one-element .tile-text {
  margin: 0;
  font-size: var(--pv-font-size-sm);
  line-height: var(--pv-line-height-tight);
}
.pv-sheet--one-element .tile {
  padding: var(--pv-space-2) var(--pv-space-3);
}
.pv-sheet--one-element .free {
  grid-template-columns: 40px 1fr auto;
  gap: var(--pv-space-1) var(--pv-space-3);
  align-items: center;
}
.pv-sheet--one-element .free > div {
  display: contents;
}
.pv-sheet--one-element .free-icon {
  width: 40px;
  height: 40px;
}
.pv-sheet--one-element .free-icon svg {
  width: 24px;
  height: 24px;
}
.pv-sheet--one-element .tile-heading {
  line-height: var(--pv-line-height-tight);
}
.pv-sheet--one-element .free .pv-button {
  grid-area: 1 / 3;
  min-height: 32px;
  padding: var(--pv-space-1) var(--pv-space-3);
}
.pv-sheet--one-element .tile-text,
.pv-sheet--one-element .free .row-link {
  grid-column: 1 / -1;
}
@media (max-width: 359px) {
  .pv-sheet--one-element .free .pv-button {
    grid-area: 3 / 1 / 4 / -1;
    justify-self: start;
  }
}
@media (max-width: ${NUDGE_MOBILE_MAX_PX}px) {
  .score {
    grid-template-columns: 96px 1fr;
    gap: var(--pv-space-4);
  }
  .gauge {
    width: 96px;
    height: 96px;
  }
  .tile {
    padding: var(--pv-space-4);
  }
  .gauge-score {
    font-size: var(--pv-font-size-xl);
  }
  .gauge-scale {
    font-size: 11px;
  }
}
@media (max-width: 640px) {
  .offer-row .pill {
    display: none;
  }
  /* An offer applied for keeps its status on a phone too (spec 000 §4 "the offer shows its
     status"), under its name: only "Pre-approved", which every row would say, gives way. So does
     a closed application's status in Recent Activity, where Continue would be. */
  .offer-row .pill--applied,
  .activity-row .pill {
    display: block;
    grid-column: 2;
    justify-self: start;
  }
  .offer-row,
  .activity-row {
    grid-template-columns: 40px 1fr;
  }
  .activity-row .row-link {
    grid-column: 2;
    justify-self: start;
    min-height: 32px;
    padding: 0;
  }
}
@keyframes nudge-fade {
  from {
    opacity: 0;
  }
}
@keyframes nudge-rise {
  from {
    transform: translateY(100%);
  }
}
@keyframes nudge-shake {
  0%,
  100% {
    transform: translateX(0);
  }
  20%,
  60% {
    transform: translateX(-6px);
  }
  40%,
  80% {
    transform: translateX(3px);
  }
}
@media (prefers-reduced-motion: reduce) {
  .dock,
  .scrim,
  .tab[data-shake='true'] {
    transition: none;
    animation: none;
  }
}
`;
