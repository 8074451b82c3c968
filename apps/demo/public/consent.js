// @ts-check
/**
 * Terms consent on the demo page, kept apart from app.js: it uses the page's one SDK
 * client, sign-on client and visitor layer (exported by app.js) and the consent client of the
 * SDK (Pravesh.loadConsent). A signed-in customer is shown the consent panel when a version of
 * this site's contract newer than the one they accepted exists; they can withdraw their consent
 * (after confirming it in a dialog) and download their consent history as CSV.
 */
import { getClient, getSignOn, getVisitor } from './app.js';

/** @typedef {import('@pravesh/sdk').Consent} Consent */
/** @typedef {import('@pravesh/sdk').ConsentOutcome} ConsentOutcome */

/** @returns {{ consentContractId?: string }} */
function readConfig() {
  const element = document.getElementById('pravesh-demo-config');
  return JSON.parse(element?.textContent ?? '{}');
}

const { consentContractId } = readConfig();
const section = /** @type {HTMLElement | null} */ (document.getElementById('consent'));
const statusText = /** @type {HTMLElement | null} */ (document.getElementById('consent-status'));
const withdrawButton = /** @type {HTMLButtonElement | null} */ (document.getElementById('consent-withdraw'));
const historyButton = /** @type {HTMLButtonElement | null} */ (document.getElementById('consent-history'));

/**
 * @param {string} text
 * @param {'success' | 'error' | undefined} [state]
 */
function showConsentStatus(text, state) {
  if (!statusText) return;
  if (state) statusText.dataset.state = state;
  else delete statusText.dataset.state;
  statusText.textContent = text;
}

/** What a customer is told when consent cannot be reached: plain words, no catalogue codes. */
const UNAVAILABLE = 'We couldn’t load your consents just now. Please try again in a few minutes.';
const ACTION_FAILED = 'That didn’t work just now. Please try again in a moment.';

/** @type {Promise<Consent> | undefined} */
let consentPromise;

/** The consent client for this site's contract, made once the customer is signed in. */
function getConsent() {
  consentPromise ??= (async () => {
    const sdk = window.Pravesh;
    if (!sdk) throw new Error('The SDK did not load');
    // A site without a contract shows no consent section (serve.ts); this guards a stray call.
    if (!consentContractId) throw new Error('no consent contract is configured for this site');
    const [client, signOn, visitor] = await Promise.all([getClient(), getSignOn(), getVisitor()]);
    return sdk.loadConsent(
      client,
      { contractId: consentContractId },
      {
        signOn,
        visitor,
        onPanelOpen: () => showConsentStatus('Updated terms are waiting for your answer.'),
      },
    );
  })().catch((/** @type {unknown} */ error) => {
    consentPromise = undefined;
    throw error;
  });
  return consentPromise;
}

/** What the last run of the consent journey ended in, for the page (and the e2e journey). */
const OUTCOME_TEXT = /** @type {Record<ConsentOutcome['status'], string>} */ ({
  disabled: 'Terms consent is switched off on this site.',
  notCustomer: 'Sign in to see your consents.',
  // Settled today (accepted, or declined) and still the latest version: not asked again today.
  recorded: 'Your answer to the latest terms is recorded.',
  alreadyVerified: 'You accepted the latest terms.',
  pending: 'Updated terms are waiting for your acceptance.',
  accepted: 'Thank you — your acceptance of the updated terms is recorded.',
  declined: 'You declined the updated terms; we will ask again another day.',
  dismissed: 'The updated terms are still waiting for your acceptance.',
  failed: UNAVAILABLE,
});

/** Outcomes after which the customer has consent to withdraw (never to one who did not accept). */
const CONSENTED = new Set(['accepted', 'alreadyVerified']);

/** @param {ConsentOutcome} outcome */
function showOutcome(outcome) {
  if (section) section.dataset.consent = outcome.status;
  if (withdrawButton) withdrawButton.hidden = !CONSENTED.has(outcome.status);
  if (outcome.status === 'failed') {
    // The catalogue code is for developers (spec 000 §8 passes it to the caller): the console has it.
    console.info('consent check failed:', outcome.statusCode);
    showConsentStatus(OUTCOME_TEXT.failed, 'error');
  } else {
    showConsentStatus(OUTCOME_TEXT[outcome.status], outcome.status === 'accepted' ? 'success' : undefined);
  }
}

