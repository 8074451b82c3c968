import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingZeroBits, solveProofOfWork, type OtpChallenge } from '@pravesh/core';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/index.ts';
import { DATABASE_KINDS, type DatabaseKind } from '../../../test/instance.ts';
import {
  createClock,
  latestOtp,
  sendOtp,
  ssoServer,
  type Clock,
  type OtpCallOptions,
  type SsoTestServer,
} from '../../../test/customers.ts';
import { type Envelope } from '../../../test/client.ts';

const REDIS_URL = process.env.REDIS_URL;

type Setup = { name: string; kind: DatabaseKind; redis: boolean };
const SETUPS: Setup[] = [
  ...DATABASE_KINDS.map((kind) => ({ name: `sharing one ${kind} database`, kind, redis: false })),
  ...(REDIS_URL ? [{ name: 'sharing Redis', kind: 'pglite' as const, redis: true }] : []),
];

/** Two instances on one clock sharing a database (and Redis, when set) and a fresh key prefix. */
async function twoInstances(setup: Setup, clock: Clock, budgets: Record<string, string>) {
  const env = {
    PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    ...budgets,
    ...(setup.redis ? { REDIS_URL: REDIS_URL! } : {}),
  };
  const first = await ssoServer(setup.kind, { clock, env });
  const config = loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent', ...env });
  const second: FastifyInstance = await buildApp(config, { database: first.database, logger: false, now: clock.now });
  await second.ready();
  return { first, second: { ...first, app: second } satisfies SsoTestServer, close: () => second.close() };
}

/** A nonce that does not solve `challenge`. */
function unsolving(challenge: OtpChallenge): string {
  for (let nonce = 0; ; nonce++) {
    const digest = createHash('sha256')
      .update(`${challenge.challenge}:${nonce.toString(36)}`)
      .digest();
    if (leadingZeroBits(digest) < challenge.difficulty) return nonce.toString(36);
  }
}

const envelope = (reply: LightMyRequestResponse) => reply.json<Envelope<{ proofOfWork?: OtpChallenge }>>();

/** A send the way the SDK makes it: answer a challenge, if one comes, by solving it. */
async function sendSolving(server: SsoTestServer, mobileNo: string, options: OtpCallOptions) {
  const asked = await sendOtp(server, mobileNo, options);
  const challenge = envelope(asked).response?.proofOfWork;
  if (!challenge) return { asked, sent: asked };
  const nonce = await solveProofOfWork(challenge.challenge, challenge.difficulty);
  const proofOfWork = { challenge: challenge.challenge, nonce };
  return { asked, proofOfWork, sent: await sendOtp(server, mobileNo, { ...options, proofOfWork }) };
}

/**
 * SMS pumping (README "OTP"): beside the per-number and per-IP limits, which stay
 * hard, SMS sends spend an hourly budget per number prefix and one for the whole deployment,
 * shared by every instance through the rate limiter (Redis when REDIS_URL is set, else the
 * database). A budget under pressure no longer refuses everyone: each send must carry a proof of
 * work, signed for its number and address, single use.
 */
