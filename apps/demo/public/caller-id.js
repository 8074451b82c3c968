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
  button.className = 'button button-quiet button-small';
  button.textContent = 'Sign in with caller ID';
  signInButton.after(button);

  /** @param {string} text */
  const say = (text) => accountText.replaceChildren(text);

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
        if (result.status === 'failed') say(`Caller ID sign-in didn’t finish (${result.error}). Please try again.`);
      })
      .catch(() => say('Caller ID sign-in is unavailable right now. Please try again.'))
      .finally(() => {
        button.disabled = false;
        button.removeAttribute('aria-busy');
      });
  });
}
