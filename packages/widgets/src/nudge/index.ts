/**
 * The nudge widget (spec 000 §2 "Nudge widget", "Pre-approved offers modal", "Error modal and
 * loader"), rendered into a shadow root. Also the entry of its own script
 * (script.ts → packages/sdk/dist/widgets/pravesh-nudge.js, global `PraveshNudge`).
 */
export { mountNudge, NUDGE_HOST_TAG } from './mount.tsx';
export { Nudge, pageScrollLocked, SIGNED_OUT_FLAG, SWIPE_HINT, type NudgeProps } from './nudge.tsx';
export { ErrorModal, FullScreenLoader, LogoutSheet, OffersModal, OFFERS_MODAL_TITLE } from './dialogs.tsx';
export { NUDGE_CSS } from './styles.ts';
