import { BOX_SIZES, type BoxSizeName, type WidgetJourneyType } from '@pravesh/core';

/**
 * The sign-in modal's boxes (spec 000 §2 "Sign-in modal"):
 * - full: the full journey (JOURNEY), 80% of the page wide and 545px high;
 * - otp: the small OTP box, 30% wide and 290–580px high, for JOURNEY_OTP,
 *   JOURNEY_MOBILE_VERIFICATION and JOURNEY_MOBILE_VERIFICATION_OTP; it opens at the OTP box
 *   height (350) and follows the frame's boxSize messages;
 * - xs: the extra-small box of JOURNEY_EMAIL_OTP, opening at xss (290), also following boxSize.
 * Up to 640px wide (spec 000 §9 breakpoint) the full journey goes full-screen and the two small
 * boxes become bottom sheets (styles.ts).
 */
export type BoxKind = 'full' | 'otp' | 'xs';

export const FULL_JOURNEY_HEIGHT = 545;
export const MIN_BOX_HEIGHT = BOX_SIZES.xss;
export const MAX_BOX_HEIGHT = BOX_SIZES.xl;
export const MOBILE_BREAKPOINT_PX = 640;

const OTP_BOX_JOURNEYS: readonly WidgetJourneyType[] = [
  'JOURNEY_OTP',
  'JOURNEY_MOBILE_VERIFICATION',
  'JOURNEY_MOBILE_VERIFICATION_OTP',
];

export function boxKindFor(journeyType: WidgetJourneyType): BoxKind {
  if (journeyType === 'JOURNEY_EMAIL_OTP') return 'xs';
  return OTP_BOX_JOURNEYS.includes(journeyType) ? 'otp' : 'full';
}

/** The height a box opens at, in CSS pixels. */
export function initialHeight(kind: BoxKind): number {
  if (kind === 'full') return FULL_JOURNEY_HEIGHT;
  return kind === 'otp' ? BOX_SIZES.otp : BOX_SIZES.xss;
}

/**
 * The height after a boxSize message: the named size from our own table (the frame's number is
 * not trusted), kept within 290–580. The full journey keeps its 545px.
 */
export function resizedHeight(kind: BoxKind, current: number, size: BoxSizeName): number {
  if (kind === 'full') return current;
  const height = BOX_SIZES[size];
  return Math.min(MAX_BOX_HEIGHT, Math.max(MIN_BOX_HEIGHT, height));
}
