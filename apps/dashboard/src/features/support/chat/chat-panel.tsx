import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Button, TextField } from '@pravesh/ui';
import { CHAT_MESSAGE_LIMITS } from '@pravesh/core/support/rules.ts';
import type { ChatMessage } from '@pravesh/core/support/schemas.ts';
import { useLeaveChatMessageMutation, useMailTranscriptMutation, useRateChatMutation } from '../api.ts';
import { failureText } from '../messages.ts';
import { useLiveChat, type LiveChat, type PendingMessage } from './use-live-chat.ts';

const TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

function queueText(position: number | null): string {
  if (position === null || position <= 1) return 'You’re next in line';
  return `You’re number ${position} in the queue`;
}

/** Messages are text: React escapes them, and nothing here reads them as markup. */
function Bubble({ message }: { message: ChatMessage }) {
  if (message.author === 'SYSTEM') {
    return <li className="sup-msg sup-msg--system">{message.text}</li>;
  }
  const mine = message.author === 'CUSTOMER';
  const who = mine ? 'You' : (message.agentName ?? 'Kosh support');
  return (
    <li className={mine ? 'sup-msg sup-msg--mine' : 'sup-msg sup-msg--agent'}>
      <span className="sup-msg-meta">
        {who} · <time dateTime={message.sentAt}>{TIME.format(new Date(message.sentAt))}</time>
      </span>
      <span className="sup-msg-text">{message.text}</span>
    </li>
  );
}

function PendingBubble({ item, onRetry }: { item: PendingMessage; onRetry: () => void }) {
  return (
    <li className="sup-msg sup-msg--mine sup-msg--pending">
      <span className="sup-msg-meta">{item.failed ? 'Not sent' : 'Sending…'}</span>
      <span className="sup-msg-text">{item.text}</span>
      {item.failed ? (
        <button type="button" className="sup-msg-retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </li>
  );
}

function ChatLog({ chat }: { chat: LiveChat }) {
  const end = useRef<HTMLLIElement>(null);
  const count = chat.messages.length + chat.pending.length;
  // A block body: scrollIntoView answers a promise in newer Chromium, which React would call as a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count, chat.agentTyping]);
  return (
    <div className="sup-chat-log" role="log" aria-live="polite" aria-label="Chat messages" tabIndex={0}>
      <ol className="sup-chat-lines">
        {chat.messages.length === 0 && chat.pending.length === 0 ? (
          <li className="sup-msg sup-msg--system">
            Tell us what you need help with. You can start typing now — the agent will see your messages when they join.
          </li>
        ) : null}
        {chat.messages.map((message) => (
          <Bubble key={message.messageId} message={message} />
        ))}
        {chat.pending.map((item) => (
          <PendingBubble key={item.messageId} item={item} onRetry={() => void chat.send(item.text, item.messageId)} />
        ))}
        <li ref={end} className="sup-typing" aria-hidden={!chat.agentTyping}>
          {chat.agentTyping ? `${chat.state?.agentName ?? 'The agent'} is typing…` : ''}
        </li>
      </ol>
    </div>
  );
}

function Composer({ chat }: { chat: LiveChat }) {
  const [text, setText] = useState('');
  const id = useId();
  const length = [...text.trim()].length;
  const tooLong = length > CHAT_MESSAGE_LIMITS.maxLength;

  function submit(event?: FormEvent): void {
    event?.preventDefault();
    if (length === 0 || tooLong) return;
    const message = text.trim();
    setText('');
    void chat.send(message);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    // Enter sends, Shift+Enter is a new line (as in every chat).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form className="sup-composer" onSubmit={submit}>
      <label className="pv-visually-hidden" htmlFor={id}>
        Your message
      </label>
      <textarea
        id={id}
        className="pv-field-input sup-composer-input"
        rows={2}
        placeholder="Type your message"
        value={text}
        aria-describedby={`${id}-count`}
        aria-invalid={tooLong || undefined}
        onChange={(event) => {
          setText(event.target.value);
          chat.typing();
        }}
        onKeyDown={onKeyDown}
      />
      <span
        id={`${id}-count`}
        className={tooLong ? 'sup-composer-count sup-composer-count--over' : 'sup-composer-count'}
      >
        {tooLong
          ? `Please shorten your message to ${CHAT_MESSAGE_LIMITS.maxLength} characters`
          : `${length} / ${CHAT_MESSAGE_LIMITS.maxLength}`}
      </span>
      <Button type="submit" disabled={length === 0 || tooLong}>
        Send
      </Button>
    </form>
  );
}

function LeaveMessage({ chat }: { chat: LiveChat }) {
  const [leave, leaving] = useLeaveChatMessageMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [requestId] = useState(() => crypto.randomUUID());
  const written = chat.messages.some((message) => message.author === 'CUSTOMER');

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!chat.chatId) return;
    const result = await leave({ chatId: chat.chatId, requestId, email: email.trim() });
    if ('error' in result) {
      setError(failureText(result.error));
      return;
    }
    setError(null);
    if (chat.state) chat.setState({ ...chat.state, status: 'ENDED', ticketReference: result.data.ticket.reference });
  }

  return (
    <form className="sup-leave" onSubmit={(event) => void submit(event)}>
      <Alert tone="warning" title="Our agents are away right now" live="none">
        Our support desk answers chats from 9 AM to 9 PM. Write what you need above and we’ll turn it into a query and
        reply by email within one working day.
      </Alert>
      <TextField
        label="Email for our reply"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" variant="secondary" disabled={!written} loading={leaving.isLoading} loadingLabel="Sending…">
        Send as a query
      </Button>
    </form>
  );
}

