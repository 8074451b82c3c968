import { gunzipSync } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_RIGHTS_CONTRACT_ID,
  DATA_RIGHTS_ROUTES,
  MY_ACCOUNT_ROUTES,
  type AccountDeletionResponse,
  type DataExportFile,
  type DataExportResponse,
} from '@pravesh/core';
import { consentLedger } from '../../db/schema/consent.ts';
import { ssoSessions } from '../../db/schema/sso.ts';
import { signInCustomer } from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';
import { TWO_INSTANCES_AVAILABLE, startTwoInstances, type TwoInstances } from '../../test/two-instances.ts';

const DAY = 86_400_000;

/**
 * DPDP Act 2023 §11–§12 on two instances behind one load balancer (decision 0009): both run the
 * data-rights ticker, so each export is built once and each erasure runs once (the claim leases in
 * store.ts), whichever instance the customer asked and whichever the download or the next call
 * reaches; after the erasure the customer's token is refused on both.
 */
describe.skipIf(!TWO_INSTANCES_AVAILABLE)('data-protection rights on two instances (PostgreSQL + Redis)', () => {
  let servers: TwoInstances;
  beforeAll(async () => {
    servers = await startTwoInstances({
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000', PRAVESH_DATA_RIGHTS_WORKER_MS: '20' },
    });
  }, 180_000);
  afterAll(() => servers?.close());

  const ledgerActions = async (customerId: string) =>
    (
      await servers.a.database.db
        .select({ action: consentLedger.action })
        .from(consentLedger)
        .where(and(eq(consentLedger.customerId, customerId), eq(consentLedger.contractId, DATA_RIGHTS_CONTRACT_ID)))
        .orderBy(consentLedger.seq)
    ).map((row) => row.action);

  it('builds an export asked on one instance once, downloadable from the other', async () => {
    const [a, b] = [testClient(servers.a), testClient(servers.b)];
    const ana = await signInCustomer(servers.a);
    const ravi = await signInCustomer(servers.b);

    expect((await a.post(DATA_RIGHTS_ROUTES.dataExport, { accessToken: ana.accessToken, body: {} })).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await b.get<DataExportResponse>(DATA_RIGHTS_ROUTES.dataExport, { accessToken: ana.accessToken })).body
            .response?.export?.status,
        { timeout: 10_000 },
      )
      .toBe('READY');
    const ready = (await b.get<DataExportResponse>(DATA_RIGHTS_ROUTES.dataExport, { accessToken: ana.accessToken }))
      .body.response!.export!;
    const file = await b.get<DataExportFile>(ready.downloadPath!, { accessToken: ana.accessToken });
    expect(file.status).toBe(200);
    const content = JSON.parse(gunzipSync(Buffer.from(file.body.response!.dataBase64, 'base64')).toString('utf8')) as {
      account: unknown;
    };
    expect(content.account).toMatchObject({ customerId: ana.customerId });
    // Another customer, on either instance, cannot reach it.
    for (const client of [a, b]) {
      expect(await client.get(ready.downloadPath!, { accessToken: ravi.accessToken })).toMatchObject({
        status: 404,
        body: { statusCode: 'dataExportNotFound' },
      });
    }
    // Both tickers saw the request; one built it.
    expect(await ledgerActions(ana.customerId)).toEqual(['export_requested', 'export_ready']);
  });

  it('erases an account once, whichever instance was asked, and its token is refused on both', async () => {
    const [a, b] = [testClient(servers.a), testClient(servers.b)];
    const ana = await signInCustomer(servers.a);
    const ravi = await signInCustomer(servers.a);
    // Both instances have answered the token, so each may hold it as live in its cache.
    for (const client of [a, b]) {
      expect((await client.post(MY_ACCOUNT_ROUTES.session, { accessToken: ana.accessToken, body: {} })).status).toBe(
        200,
      );
    }

    const asked = await b.post<AccountDeletionResponse>(DATA_RIGHTS_ROUTES.accountDeletion, {
      accessToken: ana.accessToken,
      body: {},
    });
    expect(asked.body.response!.request).toMatchObject({ status: 'SCHEDULED' });
    servers.clock.advance(7 * DAY + 1000);
    await expect.poll(() => ledgerActions(ana.customerId), { timeout: 10_000 }).toContain('erased');
    // Give both tickers time for another round: the erasure must not run twice.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ledgerActions(ana.customerId)).toEqual(['erasure_requested', 'erased']);

    // Sessions revoked: the token is refused on both (its lifetime has not run out: a fresh
    // sign-in by another customer after the same clock jump still works on both).
    const bea = await signInCustomer(servers.b);
    for (const client of [a, b]) {
      const refused = await client.post(MY_ACCOUNT_ROUTES.session, { accessToken: ana.accessToken, body: {} });
      expect(refused.status).toBe(401);
      expect((await client.post(MY_ACCOUNT_ROUTES.session, { accessToken: bea.accessToken, body: {} })).status).toBe(
        200,
      );
    }
    const open = await servers.a.database.db
      .select({ customerId: ssoSessions.customerId })
      .from(ssoSessions)
      .where(isNull(ssoSessions.revokedAt));
    expect(open.map((row) => row.customerId)).not.toContain(ana.customerId);
    expect(open.map((row) => row.customerId)).toContain(ravi.customerId);
    expect(await ledgerActions(ravi.customerId)).toEqual([]);
  });
});