describe.each(SETUPS)('SMS send budgets across two instances $name', (setup) => {
  const clock = createClock();
  let servers: Awaited<ReturnType<typeof twoInstances>>;
  let ip = 0;
  const nextIp = () => `198.51.100.${++ip}`;

  beforeAll(async () => {
    servers = await twoInstances(setup, clock, {
      PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR: '3',
      PRAVESH_SMS_BUDGET_PER_HOUR: '1000',
    });
  });
  afterAll(async () => {
    await servers?.close();
    await servers?.first.close();
  });

  it("one address filling a prefix's budget leaves another customer in it their code, after a proof of work", async () => {
    const { first, second } = servers;
    const pumper = '198.51.100.200';
    // Prefix 91234 (the first five digits): three sends from one address, within its own allowance.
    for (const [index, server] of [first, second, first].entries()) {
      expect(envelope(await sendOtp(server, `912340000${index}`, { ip: pumper })).statusCode).toBe('success');
    }
    // A customer on another address, another instance: asked for a proof, not refused (each instance
    // keeps its own outbox).
    const customer = '9123455555';
    const { asked, sent } = await sendSolving(second, customer, { ip: '203.0.113.50' });
    expect(asked.statusCode).toBe(428);
    expect(envelope(asked)).toMatchObject({
      statusCode: 'otpProofOfWorkRequired',
      statusMessage: 'Please wait a moment and request the OTP again',
      response: { proofOfWork: { difficulty: 10, expiresInSeconds: 120 } },
    });
    expect(sent.statusCode).toBe(200);
    expect(await latestOtp(second, customer)).toMatch(/^\d{6}$/);
    // Other prefixes are not under pressure: no proof asked.
    expect(envelope(await sendOtp(first, '9876500001', { ip: nextIp() })).statusCode).toBe('success');
    clock.advance(3_600_000);
  });

  it('refuses a replayed proof on either instance, and a wrong, stale or borrowed one, each with a fresh challenge', async () => {
    const { first, second } = servers;
    for (let index = 0; index < 3; index++) await sendOtp(first, `912350000${index}`, { ip: nextIp() });
    const customerIp = '203.0.113.60';
    const { proofOfWork, sent } = await sendSolving(first, '9123566666', { ip: customerIp });
    expect(sent.statusCode).toBe(200);
    clock.advance(31_000);
    const refusals: LightMyRequestResponse[] = [
      // The same proof again, for the same number and address, on both instances.
      await sendOtp(first, '9123566666', { ip: customerIp, proofOfWork }),
      await sendOtp(second, '9123566666', { ip: customerIp, proofOfWork }),
    ];

    const asked = envelope(await sendOtp(first, '9123577777', { ip: customerIp })).response!.proofOfWork!;
    const nonce = await solveProofOfWork(asked.challenge, asked.difficulty);
    const wrong = unsolving(asked);
    refusals.push(await sendOtp(first, '9123577777', { ip: customerIp, proofOfWork: { ...asked, nonce: wrong } }));
    // Solved, but for another number, or sent from another address.
    refusals.push(await sendOtp(first, '9123588888', { ip: customerIp, proofOfWork: { ...asked, nonce } }));
    refusals.push(await sendOtp(second, '9123577777', { ip: nextIp(), proofOfWork: { ...asked, nonce } }));
    // A forged difficulty breaks the signature.
    const easier = asked.challenge.replace(/^\d+\./, '1.');
    refusals.push(await sendOtp(first, '9123577777', { ip: customerIp, proofOfWork: { challenge: easier, nonce } }));
    // Solved too late: the challenge lived two minutes.
    clock.advance(121_000);
    refusals.push(await sendOtp(second, '9123577777', { ip: customerIp, proofOfWork: { ...asked, nonce } }));

    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(400);
      expect(envelope(refusal)).toMatchObject({
        statusCode: 'otpProofOfWorkInvalid',
        statusMessage: 'This OTP request could not be confirmed. Please request the OTP again',
        response: { proofOfWork: { difficulty: 10 } },
      });
    }
    // None of them was sent; a fresh challenge solved in time is.
    const fresh = refusals.at(-1)!.json<Envelope<{ proofOfWork?: OtpChallenge }>>().response!.proofOfWork!;
    const solved = { challenge: fresh.challenge, nonce: await solveProofOfWork(fresh.challenge, fresh.difficulty) };
    expect((await sendOtp(first, '9123577777', { ip: customerIp, proofOfWork: solved })).statusCode).toBe(200);
    clock.advance(3_600_000);
  });

  it('keeps the per-number and per-IP limits hard, proof or not, and raises the difficulty with the pressure', async () => {
    const { first, second } = servers;
    const pumper = '198.51.100.201';
    // Six sends into prefix 91236 (twice its budget): the last three each with a proof.
    const difficulties: (number | undefined)[] = [];
    for (let index = 0; index < 6; index++) {
      const { asked, sent } = await sendSolving(index % 2 ? first : second, `912360000${index}`, { ip: pumper });
      difficulties.push(envelope(asked).response?.proofOfWork?.difficulty);
      expect(sent.statusCode).toBe(200);
    }
    expect(difficulties).toEqual([undefined, undefined, undefined, 10, 10, 10]);
    // Twice the budget spent: one bit more (twice the work).
    expect(envelope(await sendOtp(first, '9123600009', { ip: pumper })).response?.proofOfWork?.difficulty).toBe(11);

    // The same number within 30 s: refused however much work was done.
    const again = await sendSolving(second, '9123600005', { ip: pumper });
    expect(envelope(again.sent)).toMatchObject({ statusCode: 'otpResendTooSoon' });
    // An address past its hourly allowance (PRAVESH_OTP_IP_LIMIT_PER_HOUR, 30 by default).
    const busy = '198.51.100.202';
    // Thirty numbers in thirty prefixes (60000…89000), so no budget asks these for a proof.
    for (let index = 0; index < 30; index++) await sendOtp(first, `${60 + index}00000000`, { ip: busy });
    const over = await sendSolving(second, '9123600010', { ip: busy });
    expect(over.sent.statusCode).toBe(429);
    expect(envelope(over.sent)).toMatchObject({ statusCode: 'otpRateLimited' });
    clock.advance(3_600_000);
    // An hour later the prefix has room again: no proof asked.
    expect(envelope(await sendOtp(first, '9123600011', { ip: nextIp() })).statusCode).toBe('success');
  });
});

describe.each(SETUPS)('the deployment-wide SMS budget across two instances $name', (setup) => {
  const clock = createClock();
  let servers: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    servers = await twoInstances(setup, clock, { PRAVESH_SMS_BUDGET_PER_HOUR: '5' });
  });
  afterAll(async () => {
    await servers?.close();
    await servers?.first.close();
  });

  it('filled from one address, still leaves a customer elsewhere their code, after a proof of work', async () => {
    const { first, second } = servers;
    const pumper = '198.51.100.210';
    for (const [index, prefix] of ['91111', '92222', '93333', '94444', '95555'].entries()) {
      const server = index % 2 ? first : second;
      expect(envelope(await sendOtp(server, `${prefix}00001`, { ip: pumper })).statusCode).toBe('success');
    }
    const customer = '9666612345';
    const { asked, sent } = await sendSolving(first, customer, { ip: '203.0.113.70' });
    expect(envelope(asked)).toMatchObject({ statusCode: 'otpProofOfWorkRequired' });
    expect(sent.statusCode).toBe(200);
    expect(await latestOtp(first, customer)).toMatch(/^\d{6}$/);
  });
});