const RATINGS = [
  { value: 1, label: 'Very poor' },
  { value: 2, label: 'Poor' },
  { value: 3, label: 'Okay' },
  { value: 4, label: 'Good' },
  { value: 5, label: 'Excellent' },
];

function ChatEnded({ chat }: { chat: LiveChat }) {
  const [rate, rating] = useRateChatMutation();
  const [mail, mailing] = useMailTranscriptMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = chat.state!;

  async function choose(value: number): Promise<void> {
    const result = await rate({ chatId: state.chatId, rating: value });
    if ('error' in result) setError(failureText(result.error));
    else chat.setState(result.data);
  }

  async function mailTranscript(): Promise<void> {
    const result = await mail({ chatId: state.chatId });
    if ('error' in result) setError(failureText(result.error));
    else {
      setError(null);
      setSentTo(result.data.sentTo);
    }
  }

  return (
    <div className="sup-ended">
      {state.ticketReference ? (
        <Alert tone="success" title="We’ve got your message" live="none">
          Your reference number is <strong className="sup-reference">{state.ticketReference}</strong>. We’ll reply by
          email within one working day.
        </Alert>
      ) : (
        <fieldset className="sup-rating" disabled={rating.isLoading}>
          <legend>{state.rating ? 'Thank you for your rating' : 'How was your chat?'}</legend>
          <div className="sup-rating-options">
            {RATINGS.map((option) => (
              <label key={option.value} className="sup-rating-option">
                <input
                  type="radio"
                  name="sup-rating"
                  value={option.value}
                  checked={state.rating === option.value}
                  onChange={() => void choose(option.value)}
                />
                <span aria-hidden="true" className="sup-rating-star">
                  {state.rating !== null && option.value <= state.rating ? '★' : '☆'}
                </span>
                <span className="sup-rating-label">{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {sentTo ? (
        <Alert tone="success" live="none">
          We’ve emailed the transcript to {sentTo}.
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" live="none">
          {error}
        </Alert>
      ) : null}
      <div className="sup-chat-buttons">
        {chat.messages.length > 0 && !state.ticketReference ? (
          <Button
            variant="secondary"
            loading={mailing.isLoading}
            loadingLabel="Sending…"
            onClick={() => void mailTranscript()}
          >
            Email me the transcript
          </Button>
        ) : null}
        <Button variant="secondary" onClick={chat.reset}>
          Close
        </Button>
      </div>
    </div>
  );
}

/**
 * "Chat with us" (spec 001 §7 GRIDSP chat; shown only while §9 "Chat enabled" is on): the queue
 * position while waiting, the conversation with the agent as it happens, the agent's typing, and
 * once it ends a rating and the transcript by email. With no agent at the desk, what the customer
 * wrote can be sent as a query instead.
 */
export function ChatEntry() {
  const chat = useLiveChat();
  const { state } = chat;

  let status: string;
  if (!state) status = 'Talk to our support team about your account, a payment or an application.';
  else if (state.status === 'WAITING') status = queueText(state.queuePosition);
  else if (state.status === 'ACTIVE') status = `You’re chatting with ${state.agentName ?? 'our support team'}`;
  else status = 'This chat has ended';

  return (
    <section
      className={state ? 'ma-card sup-chat sup-chat--open' : 'ma-card sup-chat'}
      aria-labelledby="sup-chat-title"
    >
      <div className="sup-chat-head">
        <div className="sup-chat-text">
          <h2 id="sup-chat-title" className="sup-chat-title">
            Chat with us
          </h2>
          <p className="ma-muted sup-chat-subtitle" aria-live="polite">
            {state?.status === 'ACTIVE' ? <span className="sup-online-dot" aria-hidden="true" /> : null}
            {status}
          </p>
        </div>
        <div className="sup-chat-action">
          {!state ? (
            <Button loading={chat.starting} loadingLabel="Connecting…" onClick={() => void chat.start()}>
              Chat with us
            </Button>
          ) : state.status !== 'ENDED' ? (
            <Button variant="secondary" loading={chat.ending} loadingLabel="Ending…" onClick={() => void chat.end()}>
              {state.status === 'ACTIVE' ? 'End chat' : 'Leave the queue'}
            </Button>
          ) : null}
        </div>
      </div>
      {state ? (
        <div className="sup-chat-body">
          {state.status === 'WAITING' && chat.agentsOnDuty !== 0 ? (
            <Alert tone="info" live="none">
              All our agents are helping other customers. Stay on this page and we’ll connect you as soon as one is
              free.
            </Alert>
          ) : null}
          <ChatLog chat={chat} />
          {chat.reconnecting ? (
            <p className="ma-muted sup-reconnecting" role="status">
              Reconnecting…
            </p>
          ) : null}
          {chat.failure ? (
            <Alert tone="error" live="none">
              {chat.failure}
            </Alert>
          ) : null}
          {state.status !== 'ENDED' ? <Composer chat={chat} /> : null}
          {state.status === 'WAITING' && chat.agentsOnDuty === 0 ? <LeaveMessage chat={chat} /> : null}
          {state.status === 'ENDED' ? <ChatEnded chat={chat} /> : null}
        </div>
      ) : chat.failure ? (
        <Alert tone="error" live="none">
          {chat.failure}
        </Alert>
      ) : null}
    </section>
  );
}
