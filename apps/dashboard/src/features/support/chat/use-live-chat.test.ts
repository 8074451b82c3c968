import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@pravesh/core/support/schemas.ts';
import { mergeMessages } from './use-live-chat.ts';

const message = (seq: number, text = `m${seq}`): ChatMessage => ({
  messageId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  author: 'CUSTOMER',
  agentName: null,
  text,
  sentAt: '2026-11-21T06:00:00.000Z',
});

describe('mergeMessages', () => {
  it('keeps the transcript in seq order with each message once, whatever order they arrive in', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3), message(1)]);
    expect(merged.map((item) => item.seq)).toEqual([1, 2, 3]);
  });
});
