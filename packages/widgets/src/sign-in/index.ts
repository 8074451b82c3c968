/**
 * The sign-in widget (spec 000 §2 "Sign-in modal", §4 "Sign-in widget"): the accounts host's
 * /listener in an iframe modal, rendered into a shadow root. Also the entry of its own script
 * (packages/sdk/dist/widgets/pravesh-sign-in.js, global `PraveshSignIn`), which the sign-on client
 * loads the first time a widget journey opens.
 */
export { openSignInWidget, SIGN_IN_HOST_TAG, type OpenSignInWidgetOptions } from './open.tsx';
export { SignInDialog, type SignInDialogProps } from './sign-in-dialog.tsx';
export { accountsOrigin, listenerUrl, type ListenerUrlInput } from './listener-url.ts';
export { acceptFrameMessage } from './frame-messages.ts';
export {
  boxKindFor,
  FULL_JOURNEY_HEIGHT,
  initialHeight,
  MAX_BOX_HEIGHT,
  MIN_BOX_HEIGHT,
  MOBILE_BREAKPOINT_PX,
  resizedHeight,
  type BoxKind,
} from './sizes.ts';
export { adoptStyles, SIGN_IN_CSS } from './styles.ts';
