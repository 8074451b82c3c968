/**
 * The sign-in frame protocol between the accounts page /listener (inside the iframe) and the
 * sign-in widget of an embedding site (the parent). Spec 000 §4 "Sign-in widget" and §7 "Widget
 * frame messages": widgetOpen is sent to the frame; otpSent, auth, authFailed, closed_by_user and
 * boxSize are received from it.
 *
 * Zod-free on purpose: both the widget bundle and the accounts pages import it, and neither should
 * carry zod for a six-message protocol.
 *
 * Every message, in both directions, is a plain object:
 *
 *     { source: 'pravesh-accounts', type: <one of the types below>, payload: <that type's payload> }
 *
 * Security rules (ARCHITECTURE.md "Browser facts"):
 * - the frame posts only with `targetOrigin` set to the embedding page's exact origin, never '*';
 * - the widget accepts a message only when `event.origin` is the accounts host's origin and
 *   `event.source` is its own iframe's contentWindow; the frame accepts one only when
 *   `event.origin` is the embedding origin and `event.source` is `window.parent`.
 * - payloads carry no personal data beyond what the parent needs (no mobile number, no OTP).
 */

import { FRAME_MESSAGES_FROM_FRAME, FRAME_MESSAGES_TO_FRAME } from './constants.ts';

export const FRAME_MESSAGE_SOURCE = 'pravesh-accounts';

/**
 * Box heights in CSS pixels the frame may ask for (spec 000 §2 "Sign-in modal"): xl 580, large 530,
 * medium 465/470, small 410, xs 370, xss 290; the OTP box 350. The spec gives medium two values;
 * 470 is used so content measured for one always fits.
 */
export const BOX_SIZES = {
  xss: 290,
  otp: 350,
  xs: 370,
  small: 410,
  medium: 470,
  large: 530,
  xl: 580,
} as const;
export type BoxSizeName = keyof typeof BOX_SIZES;

/** Frame → parent payloads. */
export interface FrameToParentPayloads {
  /** An OTP was sent (or re-sent); the widget forwards it to the embedding page's callback. */
  otpSent: { resendAfterSeconds: number; expiresInSeconds: number; otpLength: number; resent: boolean };
  /** Signed in: the authorization code to exchange (spec 000 §7 getSsoToken / ssoLogin). */
  auth: { code: string; state: string; customerId: string };
  /** The journey failed for good (an unregistered client or redirect_uri, say); the widget closes. */
  authFailed: { statusCode: string; statusMessage: string };
  /** The close control was used; the widget closes unless closable is 0 (spec 000 §4). */
  closed_by_user: Record<string, never>;
  /** The content needs this box height (spec 000 §2). */
  boxSize: { size: BoxSizeName; height: number };
}

/** Parent → frame payloads. */
export interface ParentToFramePayloads {
  /** The widget became visible: the frame focuses its first field and re-measures. */
  widgetOpen: Record<string, never>;
}

export type FrameToParentType = keyof FrameToParentPayloads;
export type ParentToFrameType = keyof ParentToFramePayloads;

export interface FrameMessageOf<K extends string, P> {
  source: typeof FRAME_MESSAGE_SOURCE;
  type: K;
  payload: P;
}

export type FrameToParentMessage = {
  [K in FrameToParentType]: FrameMessageOf<K, FrameToParentPayloads[K]>;
}[FrameToParentType];

export type ParentToFrameMessage = {
  [K in ParentToFrameType]: FrameMessageOf<K, ParentToFramePayloads[K]>;
}[ParentToFrameType];

export const FRAME_TO_PARENT_TYPES: readonly FrameToParentType[] = FRAME_MESSAGES_FROM_FRAME;
export const PARENT_TO_FRAME_TYPES: readonly ParentToFrameType[] = FRAME_MESSAGES_TO_FRAME;

// The payload maps above and the type lists of constants.ts must name the same messages.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _fromFrameListed: Same<FrameToParentType, (typeof FRAME_MESSAGES_FROM_FRAME)[number]> = true;
const _toFrameListed: Same<ParentToFrameType, (typeof FRAME_MESSAGES_TO_FRAME)[number]> = true;

export function frameMessage<K extends FrameToParentType>(
  type: K,
  payload: FrameToParentPayloads[K],
): FrameMessageOf<K, FrameToParentPayloads[K]> {
  return { source: FRAME_MESSAGE_SOURCE, type, payload };
}

export function parentMessage<K extends ParentToFrameType>(
  type: K,
  payload: ParentToFramePayloads[K],
): FrameMessageOf<K, ParentToFramePayloads[K]> {
  return { source: FRAME_MESSAGE_SOURCE, type, payload };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

const FRAME_PAYLOAD_CHECKS: { [K in FrameToParentType]: (payload: Record<string, unknown>) => boolean } = {
  otpSent: (p) =>
    isCount(p.resendAfterSeconds) &&
    isCount(p.expiresInSeconds) &&
    isCount(p.otpLength) &&
    typeof p.resent === 'boolean',
  auth: (p) => isString(p.code) && p.code !== '' && isString(p.state) && isString(p.customerId),
  authFailed: (p) => isString(p.statusCode) && isString(p.statusMessage),
  closed_by_user: () => true,
  boxSize: (p) => isString(p.size) && Object.hasOwn(BOX_SIZES, p.size) && isCount(p.height),
};

/** A frame → parent message of this protocol, or null (for the widget's listener). */
export function parseFrameToParentMessage(data: unknown): FrameToParentMessage | null {
  if (!isRecord(data) || data.source !== FRAME_MESSAGE_SOURCE || !isRecord(data.payload)) return null;
  const type = FRAME_TO_PARENT_TYPES.find((known) => known === data.type);
  if (!type || !FRAME_PAYLOAD_CHECKS[type](data.payload)) return null;
  return data as unknown as FrameToParentMessage;
}

/** A parent → frame message of this protocol, or null (for the frame's listener). */
export function parseParentToFrameMessage(data: unknown): ParentToFrameMessage | null {
  if (!isRecord(data) || data.source !== FRAME_MESSAGE_SOURCE || !isRecord(data.payload)) return null;
  const type = PARENT_TO_FRAME_TYPES.find((known) => known === data.type);
  return type ? (data as unknown as ParentToFrameMessage) : null;
}

/** The smallest named box that fits `contentHeight`; xl when nothing does (the frame scrolls). */
export function boxSizeFor(contentHeight: number, { otpBox = false } = {}): { size: BoxSizeName; height: number } {
  const names = (Object.keys(BOX_SIZES) as BoxSizeName[]).filter((name) => otpBox || name !== 'otp');
  for (const size of names) {
    if (contentHeight <= BOX_SIZES[size]) return { size, height: BOX_SIZES[size] };
  }
  return { size: 'xl', height: BOX_SIZES.xl };
}
