// @ts-check
/**
 * The script both demo sites share. It uses the SDK exactly as an embedding site would: the
 * global `Pravesh` from the script tag, one client per page, `track()` for analytics events, the
 * visitor layer, and the sign-on client with its sign-in widget (Pravesh.loadSignOn). Customers
 * see plain words only; catalogue codes and ids appear in the developer panel alone.
 */

/** @typedef {import('@pravesh/sdk').Pravesh} PraveshClient */
/** @typedef {import('@pravesh/sdk').SignOn} SignOn */
/** @typedef {import('@pravesh/sdk').SignOnSession} SignOnSession */
/** @typedef {import('@pravesh/sdk').VisitorLayer} VisitorLayer */
/**
 * @typedef {{
 *   apiUrl: string;
 *   siteId: number;
 *   siteName: string;
 *   environment: import('@pravesh/sdk').Environment;
 *   ssoClientId?: string;
 * }} DemoConfig
 */

const PRODUCE_EVENT_PATH = '/MSP/api/v1/pbguc/event/produce';
const PASS_TOKEN_HEADER = 'pb-pass-token';

/** @returns {DemoConfig} */
function readConfig() {
  const element = document.getElementById('pravesh-demo-config');
  return /** @type {DemoConfig} */ (JSON.parse(element?.textContent ?? '{}'));
}

const config = readConfig();
const statusRegion = /** @type {HTMLElement} */ (document.getElementById('shield-status'));
const sendButton = /** @type {HTMLButtonElement} */ (document.getElementById('send-event'));
const tamperButton = /** @type {HTMLButtonElement} */ (document.getElementById('tamper-token'));

/**
 * Builds an element with text children only: server text is never parsed as HTML.
 * @param {string} tag
 * @param {string} [className]
 * @param {(string | Node)[]} [children]
 */
function el(tag, className, children = []) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** @param {[string, string | Node][]} rows */
function definitionList(rows) {
  return el(
    'dl',
    undefined,
    rows.flatMap(([term, value]) => [el('dt', undefined, [term]), el('dd', undefined, [value])]),
  );
}

/**
 * @param {'loading' | 'ready' | 'pending' | 'success' | 'error'} state
 * @param {string} title
 * @param {Node[]} [details]
 */
function showStatus(state, title, details = []) {
  statusRegion.dataset.state = state;
  statusRegion.replaceChildren(el('p', 'status-title', [title]), ...details);
}

/** @param {string} iso */
function timeElement(iso) {
  const time = document.createElement('time');
  time.dateTime = iso;
  time.textContent = new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });
  return time;
}

/** @param {string} text */
function code(text) {
  return el('code', undefined, [text]);
}

/**
 * The catalogue code and text of a refusal; anything else is reported as it is.
 * @param {unknown} error
 * @returns {{ statusCode: string; statusMessage: string }}
 */
function describeError(error) {
  if (typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'string') {
    const message = 'statusMessage' in error && typeof error.statusMessage === 'string' ? error.statusMessage : '';
    return { statusCode: error.statusCode, statusMessage: message };
  }
  return { statusCode: 'error', statusMessage: error instanceof Error ? error.message : String(error) };
}

/** What a customer is told when the API cannot be reached or refuses: no codes, no ids. */
const TRY_AGAIN = 'We couldn’t reach Kosh just now. Please try again in a moment.';

/** The marketplace's sites by id, as customers know them. */
const SITE_LABELS = /** @type {Record<number, string>} */ ({ 2: 'Kosh', 7: 'Kosh Cards' });

/** @param {number} siteId */
function siteLabel(siteId) {
  return SITE_LABELS[siteId] ?? 'Kosh';
}

/** @param {unknown} error */
function showRefusal(error) {
  const { statusCode, statusMessage } = describeError(error);
  showStatus('error', 'Refused by the API', [
    definitionList([
      ['Code', code(statusCode)],
      ['Message', statusMessage || '(none)'],
    ]),
  ]);
}

/** @type {Promise<PraveshClient> | undefined} */
let clientPromise;

/** One client per page; a failed start (API down) is retried by the next click. */
function getClient() {
  clientPromise ??= (async () => {
    const sdk = window.Pravesh;
    if (!sdk) throw new Error(`The SDK did not load from ${config.apiUrl}/sdk/pravesh.js`);
    const client = sdk.createPravesh({
      apiBaseUrl: config.apiUrl,
      siteId: config.siteId,
      environment: config.environment,
    });
    await client.init();
    return client;
  })().catch((/** @type {unknown} */ error) => {
    clientPromise = undefined;
    throw error;
  });
  return clientPromise;
}

