import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { parentMessage, type FrameToParentPayloads } from '@pravesh/core';
import type { SignInWidgetResult } from '@pravesh/sdk';
import { useFinishOnce } from '../shared/use-finish-once.ts';
import { acceptFrameMessage } from './frame-messages.ts';
import { initialHeight, resizedHeight, type BoxKind } from './sizes.ts';

export interface SignInDialogProps {
  /** The frame's address: the accounts host's /listener with the journey's query. */
  src: string;
  /** The accounts host's origin: the only origin whose messages count, and the only one posted to. */
  origin: string;
  kind: BoxKind;
  /** false (closable=0): closed_by_user and Esc are ignored and no close control is shown. */
  closable: boolean;
  /** The window whose messages are heard (the embedding page's). */
  view: Window;
  onOtpSent?: ((payload: FrameToParentPayloads['otpSent']) => void) | undefined;
  onAuth?: ((payload: FrameToParentPayloads['auth']) => void) | undefined;
  onAuthFailed?: ((payload: FrameToParentPayloads['authFailed']) => void) | undefined;
  /** Called once, when the widget must close. */
  onFinish: (result: SignInWidgetResult) => void;
}

const CLOSED: SignInWidgetResult = { event: 'closed', error: 'closed_by_user' };

/**
 * The sign-in modal of spec 000 §2 and §4: a dimmed backdrop and a dialog holding the accounts
 * host's frame. It sends widgetOpen to the frame once the frame has loaded; forwards otpSent;
 * forwards auth and authFailed and then closes; closes on closed_by_user (or Esc) unless not
 * closable; resizes on boxSize. Until the frame has spoken, the dialog shows its own loading state
 * and close control — after that the frame's own close control takes over, so there is never two.
 */
export function SignInDialog(props: SignInDialogProps) {
  const { src, origin, kind, closable, view, onFinish } = props;
  const dialog = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const [loaded, setLoaded] = useState(false);
  const [spoken, setSpoken] = useState(false);
  const [height, setHeight] = useState(() => initialHeight(kind));
  const titleId = useId();

  const [finish] = useFinishOnce<SignInWidgetResult>(onFinish);

  const closeByUser = useCallback(() => {
    // spec 000 §4: closed_by_user closes unless closable is 0.
    if (closable) finish(CLOSED);
  }, [closable, finish]);

  // Focus moves into the dialog at once; the frame takes it when it has loaded.
  useEffect(() => {
    dialog.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const message = acceptFrameMessage(event, { origin, frame: frame.current?.contentWindow });
      if (!message) return;
      setSpoken(true);
      const { onOtpSent, onAuth, onAuthFailed } = handlers.current;
      switch (message.type) {
        case 'otpSent':
          onOtpSent?.(message.payload);
          break;
        case 'boxSize': {
          const { size } = message.payload;
          setHeight((current) => resizedHeight(kind, current, size));
          break;
        }
        case 'auth':
          onAuth?.(message.payload);
          finish({ event: 'auth', ...message.payload });
          break;
        case 'authFailed':
          onAuthFailed?.(message.payload);
          finish({ event: 'authFailed', error: message.payload.statusCode, message: message.payload.statusMessage });
          break;
        case 'closed_by_user':
          closeByUser();
          break;
      }
    }
    view.addEventListener('message', onMessage);
    return () => view.removeEventListener('message', onMessage);
  }, [view, origin, kind, finish, closeByUser]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !closable) return;
      event.preventDefault();
      event.stopPropagation();
      closeByUser();
    }
    view.document.addEventListener('keydown', onKeyDown, true);
    return () => view.document.removeEventListener('keydown', onKeyDown, true);
  }, [view, closable, closeByUser]);

  // The frame's close control replaces ours: focus must not be left on a removed button.
  useEffect(() => {
    if (!spoken) return;
    const root = dialog.current?.getRootNode() as ShadowRoot | Document | undefined;
    if (root && root.activeElement === closeButton.current) frame.current?.focus();
  }, [spoken]);

  const onLoad = () => {
    setLoaded(true);
    const target = frame.current;
    if (!target) return;
    // Focusing the frame element first lets the frame's own script focus its first field.
    target.focus({ preventScroll: true });
    // spec 000 §4, §7: widgetOpen is sent to the frame — to its exact origin, never '*'.
    target.contentWindow?.postMessage(parentMessage('widgetOpen', {}), origin);
  };

  const style = { '--pv-box-height': `${height}px` } as CSSProperties;
  return (
    <div className="backdrop" data-testid="sign-in-backdrop">
      <div
        ref={dialog}
        className={`dialog dialog--${kind}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={style}
        data-box={kind}
        data-height={height}
      >
        <h2 id={titleId} className="visually-hidden">
          Sign in
        </h2>
        <iframe
          ref={frame}
          className="frame"
          src={src}
          title="Sign in with your mobile number"
          allow="otp-credentials"
          referrerPolicy="strict-origin"
          onLoad={onLoad}
        />
        {loaded ? null : (
          <div className="loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>Loading secure sign-in…</span>
          </div>
        )}
        {closable && !spoken ? (
          <button ref={closeButton} type="button" className="close" aria-label="Close sign-in" onClick={closeByUser}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
    </div>
  );
}
