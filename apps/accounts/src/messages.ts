/**
 * The sign-in frame protocol, as the accounts pages use it. The definition lives in
 * packages/core/src/sso/frame-messages.ts (zod-free) so the sign-in widget shares it; in short:
 *
 *     { source: 'pravesh-accounts', type, payload }
 *
 *   frame → parent  otpSent        { resendAfterSeconds, expiresInSeconds, otpLength, resent }
 *                   auth           { code, state, customerId }
 *                   authFailed     { statusCode, statusMessage }
 *                   closed_by_user {}
 *                   boxSize        { size: xss|otp|xs|small|medium|large|xl, height: 290…580 }
 *   parent → frame  widgetOpen     {}
 *
 * The frame posts with targetOrigin = the embedding page's exact origin (never '*') and accepts a
 * message only from that origin and from window.parent; the widget must accept messages only from
 * the accounts host's origin and its own iframe's contentWindow.
 */
export {
  BOX_SIZES,
  boxSizeFor,
  FRAME_MESSAGE_SOURCE,
  frameMessage,
  parentMessage,
  parseFrameToParentMessage,
  parseParentToFrameMessage,
  type BoxSizeName,
  type FrameToParentMessage,
  type FrameToParentPayloads,
  type FrameToParentType,
  type ParentToFrameMessage,
  type ParentToFramePayloads,
  type ParentToFrameType,
} from '@pravesh/core';
