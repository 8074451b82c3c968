import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Button, Spinner, TextField } from '@pravesh/ui';
import { CHAT_MESSAGE_LIMITS } from '@pravesh/core/support/rules.ts';
import type { ChatMessage, DeskChat } from '@pravesh/core/support/schemas.ts';
import { DeskError } from './desk-api.ts';
import { useDesk, useDeskSession } from './use-desk.ts';

const TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

function waitedFor(requestedAt: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(requestedAt)) / 60_000));
  return minutes < 1 ? 'just now' : `${minutes} min ago`;
}

function DeskHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="desk-header">
      <span className="desk-brand">
        <span className="desk-mark" aria-hidden="true">
          K
        </span>
        <span className="desk-brand-name">Kosh</span>
        <span className="desk-brand-tag">Support desk</span>
      </span>
      {children}
    </header>
  );
}

function SignIn({ onSignIn }: { onSignIn: (email: string, password: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your work email and password');
      return;
    }
    setBusy(true);
    try {
      await onSignIn(email.trim(), password);
    } catch (failure) {
      setError(failure instanceof DeskError ? failure.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  return (
    <div className="desk-page">
      <DeskHeader />
      <main className="desk-signin">
        <form className="desk-signin-card" onSubmit={(event) => void submit(event)} noValidate>
          <h1 className="desk-title">Sign in to the support desk</h1>
          <p className="desk-muted">For Kosh Customer Care agents. Customers sign in to My Account instead.</p>
          {error ? (
            <Alert tone="error" live="alert">
              {error}
            </Alert>
          ) : null}
          <TextField
            label="Work email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" block loading={busy} loadingLabel="Signing in…">
            Sign in
          </Button>
        </form>
      </main>
    </div>
  );
}

function QueueItem({
  chat,
  unread,
  selected,
  onOpen,
}: {
  chat: DeskChat;
  unread?: number;
  selected?: boolean;
  onOpen?: () => void;
}) {
  const body = (
    <>
      <span className="desk-item-top">
        <span className="desk-item-ref">Chat {chat.reference}</span>
        <span className="desk-item-time">{waitedFor(chat.requestedAt)}</span>
      </span>
      <span className="desk-item-preview">{chat.preview ?? 'No message yet'}</span>
      {unread ? <span className="desk-unread">{unread} new</span> : null}
    </>
  );
  return (
    <li>
      {onOpen ? (
        <button type="button" className="desk-item" aria-current={selected ? 'true' : undefined} onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className="desk-item desk-item--waiting">{body}</div>
      )}
    </li>
  );
}

function Message({ message }: { message: ChatMessage }) {
  if (message.author === 'SYSTEM') return <li className="desk-msg desk-msg--system">{message.text}</li>;
  const agent = message.author === 'AGENT';
  return (
    <li className={agent ? 'desk-msg desk-msg--mine' : 'desk-msg desk-msg--customer'}>
      <span className="desk-msg-meta">
        {agent ? `${message.agentName ?? 'Agent'} (you)` : 'Customer'} ·{' '}
        <time dateTime={message.sentAt}>{TIME.format(new Date(message.sentAt))}</time>
      </span>
      <span className="desk-msg-text">{message.text}</span>
    </li>
  );
}

function Conversation({ desk, chat }: { desk: ReturnType<typeof useDesk>; chat: DeskChat }) {
  const [text, setText] = useState('');
  const inputId = useId();
  const end = useRef<HTMLLIElement>(null);
  const length = [...text.trim()].length;
  const tooLong = length > CHAT_MESSAGE_LIMITS.maxLength;
  // A block body: scrollIntoView answers a promise in newer Chromium, which React would call as a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [desk.transcript.length, desk.customerTyping]);

  async function submit(event?: FormEvent): Promise<void> {
    event?.preventDefault();
    if (length === 0 || tooLong) return;
    const message = text.trim();
    setText('');
    if (!(await desk.send(message))) setText(message);
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <section className="desk-conversation" aria-labelledby="desk-conversation-title">
      <div className="desk-conversation-head">
        <div>
          <h2 id="desk-conversation-title" className="desk-subtitle">
            Chat {chat.reference}
          </h2>
          <p className="desk-muted">Started {waitedFor(chat.requestedAt)}</p>
        </div>
        <div className="desk-actions">
          <Button variant="secondary" size="sm" onClick={() => void desk.finish('handBack')}>
            Hand back to queue
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void desk.finish('end')}>
            End chat
          </Button>
        </div>
      </div>
      <div
        className="desk-log"
        role="log"
        aria-live="polite"
        aria-label={`Messages in chat ${chat.reference}`}
        tabIndex={0}
      >
        <ol className="desk-lines">
          {desk.transcript.map((message) => (
            <Message key={message.messageId} message={message} />
          ))}
          <li ref={end} className="desk-typing" aria-hidden={!desk.customerTyping}>
            {desk.customerTyping ? 'The customer is typing…' : ''}
          </li>
        </ol>
      </div>
      <div className="desk-canned" role="group" aria-label="Canned answers">
        {desk.queue?.canned.map((answer) => (
          <button
            key={answer.answerId}
            type="button"
            className="desk-canned-item"
            title={answer.body}
            onClick={() => {
              setText(answer.body);
              document.getElementById(inputId)?.focus();
            }}
          >
            {answer.title}
          </button>
        ))}
      </div>
      <form className="desk-composer" onSubmit={(event) => void submit(event)}>
        <label className="pv-visually-hidden" htmlFor={inputId}>
          Reply to the customer
        </label>
        <textarea
          id={inputId}
          className="pv-field-input desk-composer-input"
          rows={3}
          placeholder="Write a reply, or pick a canned answer"
          value={text}
          aria-invalid={tooLong || undefined}
          onChange={(event) => {
            setText(event.target.value);
            desk.typing();
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={length === 0 || tooLong}>
          Send
        </Button>
      </form>
    </section>
  );
}

function Console({ onSignOut, onExpired }: { onSignOut: () => Promise<void>; onExpired: () => void }) {
  const desk = useDesk(onExpired);
  const { queue } = desk;
  if (!queue) {
    return (
      <div className="desk-page">
        <DeskHeader />
        <main className="desk-loading" aria-busy="true">
          <Spinner />
          <span>Loading the queue…</span>
        </main>
      </div>
    );
  }
  const { agent } = queue;
  const free = agent.capacity - agent.activeChats;
  const openChat = queue.mine.find((chat) => chat.chatId === desk.openChatId);
  return (
    <div className="desk-page">
      <DeskHeader>
        <div className="desk-agent">
          <span className={desk.connected ? 'desk-presence' : 'desk-presence desk-presence--off'} aria-hidden="true" />
          <span>
            {agent.displayName} · {desk.connected ? 'On duty' : 'Reconnecting…'}
          </span>
          <Button variant="secondary" size="sm" onClick={() => void onSignOut()}>
            Sign out
          </Button>
        </div>
      </DeskHeader>
      <main className="desk-main">
        <h1 className="pv-visually-hidden">Support desk</h1>
        <aside className="desk-side">
          <section aria-labelledby="desk-waiting-title" className="desk-panel">
            <div className="desk-panel-head">
              <h2 id="desk-waiting-title" className="desk-subtitle">
                Waiting <span className="desk-count">{queue.waiting.length}</span>
              </h2>
              <Button size="sm" disabled={queue.waiting.length === 0 || free === 0} onClick={() => void desk.accept()}>
                Take next customer
              </Button>
            </div>
            <p className="desk-muted">
              {free === 0
                ? 'You’re at capacity: end or hand back a chat to take another.'
                : `${free} of ${agent.capacity} places free`}
            </p>
            {queue.waiting.length === 0 ? (
              <p className="desk-empty">No one is waiting. New customers appear here.</p>
            ) : (
              <ol className="desk-list">
                {queue.waiting.map((chat) => (
                  <QueueItem key={chat.chatId} chat={chat} />
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="desk-mine-title" className="desk-panel">
            <h2 id="desk-mine-title" className="desk-subtitle">
              Your chats <span className="desk-count">{queue.mine.length}</span>
            </h2>
            {queue.mine.length === 0 ? (
              <p className="desk-empty">Take the next customer from the queue to start.</p>
            ) : (
              <ul className="desk-list">
                {queue.mine.map((chat) => (
                  <QueueItem
                    key={chat.chatId}
                    chat={chat}
                    unread={desk.unread[chat.chatId]}
                    selected={chat.chatId === desk.openChatId}
                    onOpen={() => desk.open(chat.chatId)}
                  />
                ))}
              </ul>
            )}
          </section>
        </aside>
        <div className="desk-stage">
          {desk.failure ? (
            <Alert tone="error" live="alert" title="That didn’t work">
              {desk.failure}
            </Alert>
          ) : null}
          {openChat ? (
            <Conversation desk={desk} chat={openChat} />
          ) : (
            <div className="desk-placeholder">
              <h2 className="desk-subtitle">No chat open</h2>
              <p className="desk-muted">Pick one of your chats, or take the next customer waiting.</p>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

/** The support desk (agents only): sign-in, then the console. */
export function DeskApp() {
  const { session, signIn, signOut, expired } = useDeskSession();
  if (session.phase === 'checking') {
    return (
      <div className="desk-page">
        <DeskHeader />
        <main className="desk-loading" aria-busy="true">
          <Spinner />
          <span>Loading…</span>
        </main>
      </div>
    );
  }
  if (session.phase === 'signedOut') return <SignIn onSignIn={signIn} />;
  return <Console onSignOut={signOut} onExpired={expired} />;
}
