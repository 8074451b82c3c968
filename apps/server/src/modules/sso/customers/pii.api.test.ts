import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { ConfigError, loadConfig } from '../../../config/index.ts';
import { ssoCustomers, ssoPiiBackfill } from '../../../db/schema/sso.ts';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { TEST_DEPLOYMENT_SECRETS } from '../../../test/secrets.ts';
import { exchange, latestOtp, sendOtp, ssoServer, authorize, type SsoTestServer } from '../../../test/customers.ts';
import { createPiiCipher } from '../../../auth/pii-cipher.ts';
import { reencryptPii } from './pii-rotation.ts';
import { createCustomerStore } from './store.ts';

const KEY_A = Buffer.alloc(32, 0xa1).toString('base64');
const KEY_B = Buffer.alloc(32, 0xb2).toString('base64url');

describe('PRAVESH_PII_KEYS', () => {
  it('has a built-in key for local only, and checks the keyring', () => {
    expect(loadConfig({}).pii.activeKid).toBe('dev-pii-2026-11');
    // Outside local every secret must be set; the error names the PII keys when they are missing.
    const { PRAVESH_PII_KEYS: _builtIn, ...otherSecrets } = TEST_DEPLOYMENT_SECRETS;
    expect(() => loadConfig({ PRAVESH_ENV: 'staging', ...otherSecrets })).toThrow(/: set PRAVESH_PII_KEYS$/);
    expect(() => loadConfig({ PRAVESH_ENV: 'fte' })).toThrow(ConfigError);
    expect(loadConfig({ PRAVESH_ENV: 'staging', ...otherSecrets, PRAVESH_PII_KEYS: `a=${KEY_A}` }).pii.activeKid).toBe(
      'a',
    );
    expect(() => loadConfig({ PRAVESH_PII_KEYS: 'a=c2hvcnQ=' })).toThrow(/not 32 bytes/);
    expect(() => loadConfig({ PRAVESH_PII_KEYS: `a=${KEY_A},a=${KEY_B}` })).toThrow(/twice/);
    expect(() => loadConfig({ PRAVESH_PII_KEYS: `a=${KEY_A}`, PRAVESH_PII_ACTIVE_KID: 'b' })).toThrow(/not in/);
  });

  it('encrypts with a fresh IV each time, binds the column, and refuses a tampered value', () => {
    const pii = createPiiCipher(loadConfig({ PRAVESH_PII_KEYS: `a=${KEY_A}` }).pii, 'h'.repeat(32));
    const one = pii.encrypt('mobile', '9876543210');
    expect(one).toMatch(/^v1\.a\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(pii.encrypt('mobile', '9876543210')).not.toBe(one);
    expect(pii.decrypt('mobile', one)).toBe('9876543210');
    expect(() => pii.decrypt('email', one)).toThrow();
    const tampered = one.slice(0, -2) + (one.endsWith('A') ? 'BB' : 'AA');
    expect(() => pii.decrypt('mobile', tampered)).toThrow();
    expect(pii.hash('mobile', '+91 98765-43210')).toBe(pii.hash('mobile', '9876543210'));
    expect(pii.hash('email', ' A@Example.in ')).toBe(pii.hash('email', 'a@example.in'));
  });
});

/** Numbers and emails are stored encrypted, found by keyed hash, and keys rotate. */
describe.each(DATABASE_KINDS)('personal data at rest on %s', (kind) => {
  let server: SsoTestServer;
  const others: FastifyInstance[] = [];
  let n = 0;
  const nextMobile = () => `92${String(10_000_000 + n++).slice(-8)}`;

  /** Another instance on the same database with other keys (a restart after a configuration change). */
  async function instance(env: Record<string, string>): Promise<FastifyInstance> {
    const config = loadConfig({
      PRAVESH_ENV: 'local',
      PRAVESH_DATA_DIR: '/nonexistent',
      PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000',
      ...env,
    });
    const app = await buildApp(
      { ...config, sso: { ...config.sso, rateLimitPrefix: server.config.sso.rateLimitPrefix } },
      { database: server.database, logger: false, now: server.clock.now },
    );
    await app.ready();
    others.push(app);
    return app;
  }

  async function signIn(view: SsoTestServer, mobileNo: string) {
    server.clock.advance(31_000); // past the resend wait of an earlier sign-in
    expect((await sendOtp(view, mobileNo)).statusCode).toBe(200);
    const reply = await authorize(view, { mobileNo, otp: await latestOtp(view, mobileNo) });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ response: { code: string; customerId: string } }>().response;
  }

  const rowOf = async (customerId: string) =>
    (await server.database.db.select().from(ssoCustomers).where(eq(ssoCustomers.customerId, customerId)))[0]!;

  beforeAll(async () => {
    server = await ssoServer(kind, {
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000', PRAVESH_PII_KEYS: `a=${KEY_A}` },
    });
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await server?.close();
  });

  it('keeps no number or email in clear, and finds customers by keyed hash', async () => {
    const mobileNo = nextMobile();
    const { customerId, code } = await signIn(server, mobileNo);
    const store = createCustomerStore(server.database.db, server.clock.now, {
      pii: createPiiCipher(server.config.pii, server.config.piiHashKey),
    });
    await store.update(customerId, { email: 'Someone@Example.in' });
    const row = await rowOf(customerId);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(mobileNo);
    expect(stored.toLowerCase()).not.toContain('someone@example.in');
    expect(row.mobileEnc).toMatch(/^v1\.a\./);
    expect(row.emailEnc).toMatch(/^v1\.a\./);
    expect(row.mobileHash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing in the whole table (any column) holds the number.
    const dump = await server.database.db.execute(sql`select * from sso_customers`);
    expect(JSON.stringify(dump)).not.toContain(mobileNo);
    // The exchange still answers the number; a second sign-in finds the same customer.
    expect((await exchange(server, { authorizationCode: code })).json()).toMatchObject({
      response: { customerId, mobileNo },
    });
    expect((await signIn(server, mobileNo)).customerId).toBe(customerId);
    expect(await store.byEmail('someone@example.IN')).toMatchObject({
      customerId,
      mobileNo,
      email: 'someone@example.in',
    });
  });

  it('reads rows written under kid a after kid b becomes active, and re-encrypts them under b', async () => {
    const mobileNo = nextMobile();
    const { customerId } = await signIn(server, mobileNo);
    expect((await rowOf(customerId)).mobileEnc).toMatch(/^v1\.a\./);

    const rotated = await instance({ PRAVESH_PII_KEYS: `a=${KEY_A},b=${KEY_B}`, PRAVESH_PII_ACTIVE_KID: 'b' });
    const view = { ...server, app: rotated };
    // The old row is found and read; a new customer is written under b.
    const again = await signIn(view, mobileNo);
    expect(again.customerId).toBe(customerId);
    expect((await exchange(view, { authorizationCode: again.code })).json()).toMatchObject({
      response: { customerId, mobileNo },
    });
    const fresh = nextMobile();
    const created = await signIn(view, fresh);
    expect((await rowOf(created.customerId)).mobileEnc).toMatch(/^v1\.b\./);

    // Re-encryption moves what is left under a to b; then a can leave the ring.
    const pii = createPiiCipher(
      loadConfig({ PRAVESH_PII_KEYS: `a=${KEY_A},b=${KEY_B}`, PRAVESH_PII_ACTIVE_KID: 'b' }).pii,
      server.config.piiHashKey,
    );
    expect((await reencryptPii(server.database.db, pii)).rewritten).toBeGreaterThan(0);
    expect((await rowOf(customerId)).mobileEnc).toMatch(/^v1\.b\./);
    const onlyB = await instance({ PRAVESH_PII_KEYS: `b=${KEY_B}` });
    expect((await signIn({ ...server, app: onlyB }, mobileNo)).customerId).toBe(customerId);
  });

  it('encrypts at start the values migration 0012 set aside in clear', async () => {
    const mobileNo = nextMobile();
    const customerId = randomUUID();
    const at = new Date(server.clock.now());
    // What migration 0012 leaves for a customer still in clear: a row without its number, which waits aside.
    await server.database.db.insert(ssoCustomers).values({ customerId, createdAt: at, updatedAt: at });
    await server.database.db.insert(ssoPiiBackfill).values([
      { source: 'customer', rowKey: customerId, field: 'mobile', value: mobileNo },
      { source: 'customer', rowKey: customerId, field: 'email', value: 'Legacy@Example.in' },
    ]);
    const restarted = await instance({ PRAVESH_PII_KEYS: `a=${KEY_A},b=${KEY_B}`, PRAVESH_PII_ACTIVE_KID: 'b' });
    const row = await rowOf(customerId);
    expect(JSON.stringify(row)).not.toContain(mobileNo);
    expect(JSON.stringify(row).toLowerCase()).not.toContain('legacy@example.in');
    expect(row.mobileEnc).toMatch(/^v1\.b\./);
    expect(row.emailEnc).toMatch(/^v1\.b\./);
    expect(await server.database.db.$count(ssoPiiBackfill)).toBe(0);
    expect((await signIn({ ...server, app: restarted }, mobileNo)).customerId).toBe(customerId);
  });
});