/**
 * Runs one button's action with the button marked busy, so a double click sends once.
 * @param {HTMLButtonElement} button
 * @param {() => Promise<void>} action
 */
async function withBusy(button, action) {
  if (button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  try {
    await action();
  } finally {
    button.removeAttribute('aria-busy');
  }
}

async function sendShieldedEvent() {
  showStatus('pending', 'Sending a shielded event…');
  try {
    const client = await getClient();
    const receipt = await client.track({
      event: 'shieldDemo',
      category: 'demo',
      action: 'send',
      label: 'send-shielded-event',
      pageType: 'homepage',
      pageUrl: location.href,
      occurredAt: new Date().toISOString(),
    });
    showStatus('success', 'Event stored', [
      definitionList([
        ['Event ID', code(receipt.eventId)],
        ['Stored at', timeElement(receipt.storedAt)],
      ]),
    ]);
  } catch (error) {
    showRefusal(error);
  }
}

/**
 * Changes one character in the middle of the signature. Not the last one: its low bits are
 * padding that base64url decoders ignore, so changing it may leave the signature intact.
 * @param {string} token
 */
export function corruptSignature(token) {
  const signatureStart = token.lastIndexOf('.') + 1;
  const index = signatureStart + Math.floor((token.length - signatureStart) / 2);
  const replacement = token[index] === 'A' ? 'B' : 'A';
  return `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
}

/** Sends the same kind of event by hand, with a pass token whose signature no longer matches. */
async function sendTamperedEvent() {
  showStatus('pending', 'Sending the event with a tampered token…');
  try {
    const client = await getClient();
    const token = corruptSignature(await client.getPassToken());
    const eventId = window.Pravesh?.randomUuid() ?? crypto.randomUUID();
    const response = await fetch(`${config.apiUrl}${PRODUCE_EVENT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', [PASS_TOKEN_HEADER]: token },
      body: JSON.stringify([
        { eventId, event: 'shieldDemo', category: 'demo', action: 'tamper', pageType: 'homepage' },
      ]),
    });
    const body = /** @type {{ status?: boolean; statusCode?: string; statusMessage?: string }} */ (
      await response.json()
    );
    if (body.status === true || body.statusCode === 'success') {
      showStatus('error', 'The API accepted a tampered token', [
        el('p', undefined, ['This should never happen: the shield did not check the signature.']),
      ]);
      return;
    }
    showRefusal({ statusCode: body.statusCode ?? `HTTP ${response.status}`, statusMessage: body.statusMessage });
  } catch (error) {
    showRefusal(error);
  }
}

/**
 * A product button records the visitor's interest as an analytics event and thanks them in the
 * words of its data-done attribute; the event's id stays between the page and the API.
 * @param {HTMLButtonElement} button
 */
async function sendProductInterest(button) {
  const note = /** @type {HTMLElement | null} */ (
    button.closest('.product-card, .offer-card, .hero-copy')?.querySelector('.card-note') ?? null
  );
  const product = button.dataset.product ?? 'unknown';
  if (note) {
    delete note.dataset.state;
    note.textContent = 'One moment…';
  }
  try {
    const client = await getClient();
    await client.track({
      event: 'productInterest',
      category: 'product',
      action: 'click',
      label: product,
      pageType: config.siteId === 7 ? 'creditCard' : 'homepage',
      lob: product,
      pageUrl: location.href,
    });
    if (note) {
      note.dataset.state = 'success';
      note.textContent = button.dataset.done ?? 'Thanks — we’ve saved your interest.';
    }
  } catch {
    if (note) {
      note.dataset.state = 'error';
      note.textContent = TRY_AGAIN;
    }
  }
}

/** @type {Promise<VisitorLayer> | undefined} */
let visitorPromise;

/** The visitor layer (spec 000 §1): the visitor cookie, the visit chain, tracking data on events. */
function getVisitor() {
  visitorPromise ??= getClient().then(async (client) => {
    const sdk = window.Pravesh;
    if (!sdk) throw new Error('The visitor layer is not configured for this page');
    // Shared storage over the cross-storage hub page the API serves (apps/hub); the visitor cookie
    // keys come with the site's shield config.
    const layer = await sdk.loadVisitorLayer(client, { hubUrl: `${config.apiUrl}/hub` });
    await layer.start();
    return layer;
  });
  return visitorPromise;
}

/** @type {Promise<SignOn> | undefined} */
let signOnPromise;

/**
 * The sign-on client (spec 000 §3 "Sign-on configuration"): this site's OAuth client on the
 * accounts host, the full sign-in journey in the widget, and the visitor layer to link the customer to.
 */
