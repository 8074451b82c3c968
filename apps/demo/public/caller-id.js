// @ts-check
/**
 * Caller-identification sign-in on the demo (spec 000 §4 "Caller-identification login statuses"):
 * a second button beside "Sign in". The SDK starts a request, opens the identity app with it —
 * locally the API's simulator page, in a window of its own — polls the request's status, and on
 * success signs in with the social_truecaller method. Added to the page by serve.ts (its own
 * block), so the page's other scripts stay as they are.
 */
import { getSignOn } from './app.js';

/** The simulator is a person at a web page: give them a minute, polled every 3 s. */
/** @type {import('@pravesh/sdk').CallerIdLoginOptions} */
const LOGIN = { payload: { ttl: 60_000, type: 'btmsheet', lang: 'en' }, attempts: 20, appPresence: 'assume' };

/** What each status of spec 000 §4 means to the person waiting. */
const STATUS_TEXT = /** @type {Record<string, string>} */ ({
  initiated: 'Opening the identity app…',
  pending: 'Approve the request in the identity app (the simulator window)…',
  success: 'Approved. Signing you in…',
  login_initiated: 'Approved. Signing you in…',
  app_not_present: 'The identity app is not available on this device.',
  rejected: 'Caller ID sign-in was cancelled.',
  timeout: 'Caller ID sign-in timed out. Please try again.',
});

const signInButton = document.getElementById('sign-in');
const accountText = document.getElementById('account-text');

if (signInButton && accountText) {
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'sign-in-caller-id';
  button.className = 'button button-quiet button-small caller-id-button';
  // A phone icon and the words; on a phone the words are read out but not shown, so the header fits.
  const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('focusable', 'false');
  icon.setAttribute('class', 'button-icon');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute(
    'd',
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
  );
  path.setAttribute('fill', 'currentColor');
  icon.append(path);
  const label = document.createElement('span');
  label.className = 'button-label';
  label.textContent = 'Sign in with caller ID';
  button.append(icon, label);
  signInButton.after(button);

  /** @param {string} text shown as the account area's message (a bubble below the header) */
  const say = (text) => {
    const account = document.getElementById('account');
    if (account) account.dataset.state = 'notice';
    accountText.replaceChildren(text);
  };

  // The caller-ID button follows the page's own Sign in button (hidden while signed in).
  const follow = () => {
    button.hidden = signInButton.hidden;
  };
  new MutationObserver(follow).observe(signInButton, { attributes: true, attributeFilter: ['hidden'] });
  follow();

  button.addEventListener('click', () => {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    getSignOn()
      .then((signOn) =>
        signOn.callerIdLogin({
          ...LOGIN,
          onStatus: (status) => {
            const text = STATUS_TEXT[status];
            if (text) say(text);
          },
        }),
      )
      .then((result) => {
        // Signed in: app.js shows the customer (it follows the sign-on client's snapshots).
        if (result.status === 'failed') say('Caller ID sign-in didn’t finish. Please try again.');
      })
      .catch(() => say('Caller ID sign-in is unavailable right now. Please try again.'))
      .finally(() => {
        button.disabled = false;
        button.removeAttribute('aria-busy');
      });
  });
}
