// @ts-check
/**
 * The demo page's only script. It uses the SDK exactly as an embedding site would: the global
 * `Pravesh` from the script tag, one client per page, `track()` for analytics events.
 */

/** @typedef {import('@pravesh/sdk').Pravesh} PraveshClient */
/** @typedef {{ apiUrl: string; siteId: number; siteName: string; environment: import('@pravesh/sdk').Environment }} DemoConfig */

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

/** @param {HTMLButtonElement} button */
async function sendProductInterest(button) {
  const note = /** @type {HTMLElement | null} */ (button.nextElementSibling);
  const product = button.dataset.product ?? 'unknown';
  if (note) note.textContent = 'Saving…';
  try {
    const client = await getClient();
    const receipt = await client.track({
      event: 'productInterest',
      category: 'product',
      action: 'click',
      label: product,
      pageType: 'homepage',
      lob: product,
      pageUrl: location.href,
    });
    if (note) {
      note.dataset.state = 'success';
      note.textContent = `Interest recorded — event ${receipt.eventId.slice(0, 8)}…`;
    }
  } catch (error) {
    if (note) {
      const { statusCode, statusMessage } = describeError(error);
      note.dataset.state = 'error';
      note.textContent = `Not recorded: ${statusCode}${statusMessage ? ` — ${statusMessage}` : ''}`;
    }
  }
}

sendButton.addEventListener('click', () => void withBusy(sendButton, sendShieldedEvent));
tamperButton.addEventListener('click', () => void withBusy(tamperButton, sendTamperedEvent));
for (const button of document.querySelectorAll('button[data-product]')) {
  if (button instanceof HTMLButtonElement) {
    button.addEventListener('click', () => void withBusy(button, () => sendProductInterest(button)));
  }
}

getClient().then(
  (client) =>
    showStatus('ready', 'Shield ready', [
      el('p', undefined, [
        `Site ${client.siteId} (${config.siteName}) has its shield config. Press “Send a shielded event” to try it.`,
      ]),
    ]),
  (error) => showRefusal(error),
);