function getSignOn() {
  signOnPromise ??= getClient()
    .then((client) => {
      const sdk = /** @type {NonNullable<typeof window.Pravesh>} */ (window.Pravesh);
      return sdk.loadSignOn(
        client,
        {
          clientId: config.ssoClientId,
          scope: ['myaccount'],
          redirectLoginUri: `${location.origin}/`,
          redirectLogoutUri: `${location.origin}/`,
          accountsUrl: config.apiUrl,
          journeyType: 'JOURNEY',
        },
        { visitor: getVisitor() },
      );
    })
    .catch((/** @type {unknown} */ error) => {
      signOnPromise = undefined;
      throw error;
    });
  return signOnPromise;
}

const account = /** @type {HTMLElement} */ (document.getElementById('account'));
const pageNotice = /** @type {HTMLElement | null} */ (document.getElementById('page-notice'));
const accountText = /** @type {HTMLElement} */ (document.getElementById('account-text'));
const signInButton = /** @type {HTMLButtonElement} */ (document.getElementById('sign-in'));
const signOutButton = /** @type {HTMLButtonElement} */ (document.getElementById('sign-out'));

/** "98******10": the customer recognises their number; a passer-by cannot read it off the screen. */
export function maskMobile(/** @type {string} */ mobileNo) {
  return mobileNo.length < 6 ? '******' : `${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`;
}

/**
 * The header's account area. Every state keeps the same small footprint (a skeleton while the
 * session is checked, a button, or an avatar with the masked number), and a message hangs below
 * the header as a bubble, so the header never overflows.
 * @param {SignOnSession | undefined} session
 * @param {string} [note] a message about sign-in (a sign-in that did not finish)
 */
function showAccount(session, note) {
  account.dataset.state = session ? 'signed-in' : note ? 'notice' : 'signed-out';
  if (session) {
    accountText.replaceChildren(
      el('span', 'visually-hidden', ['Signed in as ']),
      el('strong', undefined, [maskMobile(session.mobileNo)]),
    );
  } else if (note) {
    accountText.replaceChildren(note);
  } else {
    accountText.replaceChildren(el('span', 'visually-hidden', ['Not signed in']));
  }
  signInButton.hidden = Boolean(session);
  signOutButton.hidden = !session;
}

/** Sign-in results a customer may meet, in their words (the SDK's error codes stay in the console). */
const SIGN_IN_FAILED = 'Sign-in didn’t finish. Please try again.';
const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable right now. Please try again in a few minutes.';

async function signIn() {
  try {
    const signOn = await getSignOn();
    const result = await signOn.signIn();
    if (result.status === 'signedIn') {
      showAccount(result.session);
      signOutButton.focus();
    } else if (result.status === 'failed') {
      showAccount(undefined, SIGN_IN_FAILED);
    }
  } catch {
    showAccount(undefined, SIGN_IN_UNAVAILABLE);
  }
}

async function signOut() {
  const signOn = await getSignOn();
  signOn.logout();
}

/**
 * The recent-activity rows of the demo sites: both stand in for a credit-card journey, so they
 * get the credit-card title; the product site list (core) does not include them.
 */
const DEMO_ACTIVITY_SITES = [
  { siteId: 2, title: 'Credit Card', subtitle: 'Continue your credit card application', icon: 'credit-card' },
  { siteId: 7, title: 'Credit Card', subtitle: 'Continue your credit card application', icon: 'credit-card' },
];
const recentList = /** @type {HTMLUListElement | null} */ (document.getElementById('recent-activity-list'));
const recentNote = /** @type {HTMLElement | null} */ (document.getElementById('recent-activity-note'));
const startApplication = /** @type {HTMLButtonElement | null} */ (document.getElementById('start-cc-application'));

async function showRecentActivity() {
  if (!recentList || !recentNote) return;
  const layer = await getVisitor();
  const rows = await layer.recentActivity({ sites: DEMO_ACTIVITY_SITES });
  recentList.replaceChildren(
    ...rows.map((row) => {
      const title = row.itemTitle ?? row.title;
      const note = el('span', 'card-note', [`${row.itemSubtitle ?? row.subtitle} · on ${siteLabel(row.siteId)}`]);
      // A closed application (withdrawn in My Account, say) has nothing to continue: its status
      // instead of a link, as the nudge shows it (core recent-activity closedLabel).
      if (row.closedLabel) {
        return el('li', undefined, [
          el('strong', undefined, [title]),
          note,
          el('span', 'pill pill-closed', [row.closedLabel]),
        ]);
      }
      const link = el('a', undefined, [title]);
      link.setAttribute('href', row.continueUrl);
      return el('li', undefined, [link, note]);
    }),
  );
  delete recentNote.dataset.state;
  recentNote.textContent = rows.length === 0 ? 'No recent activity yet.' : '';
}

