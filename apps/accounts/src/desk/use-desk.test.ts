// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESK_ROUTES } from '@pravesh/core/support/routes.ts';
import type { ChatMessage, DeskQueueResponse } from '@pravesh/core/support/schemas.ts';
import { useDesk } from './use-desk.ts';

/** The desk's event stream, driven by the test: opened, messaged, dropped. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close(): void {}
}

const CHAT = '5d2c6a9e-4f41-4f6b-9d7e-0a1b2c3d4e5f';
const OTHER = '7e3d7b0f-5a52-4a7c-8e8f-1b2c3d4e5f60';
const message = (seq: number, text: string, chatId = CHAT): ChatMessage & { chatId: string } => ({
  chatId,
  messageId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  author: 'CUSTOMER',
  agentName: null,
  text,
  sentAt: '2026-11-30T10:00:00.000Z',
});

const queue: DeskQueueResponse = {
  agent: { agentId: '0f1e2d3c-4b5a-4978-8877-665544332211', displayName: 'Meera', capacity: 2, activeChats: 2 },
  waiting: [],
  mine: [CHAT, OTHER].map((chatId) => ({
    chatId,
    status: 'ACTIVE' as const,
    reference: chatId.slice(0, 8).toUpperCase(),
    requestedAt: '2026-11-30T09:59:00.000Z',
    preview: 'Hello',
  })),
  canned: [],
};

describe('the desk console after its event stream reopens', () => {
  let stored: Record<string, ReturnType<typeof message>[]>;
  beforeEach(() => {
    stored = { [CHAT]: [message(1, 'Hello')], [OTHER]: [message(2, 'Hi there', OTHER)] };
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string, init?: { body?: string }) => {
        const answer =
          path === DESK_ROUTES.queue
            ? queue
            : { messages: stored[(JSON.parse(init?.body ?? '{}') as { chatId: string }).chatId] ?? [] };
        return Promise.resolve(new Response(JSON.stringify({ status: true, statusCode: 'success', response: answer })));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the transcripts it holds again: what was said while it was away shows, unread where not open', async () => {
    const { result } = renderHook(() => useDesk(() => undefined));
    const stream = FakeEventSource.last!;
    act(() => stream.onopen?.());
    act(() => result.current.open(OTHER));
    act(() => result.current.open(CHAT));
    await waitFor(() => expect(result.current.transcript.map((m) => m.text)).toEqual(['Hello']));

    // The stream drops; both customers write meanwhile; it opens again.
    act(() => stream.onerror?.());
    stored[CHAT]!.push(message(3, 'Are you there?'));
    stored[OTHER]!.push(message(4, 'One more thing', OTHER));
    act(() => stream.onopen?.());

    await waitFor(() => expect(result.current.transcript.map((m) => m.text)).toEqual(['Hello', 'Are you there?']));
    await waitFor(() => expect(result.current.unread[OTHER]).toBe(1));
    expect(result.current.unread[CHAT] ?? 0).toBe(0);
  });
});
