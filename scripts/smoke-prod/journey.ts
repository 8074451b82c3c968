/**
 * The customer's side of the production smoke (scripts/smoke-prod.sh starts everything and runs this):
 * every request goes through nginx to the two compiled instances, from loopback addresses of its
 * own (127.0.0.2 the customer, 127.0.0.3 a neighbour) so that the client is not nginx (127.0.0.1,
 * the instances' only trusted proxy), and every request carries a forged X-Forwarded-For naming
 * another address. It proves that (docs/operations.md "Behind nginx"):
 *  - a customer signs in (OTP through the SMS gateway's webhook, authorize with PKCE, code exchange),
 *    records a consent and an analytics event;
 *  - the consent ledger holds the client's own address (as its keyed hash), not the forged one and
 *    not nginx's;
 *  - live chat's server-sent events pass nginx as they happen (not buffered): the customer's stream,
 *    held open on one instance, hears the messages the customer sends, whichever instance takes them
 *    (fanned out by PostgreSQL LISTEN/NOTIFY, decision 0008);
 *  - the per-address OTP limit counts the client's address: forging a new one per request does not
 *    dodge it, and a neighbour behind the same nginx keeps its own allowance.
 * Reads the instances' production environment (the shield keys sign its pass token, as
 * `npm run pass-token` does) and SMOKE_PROXY_URL, SMOKE_SMS_MESSAGES, SMOKE_CONTRACT_ID,
 * SMOKE_CLIENT_ID, SMOKE_REDIRECT_URI, SMOKE_SITE_ORIGIN.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { CONSENT_ROUTES, ERRORS, PASS_TOKEN_HEADER, SSO_ROUTES, SUPPORT_ROUTES, sealForSite } from '@pravesh/core';
import { ACCESS_TOKEN_HEADER } from '../../apps/server/src/auth/customer-auth.ts';
import { loadConfig } from '../../apps/server/src/config/index.ts';
import { issuePassToken } from '../../apps/server/src/modules/shield/issue-token.ts';
import { createKeyring } from '../../apps/server/src/lib/keyring.ts';

const SITE_ID = 2;
const CUSTOMER_IP = '127.0.0.2';
const NEIGHBOUR_IP = '127.0.0.3';
const NGINX_IP = '127.0.0.1';
const PRODUCE_ROUTE = '/MSP/api/v1/pbguc/event/produce';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run scripts/smoke-prod.sh)`);
  return value;
}

const proxy = new URL(required('SMOKE_PROXY_URL'));
const smsMessages = required('SMOKE_SMS_MESSAGES');
const contractId = required('SMOKE_CONTRACT_ID');
const clientId = required('SMOKE_CLIENT_ID');
const redirectUri = required('SMOKE_REDIRECT_URI');
const siteOrigin = required('SMOKE_SITE_ORIGIN');
const config = loadConfig(process.env);

/** A documentation address (RFC 5737): what a client would claim to dodge a limit. */
function forgedAddress(): string {
  return `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
}

interface Answer {
  status: number;
  setCookies: string[];
  body: { status?: boolean; statusCode?: string; response?: Record<string, unknown> };
}

/** One request through nginx from `from` (a loopback address), with a forged X-Forwarded-For. */
function call(from: string, path: string, headers: Record<string, string>, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: proxy.hostname,
        port: proxy.port,
        path,
        method: 'POST',
        localAddress: from,
        timeout: 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: siteOrigin,
          'x-forwarded-for': forgedAddress(),
          ...headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({
              status: incoming.statusCode ?? 0,
              setCookies: incoming.headers['set-cookie'] ?? [],
              body: JSON.parse(text) as Answer['body'],
            });
          } catch {
            reject(new Error(`${path} answered ${incoming.statusCode} with no JSON: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${path} timed out`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

interface EventStream {
  /** Resolves with the first event (its data, parsed) that `wanted` accepts, or fails after `ms`. */
  next(wanted: (data: Record<string, unknown>) => boolean, ms: number): Promise<Record<string, unknown>>;
  close(): void;
}

/** A server-sent-events stream through nginx (GET), read as it arrives. */
function openEvents(from: string, path: string, headers: Record<string, string>): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: proxy.hostname,
        port: proxy.port,
        path,
        method: 'GET',
        localAddress: from,
        headers: { accept: 'text/event-stream', origin: siteOrigin, 'x-forwarded-for': forgedAddress(), ...headers },
      },
      (incoming) => {
        if (incoming.statusCode !== 200 || !String(incoming.headers['content-type']).startsWith('text/event-stream')) {
          reject(new Error(`${path} answered ${incoming.statusCode} ${incoming.headers['content-type']}`));
          incoming.resume();
          return;
        }
        const events: Record<string, unknown>[] = [];
        const waiting: (() => void)[] = [];
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const data = text
              .slice(0, end)
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('\n');
            text = text.slice(end + 2);
            if (data) events.push(JSON.parse(data) as Record<string, unknown>);
          }
          for (const wake of waiting.splice(0)) wake();
        });
        resolve({
          async next(wanted, ms) {
            const deadline = Date.now() + ms;
            for (;;) {
              const found = events.find(wanted);
              if (found) return found;
              const left = deadline - Date.now();
              if (left <= 0) throw new Error(`${path}: no such event within ${ms} ms (heard ${events.length})`);
              await new Promise<void>((wake) => {
                const timer = setTimeout(wake, left);
                waiting.push(() => {
                  clearTimeout(timer);
                  wake();
                });
              });
            }
          },
          close: () => outgoing.destroy(),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function expectOk(answer: Answer, what: string): Record<string, unknown> {
  if (answer.status !== 200 || !answer.body.response) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body.response;
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
  console.log(`  ok  ${what}`);
}

const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
const siteKey = await keyring.siteKey(keyring.activeKid, SITE_ID);
const pass = await issuePassToken({
  keyring,
  siteId: SITE_ID,
  validitySeconds: config.sites.get(SITE_ID)!.passTokenValidity,
});
const visitorId = randomUUID();
const visitId = randomUUID();
let numbers = 0;
const nextMobile = () => `94${String((Date.now() + numbers++) % 100_000_000).padStart(8, '0')}`;

/** Asks for a code for a new number from `from`; the SMS gateway receives it. */
async function sendOtp(from: string): Promise<{ mobileNo: string; answer: Answer }> {
  const mobileNo = nextMobile();
  const authorizationKey = await sealForSite(siteKey, 'authorization-key', {
    siteId: SITE_ID,
    timestamp: Date.now(),
    mobileNo,
  });
  const answer = await call(
    from,
    SSO_ROUTES.otp,
    { [PASS_TOKEN_HEADER]: pass, 'site-id': String(SITE_ID), 'authorization-key': authorizationKey },
    { mobileNo, visitorId, visitId },
  );
  return { mobileNo, answer };
}

/** The code the gateway received for `mobileNo` (the instance awaits the webhook before answering). */
function receivedCode(mobileNo: string): string {
  const lines = readFileSync(smsMessages, 'utf8').split('\n').filter(Boolean);
  const message = lines
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .findLast((sms) => sms.to === `+91${mobileNo}`);
  const code = message?.text.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`the SMS gateway has no code for ${mobileNo}`);
  return code;
}

const ipHash = (ip: string) => createHmac('sha256', config.piiHashKey).update(`ip\u0000${ip}`).digest('hex');

console.log(`through nginx at ${proxy.origin}:`);

// Sign in: OTP, authorize with PKCE, code exchange (README "Sign-in").
const sent = await sendOtp(CUSTOMER_IP);
expectOk(sent.answer, 'OTP send');
const verifier = randomBytes(32).toString('base64url');
const authorized = await call(
  CUSTOMER_IP,
  SSO_ROUTES.authorize,
  { [PASS_TOKEN_HEADER]: pass },
  {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'smoke',
    visitorId,
    visitId,
    mobileNo: sent.mobileNo,
    otp: receivedCode(sent.mobileNo),
  },
);
const { code } = expectOk(authorized, 'authorize') as { code: string };
const exchanged = expectOk(
  await call(
    CUSTOMER_IP,
    `${SSO_ROUTES.getSsoToken}?guc=true`,
    { [PASS_TOKEN_HEADER]: pass },
    { authorizationCode: code, code_verifier: verifier, redirect_uri: redirectUri },
  ),
  'code exchange',
) as { accessToken: string; customerId: string };
check(
  authorized.setCookies.some((cookie) => cookie.startsWith('PB_GLSS_TOKEN=') && /;\s*secure/i.test(cookie)),
  'signed in: a production session cookie (PB_GLSS_TOKEN, Secure) and an access token',
);

// A consent, as the consent panel records it: check for the latest version, then accept it.
const customer = { [PASS_TOKEN_HEADER]: pass, [ACCESS_TOKEN_HEADER]: exchanged.accessToken };
const checked = expectOk(
  await call(CUSTOMER_IP, CONSENT_ROUTES.check, customer, {
    contractId,
    visitorId,
    visitId,
    customerId: exchanged.customerId,
  }),
  'consent check',
) as { contractData: { contractVersionId: string } };
expectOk(
  await call(CUSTOMER_IP, CONSENT_ROUTES.userConsent, customer, {
    contractId,
    contractVersionId: checked.contractData.contractVersionId,
    customerId: exchanged.customerId,
    visitorId,
    visitId,
    userValue: 'Y',
    consentState: 1,
  }),
  'consent',
);
const history = expectOk(
  await call(CUSTOMER_IP, CONSENT_ROUTES.history, customer, { customerId: exchanged.customerId }),
  'consent history',
) as { entries: { contractId: string; ipHash: string | null }[] };
const entry = history.entries.find((item) => item.contractId === contractId);
// Equal to the client's own address's hash, so neither nginx's nor the forged one's.
check(
  entry?.ipHash === ipHash(CUSTOMER_IP) && ipHash(CUSTOMER_IP) !== ipHash(NGINX_IP),
  `consent recorded; the ledger holds the client's ${CUSTOMER_IP}, not nginx's ${NGINX_IP} nor the forged 203.0.113.x`,
);

// An analytics event.
const produced = expectOk(
  await call(CUSTOMER_IP, PRODUCE_ROUTE, { [PASS_TOKEN_HEADER]: pass }, [
    { event: 'smoke_signed_in', category: 'smoke', visitorId, visitId },
  ]),
  'event produce',
) as { eventId: string; storedAt: string };
check(typeof produced.storedAt === 'string', `analytics event ${produced.eventId} stored`);

// Live chat through nginx: the stream stays open on one instance while each message is sent through
// the next (nginx takes turns), and every one arrives on the stream within seconds.
const chat = expectOk(await call(CUSTOMER_IP, SUPPORT_ROUTES.chatAllocation, customer, {}), 'chat allocation') as {
  chatId: string;
};
const stream = await openEvents(CUSTOMER_IP, `${SUPPORT_ROUTES.chatEvents}?chatId=${chat.chatId}`, customer);
try {
  await stream.next((event) => event.type === 'state', 5_000);
  for (const text of ['Hello, is anyone there?', 'I have a question about my report.']) {
    const messageId = randomUUID();
    expectOk(
      await call(CUSTOMER_IP, SUPPORT_ROUTES.chatSend, customer, { chatId: chat.chatId, messageId, text }),
      'chat message',
    );
    await stream.next(
      (event) => event.type === 'message' && (event.message as { messageId?: string }).messageId === messageId,
      5_000,
    );
  }
  check(true, 'live chat: two messages sent through nginx arrived on the open event stream as they were sent');
} finally {
  stream.close();
}
expectOk(await call(CUSTOMER_IP, SUPPORT_ROUTES.chatRelease, customer, { chatId: chat.chatId }), 'chat release');

// The per-address OTP limit: the customer has one send so far; a new forged address on every request.
const limit = config.sso.otp.maxSendsPerIpPerHour;
for (let sends = 1; sends < limit; sends += 1) expectOk((await sendOtp(CUSTOMER_IP)).answer, `OTP send ${sends + 1}`);
const refused = (await sendOtp(CUSTOMER_IP)).answer;
check(
  refused.status === 429 && refused.body.statusCode === ERRORS.otpRateLimited.code,
  `OTP send ${limit + 1} from ${CUSTOMER_IP} refused (${refused.status} ${refused.body.statusCode}) although each named another address`,
);
const neighbour = (await sendOtp(NEIGHBOUR_IP)).answer;
check(neighbour.status === 200, `a neighbour at ${NEIGHBOUR_IP} behind the same nginx still gets its code`);
