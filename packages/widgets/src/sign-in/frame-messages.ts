import { parseFrameToParentMessage, type FrameToParentMessage } from '@pravesh/core';

/**
 * The widget's listener rule (ARCHITECTURE.md "Browser facts", core's frame-messages.ts): a
 * message counts only when it comes from the accounts host's exact origin, from this widget's own
 * iframe window, and is a well-formed message of the frame protocol. Anything else — another
 * origin, another frame of the same origin, the page itself, a malformed payload — is ignored.
 */
export function acceptFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; frame: Window | null | undefined },
): FrameToParentMessage | null {
  if (event.origin !== expected.origin) return null;
  if (!expected.frame || event.source !== expected.frame) return null;
  return parseFrameToParentMessage(event.data);
}
