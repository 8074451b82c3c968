import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PraveshError } from '@pravesh/core';
import type { AccessTokenClaims } from './access-tokens.ts';
import { createCustomerAuth, customerIdInBody, customerPlugin } from './customer-auth.ts';

/**
 * The "signed in or refused" route option (customer-auth.ts signedIn) on a real Fastify instance.
 * The token check itself (signatures, liveness) is access-tokens.ts's, tested there and through
 * every module's API tests; here a token is simply the name of one of two issued tokens.
 */
const ISSUED: Record<string, AccessTokenClaims> = {
  'token-of-asha': {
    jti: 'j1',
    customerId: 'CUST-ASHA',
    clientId: 'c',
    scope: 'openid myaccount',
    sessionId: 's1',
    siteId: 7,
  },
  'token-of-ravi-on-site-9': {
    jti: 'j2',
    customerId: 'CUST-RAVI',
    clientId: 'c',
    scope: 'openid',
    sessionId: 's2',
    siteId: 9,
  },
};

describe('customerAuth.signedIn', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function server(): Promise<FastifyInstance> {
    app = Fastify();
    app.decorateRequest('siteId', null);
    app.decorateRequest('pass', null);
    app.addHook('onRequest', (request, _reply, done) => {
      request.siteId = 7;
      done();
    });
    app.setErrorHandler((error, _request, reply) =>
      error instanceof PraveshError
        ? reply.status(error.status).send({ statusCode: error.code })
        : reply.status(500).send({ statusCode: 'unexpected' }),
    );
    await app.register(customerPlugin);
    const auth = createCustomerAuth((token) => {
      const claims = ISSUED[token];
      return claims ? Promise.resolve(claims) : Promise.reject(new PraveshError('tokenNotValidated'));
    });
    app.post('/signed-in', { preHandler: auth.signedIn() }, (request) => ({ id: request.customer.customerId }));
    app.post('/claimed', { preHandler: auth.signedIn({ claimedBy: customerIdInBody }) }, (request) => ({
      id: request.customer.customerId,
    }));
    // A route that forgot the option: reading the customer must refuse, not answer for nobody.
    app.post('/forgot', (request) => ({ id: request.customer.customerId }));
    return app;
  }

  const call = async (url: string, token?: string, body: object = {}) => {
    const response = await app!.inject({
      method: 'POST',
      url,
      payload: body,
      headers: token ? { 'pb-access-token': token } : {},
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };

  it('puts the verified customer on the request', async () => {
    await server();
    expect(await call('/signed-in', 'token-of-asha')).toEqual({ status: 200, body: { id: 'CUST-ASHA' } });
  });

  it('refuses no token, an unknown one and another site’s with tokenNotValidated', async () => {
    await server();
    const refused = { status: 401, body: { statusCode: new PraveshError('tokenNotValidated').code } };
    expect(await call('/signed-in')).toEqual(refused);
    expect(await call('/signed-in', 'forged')).toEqual(refused);
    expect(await call('/signed-in', 'token-of-ravi-on-site-9')).toEqual(refused);
  });

  it('holds a claimed customer id to the token’s customer', async () => {
    await server();
    expect(await call('/claimed', 'token-of-asha', { customerId: 'cust-asha' })).toMatchObject({ status: 200 });
    expect(await call('/claimed', 'token-of-asha', { customerId: 'CUST-RAVI' })).toMatchObject({ status: 401 });
    expect(await call('/claimed', 'token-of-asha')).toMatchObject({ status: 200 });
  });

  it('refuses a route that reads the customer without asking for one', async () => {
    await server();
    expect(await call('/forgot', 'token-of-asha')).toMatchObject({ status: 401 });
  });
});
