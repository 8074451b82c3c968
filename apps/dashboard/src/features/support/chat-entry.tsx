import { useEffect, useState } from 'react';
import { Alert, Button } from '@pravesh/ui';
import { CHAT_LIVENESS } from '@pravesh/core/support/rules.ts';
import type { ChatAllocationResponse } from '@pravesh/core/support/schemas.ts';
import { useServices } from '../../app/services.ts';
import { useAllocateChatMutation, useReleaseChatMutation } from './api.ts';
import { failureText } from './messages.ts';

function ordinal(position: number): string {
  return position === 1 ? 'next in line' : `number ${position} in the queue`;
}

/**
 * "Chat with us" (spec 001 §7 GRIDSP chat/chatAllocation; shown only while §9 "Chat enabled" is on):
 * an agent's name once one has the chat, or the customer's place in the queue. While the chat is live
 * the page asks again every CHAT_LIVENESS.pollMs: the same chat, served when its turn comes, and the
 * server's sign that the page is still open (a closed tab's chat is ended). Leaving frees the place
 * for the next customer.
 */
export function ChatEntry() {
  const services = useServices();
  const [allocate, allocating] = useAllocateChatMutation();
  const [release, releasing] = useReleaseChatMutation();
  const [chat, setChat] = useState<ChatAllocationResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function ask(): Promise<void> {
    const result = await allocate();
    if ('error' in result) {
      setFailure(failureText(result.error));
      return;
    }
    setFailure(null);
    setChat(result.data);
  }

  const live = chat !== null;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void ask(), CHAT_LIVENESS.pollMs);
    return () => clearInterval(timer);
    // `ask` is the same call each time; the interval only follows whether a chat is live.
  }, [live]);

  async function leave(): Promise<void> {
    if (!chat) return;
    await release({ chatId: chat.chatId });
    setChat(null);
  }

  function start(): void {
    services.analytics.track({ action: 'clicked', category: 'myAccount', label: 'chat with us', page: 'support' });
    void ask();
  }

  let status = null;
  if (chat?.status === 'ASSIGNED') {
    status = (
      <Alert tone="success" title={`You’re connected to ${chat.agentName ?? 'our support team'}`} live="none">
        {chat.agentName ?? 'An agent'} from our support team has your chat and will help you from here.
      </Alert>
    );
  } else if (chat?.status === 'QUEUED') {
    status = (
      <Alert tone="info" title={`You’re ${ordinal(chat.queuePosition ?? 1)}`} live="none">
        All our agents are helping other customers. Stay on this page and we’ll connect you as soon as one is free.
      </Alert>
    );
  }

  return (
    <section className="ma-card sup-chat" aria-labelledby="sup-chat-title">
      <div className="sup-chat-text">
        <h2 id="sup-chat-title" className="sup-chat-title">
          Chat with us
        </h2>
        <p className="ma-muted">Talk to our support team about your account, a payment or an application.</p>
      </div>
      <div className="sup-chat-status" aria-live="polite">
        {status}
        {failure ? (
          <Alert tone="error" live="none">
            {failure}
          </Alert>
        ) : null}
      </div>
      <div className="sup-chat-action">
        {chat ? (
          <Button
            variant="secondary"
            loading={releasing.isLoading}
            loadingLabel="Leaving…"
            onClick={() => void leave()}
          >
            {chat.status === 'ASSIGNED' ? 'End chat' : 'Leave the queue'}
          </Button>
        ) : (
          <Button loading={allocating.isLoading} loadingLabel="Connecting…" onClick={start}>
            Chat with us
          </Button>
        )}
      </div>
    </section>
  );
}