/** @param {boolean} signedIn */
function showControls(signedIn) {
  // Withdraw appears once an outcome shows consent to withdraw (showOutcome).
  if (withdrawButton && !signedIn) withdrawButton.hidden = true;
  if (historyButton) historyButton.hidden = !signedIn;
  if (!signedIn) {
    if (section) section.dataset.consent = 'signed-out';
    showConsentStatus('Sign in to see your consents.');
  }
}

let running = false;

/** The consent journey: check, the panel when a newer version waits, the answer recorded. */
async function runConsent() {
  if (running) return;
  running = true;
  try {
    const consent = await getConsent();
    showConsentStatus('Checking your consents…');
    showOutcome(await consent.run());
  } catch {
    if (section) section.dataset.consent = 'error';
    showConsentStatus(UNAVAILABLE, 'error');
  } finally {
    running = false;
  }
}

/**
 * @param {HTMLButtonElement} button
 * @param {() => Promise<void>} action
 */
async function busy(button, action) {
  if (button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  try {
    await action();
  } catch {
    showConsentStatus(ACTION_FAILED, 'error');
  } finally {
    button.removeAttribute('aria-busy');
  }
}

const withdrawDialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('consent-withdraw-dialog'));
const keepButton = /** @type {HTMLButtonElement | null} */ (document.getElementById('consent-withdraw-keep'));
const confirmButton = /** @type {HTMLButtonElement | null} */ (document.getElementById('consent-withdraw-confirm'));

/**
 * Withdrawing is confirmed first (it withdrew on one click). A native modal dialog
 * (WAI-ARIA APG "Alert and Message Dialogs"): showModal makes the page behind inert and Escape
 * closes it (its cancel event), the safe choice — keeping consent — has focus when it opens, and
 * focus goes back to the button that opened it, or to the status line once that button is gone.
 */
function confirmWithdrawal() {
  if (!withdrawDialog || !keepButton) return;
  withdrawDialog.returnValue = '';
  withdrawDialog.showModal();
  keepButton.focus();
}

withdrawDialog?.addEventListener('close', () => {
  if (withdrawDialog.returnValue === 'withdraw') return;
  withdrawButton?.focus();
});
// A click on the dimmed backdrop (the dialog element itself, outside its content) keeps consent too.
withdrawDialog?.addEventListener('click', (event) => {
  if (event.target === withdrawDialog) withdrawDialog.close();
});
keepButton?.addEventListener('click', () => withdrawDialog?.close());

confirmButton?.addEventListener(
  'click',
  () =>
    void busy(confirmButton, async () => {
      try {
        const consent = await getConsent();
        await consent.withdraw('Withdrawn on the demo page');
        if (section) section.dataset.consent = 'withdrawn';
        if (withdrawButton) withdrawButton.hidden = true;
        withdrawDialog?.close('withdraw');
        showConsentStatus('Your consent is withdrawn. We will ask for it again on your next visit.', 'success');
        statusText?.focus();
      } catch (error) {
        // The failure is shown on the page (busy), with focus back where the customer started.
        withdrawDialog?.close();
        throw error;
      }
    }),
);

withdrawButton?.addEventListener('click', confirmWithdrawal);

historyButton?.addEventListener(
  'click',
  () =>
    void busy(historyButton, async () => {
      const consent = await getConsent();
      await consent.downloadHistoryCsv();
      showConsentStatus('Your consent history is downloaded (CSV).', 'success');
    }),
);

if (section) {
  getSignOn()
    .then(async (signOn) => {
      const { session } = await signOn.autoInit();
      showControls(Boolean(session));
      if (session) await runConsent();
      let signedIn = Boolean(session);
      // Consent is checked as a page loads (once per site per day, spec 000 §4), so a sign-in in the
      // widget leaves this page as it is and the panel, if due, comes with the next page.
      signOn.subscribe((snapshot) => {
        const now = Boolean(snapshot.session);
        if (now === signedIn) return;
        signedIn = now;
        showControls(now);
        if (now) showConsentStatus('Signed in: your consents are checked on the next page you open.');
      });
    })
    .catch(() => {
      showControls(false);
      showConsentStatus(UNAVAILABLE);
    });
}
