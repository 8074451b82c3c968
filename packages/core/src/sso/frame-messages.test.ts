import { describe, expect, it } from 'vitest';
import { FRAME_MESSAGES_FROM_FRAME } from './constants.ts';
import {
  BOX_SIZES,
  boxSizeFor,
  FRAME_MESSAGE_SOURCE,
  frameMessage,
  parentMessage,
  parseFrameToParentMessage,
  parseParentToFrameMessage,
} from './frame-messages.ts';

describe('sign-in frame messages (spec 000 §4, §7)', () => {
  it('carries the protocol tag, the type and the payload', () => {
    expect(frameMessage('auth', { code: 'c', state: 's', customerId: 'u' })).toEqual({
      source: FRAME_MESSAGE_SOURCE,
      type: 'auth',
      payload: { code: 'c', state: 's', customerId: 'u' },
    });
    expect(parentMessage('widgetOpen', {})).toEqual({ source: 'pravesh-accounts', type: 'widgetOpen', payload: {} });
  });

  it('parses every frame → parent message it builds', () => {
    const built = [
      frameMessage('otpSent', { resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6, resent: false }),
      frameMessage('auth', { code: 'c', state: '', customerId: 'u' }),
      frameMessage('authFailed', { statusCode: 'invalidClient', statusMessage: 'no' }),
      frameMessage('closed_by_user', {}),
      frameMessage('boxSize', { size: 'otp', height: 350 }),
    ];
    expect(built.map((message) => message.type)).toEqual([...FRAME_MESSAGES_FROM_FRAME]);
    for (const message of built) expect(parseFrameToParentMessage(message)).toEqual(message);
  });

  it('refuses foreign, malformed and wrong-direction messages', () => {
    expect(parseFrameToParentMessage(null)).toBeNull();
    expect(parseFrameToParentMessage('auth')).toBeNull();
    expect(parseFrameToParentMessage({ source: 'other', type: 'closed_by_user', payload: {} })).toBeNull();
    expect(parseFrameToParentMessage({ source: FRAME_MESSAGE_SOURCE, type: 'auth', payload: { code: '' } })).toBeNull();
    expect(
      parseFrameToParentMessage({ ...frameMessage('boxSize', { size: 'xl', height: 580 }), type: 'widgetOpen' }),
    ).toBeNull();
    expect(
      parseFrameToParentMessage({
        source: FRAME_MESSAGE_SOURCE,
        type: 'boxSize',
        payload: { size: 'toString', height: 1 },
      }),
    ).toBeNull();
    expect(parseParentToFrameMessage(frameMessage('closed_by_user', {}))).toBeNull();
    expect(parseParentToFrameMessage(parentMessage('widgetOpen', {}))).toEqual(parentMessage('widgetOpen', {}));
  });

  it('asks for the smallest named box that fits, xl when none does', () => {
    expect(boxSizeFor(100)).toEqual({ size: 'xss', height: BOX_SIZES.xss });
    expect(boxSizeFor(300)).toEqual({ size: 'xs', height: 370 });
    expect(boxSizeFor(300, { otpBox: true })).toEqual({ size: 'otp', height: 350 });
    expect(boxSizeFor(466)).toEqual({ size: 'medium', height: 470 });
    expect(boxSizeFor(900)).toEqual({ size: 'xl', height: 580 });
  });
});