async function startCreditCardApplication() {
  if (!recentNote) return;
  recentNote.textContent = 'Saving…';
  try {
    const layer = await getVisitor();
    await layer.storage.setItem({
      id: `cc-${Date.now().toString(36)}`,
      type: 'lead',
      product: 'CC',
      title: `Credit card application from ${siteLabel(config.siteId)}`,
      continueUrl: `${location.origin}/?continue=cc`,
    });
    await showRecentActivity();
  } catch {
    recentNote.dataset.state = 'error';
    recentNote.textContent = TRY_AGAIN;
  }
}

if (startApplication) {
  startApplication.addEventListener('click', () => void withBusy(startApplication, startCreditCardApplication));
}
/** Shows the list, or says it could not be read. */
function refreshRecentActivity() {
  showRecentActivity().catch(() => {
    if (!recentNote) return;
    recentNote.dataset.state = 'error';
    recentNote.textContent = 'We couldn’t load your recent activity just now.';
  });
}
refreshRecentActivity();
// The customer's entries from other sites can land after the first read (spec 000 §4 sync flag: on
// a new device, this site merges them once its silent sign-on has its access token).
getVisitor().then(
  (layer) => layer.onMerged(refreshRecentActivity),
  () => {},
);
sendButton.addEventListener('click', () => void withBusy(sendButton, sendShieldedEvent));
signInButton.addEventListener('click', () => void withBusy(signInButton, signIn));
signOutButton.addEventListener('click', () => void withBusy(signOutButton, signOut));
tamperButton.addEventListener('click', () => void withBusy(tamperButton, sendTamperedEvent));
for (const button of document.querySelectorAll('button[data-product]')) {
  if (button instanceof HTMLButtonElement) {
    button.addEventListener('click', () => void withBusy(button, () => sendProductInterest(button)));
  }
}

// The nudge: score, offers and recent activity at the side of every demo page. The
// SDK queues it and adds the widget script only after the page's load event or first interaction.
getClient()
  .then((client) =>
    window.Pravesh?.loadNudge(client, {
      signOn: getSignOn(),
      visitor: getVisitor(),
      recentActivity: { sites: DEMO_ACTIVITY_SITES },
      links: {
        creditReport: `${location.origin}/#credit-score`,
        offers: `${location.origin}/#${config.siteId === 7 ? 'cards' : 'loans'}`,
        dashboard: `${location.origin}/`,
      },
    }),
  )
  .catch(() => {});

// A session from another site (or an earlier visit) is picked up on load (spec 000 §4 "Session exists").
getSignOn()
  .then(async (signOn) => {
    const { session } = await signOn.autoInit();
    showAccount(session);
    signOn.subscribe((snapshot) => showAccount(snapshot.session));
  })
  // Signed out as far as the page can tell: the Sign in button says the rest when pressed.
  .catch(() => showAccount(undefined));

getClient().then(
  (client) =>
    showStatus('ready', 'Shield ready', [
      el('p', undefined, [
        `Site ${client.siteId} (${config.siteName}) has its shield config. Press “Send a shielded event” to try it.`,
      ]),
    ]),
  (error) => {
    showRefusal(error);
    // The API is out of reach: say so once, in plain words, above the page.
    if (pageNotice) {
      pageNotice.textContent =
        'Some features are unavailable right now. You can keep browsing; please try again in a few minutes.';
      pageNotice.hidden = false;
    }
  },
);

// --- The developer panel: behind the footer's "Developer" button, out of customers' way ---------
const developerToggle = /** @type {HTMLButtonElement | null} */ (document.getElementById('developer-toggle'));
const developerPanel = document.getElementById('developer');

/** @param {boolean} open */
function showDeveloperPanel(open) {
  if (!developerToggle || !developerPanel) return;
  developerPanel.hidden = !open;
  developerToggle.setAttribute('aria-expanded', String(open));
}

developerToggle?.addEventListener('click', () => {
  const open = developerToggle.getAttribute('aria-expanded') !== 'true';
  showDeveloperPanel(open);
  if (open) developerPanel?.scrollIntoView({ block: 'start' });
});
// A link to #developer (the README's) opens it.
if (location.hash === '#developer') showDeveloperPanel(true);

// The consent demo (consent.js) uses this page's one client, sign-on client and visitor layer.
export { getClient, getSignOn, getVisitor };
